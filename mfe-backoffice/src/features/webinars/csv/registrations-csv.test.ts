import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { registration } from '../testing/webinar-fixtures';
import { buildRegistrationsCsv, csvField } from './registrations-csv';

const TEXT = IT_WEBINAR_BACKOFFICE.registrations;

describe('the registrants’ CSV', () => {
  it('quotes every field and doubles the quotes inside, keeping separators and line breaks in their field', () => {
    expect(csvField('Anna')).toBe('"Anna"');
    expect(csvField('Anna "la rossa"')).toBe('"Anna ""la rossa"""');
    expect(csvField('a;b\r\nc')).toBe('"a;b\r\nc"');
    expect(csvField('')).toBe('""');
  });

  it.each([['=HYPERLINK("http://x")'], ['+39 333'], ['-2+3'], ['@SUM(A1)'], ['\tnascosto'], ['\rnascosto']])(
    'turns «%s» into text with a leading apostrophe',
    (value) => {
      expect(csvField(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
    },
  );

  it('starts with the byte order mark and the header row, then a registration a line on the company’s clock, CRLF-ended', () => {
    const csv = buildRegistrationsCsv(
      [
        registration(1, { firstName: 'Anna', lastName: "D'Amico", email: 'anna@example.it', registeredAt: '2026-03-01T08:05:00.000Z' }),
        registration(2, {
          firstName: '=cmd',
          lastName: 'Rossi; Bianchi',
          email: 'mario@example.it',
          status: 'cancelled',
          registeredAt: '2026-07-01T22:30:00.000Z',
          cancelledAt: '2026-07-02T07:00:00.000Z',
        }),
      ],
      'Europe/Rome',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('"nome";"cognome";"e-mail";"iscritto il";"iscrizione";"annullata il"');
    expect(lines[1]).toBe(`"Anna";"D'Amico";"anna@example.it";"01/03/2026, 09:05";"${TEXT.statuses.registered}";""`);
    expect(lines[2]).toBe(`"'=cmd";"Rossi; Bianchi";"mario@example.it";"02/07/2026, 00:30";"${TEXT.statuses.cancelled}";"02/07/2026, 09:00"`);
    expect(lines.slice(3)).toEqual(['']);
  });

  it('is only the header row when nobody registered', () => {
    expect(buildRegistrationsCsv([], 'Europe/Rome')).toBe(`\uFEFF${TEXT.csv.headers.map((header) => `"${header}"`).join(';')}\r\n`);
  });
});

import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { reservation } from '../testing/agenda-fixtures';
import { buildAgendaCsv, csvField } from './agenda-csv';

describe('the agenda’s CSV', () => {
  it('quotes every field and doubles the quotes inside, keeping separators and line breaks in their field', () => {
    expect(csvField('Sala 1')).toBe('"Sala 1"');
    expect(csvField('Il "solito" cliente')).toBe('"Il ""solito"" cliente"');
    expect(csvField('a;b\r\nc')).toBe('"a;b\r\nc"');
    expect(csvField('')).toBe('""');
  });

  it('turns what a spreadsheet would run as a formula into text, but leaves phone numbers as they are', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvField('-2+3')).toBe('"\'-2+3"');
    expect(csvField('+39 333 123 4567')).toBe('"+39 333 123 4567"');
  });

  it('starts with the byte order mark and the header row, then an appointment a line on the company’s clock, CRLF-ended', () => {
    const csv = buildAgendaCsv(
      [
        reservation({
          startsAt: '2026-07-01T22:30:00.000Z',
          endsAt: '2026-07-01T23:00:00.000Z',
          customer: { name: 'Mario "Super" Rossi', email: 'mario@example.it', phone: '+393331234567', notes: 'Porta gli occhiali;\nquelli vecchi' },
          bookedByStaff: true,
        }),
        reservation({ status: 'no_show', topic: null, customer: { name: 'Anna', email: null, phone: null, notes: null } }),
      ],
      'Europe/Rome',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(IT_AGENDA.csv.headers.map((header) => `"${header}"`).join(';'));
    expect(lines[0]).toBe(
      '"data";"ora inizio";"ora fine";"punto vendita";"stanza";"argomento";"cliente";"e-mail";"telefono";"stato";"note";"prenotato da staff"',
    );
    expect(lines[1]).toBe(
      '"02/07/2026";"00:30";"01:00";"Milano Centro";"Sala Consulenza";"Consulenza occhiali";"Mario ""Super"" Rossi";"mario@example.it";"+393331234567";"Prenotato";"Porta gli occhiali;\nquelli vecchi";"sì"',
    );
    expect(lines[2]).toBe('"02/03/2026";"10:00";"10:30";"Milano Centro";"Sala Consulenza";"";"Anna";"";"";"Non presentato";"";"no"');
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('is only the header row when nothing matches', () => {
    expect(buildAgendaCsv([], 'Europe/Rome')).toBe(`\uFEFF${IT_AGENDA.csv.headers.map((header) => `"${header}"`).join(';')}\r\n`);
  });
});

import { parseCompanySettings } from './company';

describe('parseCompanySettings', () => {
  it('keeps every good field when another one is malformed', () => {
    expect(parseCompanySettings({ requirePhoneVerification: true, smsCountries: ['it', 7], welcomeTitle: 'Ciao' })).toEqual({
      requirePhoneVerification: true,
      welcomeTitle: 'Ciao',
    });
  });

  it.each([null, 'x', [], 42])('reads %j as no settings', (raw) => {
    expect(parseCompanySettings(raw)).toEqual({});
  });

  it('drops unknown keys', () => {
    expect(parseCompanySettings({ smsCountries: ['IT', 'SM'], other: 1 })).toEqual({ smsCountries: ['IT', 'SM'] });
  });
});

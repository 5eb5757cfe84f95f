import { isCap, isCodiceFiscale, isPartitaIva, isProvince, isSdiCode, PROVINCE_CODES, SDI_CODE_FOR_PEC } from './italian-tax';

describe('partita IVA', () => {
  it('accepts 11 digits whose last is the check digit of the first ten', () => {
    expect(isPartitaIva('01234567897')).toBe(true);
    expect(isPartitaIva('12345678903')).toBe(true);
    expect(isPartitaIva('07759250157')).toBe(true);
  });

  it('refuses every other last digit', () => {
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(isPartitaIva(`0123456789${digit}`)).toBe(digit === 7);
    }
  });

  it('refuses letters, spaces and 10 or 12 digits', () => {
    expect(isPartitaIva('0123456789A')).toBe(false);
    expect(isPartitaIva('IT01234567897')).toBe(false);
    expect(isPartitaIva(' 01234567897')).toBe(false);
    expect(isPartitaIva('0123456789')).toBe(false);
    expect(isPartitaIva('012345678970')).toBe(false);
    expect(isPartitaIva('')).toBe(false);
  });
});

describe('codice fiscale', () => {
  it("accepts a person's code with its check letter", () => {
    expect(isCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    expect(isCodiceFiscale('BNCLRA90A41F205I')).toBe(true);
  });

  it('accepts homocodes, digits replaced by the letters L to V, with their own check letter', () => {
    expect(isCodiceFiscale('RSSMRA85T10A56NH')).toBe(true);
    expect(isCodiceFiscale('RSSMRA85T10A5SNT')).toBe(true);
    // The same code with the unreplaced code's check letter is wrong.
    expect(isCodiceFiscale('RSSMRA85T10A56NS')).toBe(false);
  });

  it('refuses a wrong check letter', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const accepted = [...letters].filter((letter) => isCodiceFiscale(`RSSMRA85T10A562${letter}`));
    expect(accepted).toEqual(['S']);
  });

  it('refuses a month letter that is no month, lower case and wrong lengths', () => {
    expect(isCodiceFiscale('RSSMRA85F10A562S')).toBe(false);
    expect(isCodiceFiscale('rssmra85t10a562s')).toBe(false);
    expect(isCodiceFiscale('RSSMRA85T10A562')).toBe(false);
    expect(isCodiceFiscale('RSSMRA85T10A562SX')).toBe(false);
    expect(isCodiceFiscale('')).toBe(false);
  });

  it("accepts a company's 11 digits only with the partita IVA's check digit", () => {
    expect(isCodiceFiscale('01234567897')).toBe(true);
    expect(isCodiceFiscale('01234567898')).toBe(false);
    expect(isCodiceFiscale('0123456789')).toBe(false);
  });
});

describe('CAP, provincia, codice destinatario', () => {
  it('takes a CAP of exactly five digits', () => {
    expect(isCap('20121')).toBe(true);
    expect(isCap('00118')).toBe(true);
    expect(isCap('2012')).toBe(false);
    expect(isCap('201210')).toBe(false);
    expect(isCap('2012A')).toBe(false);
  });

  it("takes the sigle of Italy's provinces, upper case, and nothing else", () => {
    expect(isProvince('MI')).toBe(true);
    expect(isProvince('RM')).toBe(true);
    expect(isProvince('SU')).toBe(true);
    expect(isProvince('mi')).toBe(false);
    expect(isProvince('XX')).toBe(false);
    expect(isProvince('MIL')).toBe(false);
    expect(new Set(PROVINCE_CODES).size).toBe(PROVINCE_CODES.length);
    expect(PROVINCE_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it('takes a codice destinatario of seven capital letters or digits', () => {
    expect(isSdiCode('M5UXCR1')).toBe(true);
    expect(isSdiCode(SDI_CODE_FOR_PEC)).toBe(true);
    expect(isSdiCode('m5uxcr1')).toBe(false);
    expect(isSdiCode('M5UXCR')).toBe(false);
    expect(isSdiCode('M5UXCR12')).toBe(false);
    expect(isSdiCode('M5UX-R1')).toBe(false);
  });
});

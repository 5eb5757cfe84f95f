/*
 * The checks of Italian invoicing identifiers, the same in the API and in the forms: partita IVA
 * (11 digits, the last one a check digit), codice fiscale (a person's 16 characters with their
 * check letter, or a company's 11 digits, which follow the partita IVA's rule), CAP, provincia,
 * and the SdI's codice destinatario.
 */

/** Whether `value` is a partita IVA: 11 digits whose last is the check digit of the first ten. */
export function isPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    const digit = value.charCodeAt(index) - 48;
    if (index % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (sum % 10)) % 10 === value.charCodeAt(10) - 48;
}

/** The value of a character in an odd place (1st, 3rd, …) of a codice fiscale: digits as A to J. */
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** 0–9 for a digit, 0–25 for a letter. */
const rank = (char: string) => (char >= '0' && char <= '9' ? char.charCodeAt(0) - 48 : char.charCodeAt(0) - 65);

/**
 * A person's codice fiscale: six letters (surname, name), the year, the month's letter, the day
 * (plus 40 for women), the place's code, the check letter. Homocodes replace digits with the
 * letters L–V, so every digit place also takes those letters.
 */
const PERSON_CODE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** Whether `value` (upper case) is a codice fiscale: a person's 16 characters or a company's 11 digits. */
export function isCodiceFiscale(value: string): boolean {
  if (/^\d{11}$/.test(value)) return isPartitaIva(value);
  if (!PERSON_CODE.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 15; index += 1) {
    const char = value[index]!;
    sum += index % 2 === 0 ? ODD_VALUES[rank(char)]! : rank(char);
  }
  return String.fromCharCode(65 + (sum % 26)) === value[15];
}

/** Whether `value` is a CAP: five digits. */
export const isCap = (value: string) => /^\d{5}$/.test(value);

/**
 * The sigle of Italy's provinces and metropolitan cities, with those of the Sardinian provinces
 * since abolished that addresses still carry (CI, OG, OT, VS).
 */
// prettier-ignore
export const PROVINCE_CODES = [
  'AG', 'AL', 'AN', 'AO', 'AP', 'AQ', 'AR', 'AT', 'AV', 'BA', 'BG', 'BI', 'BL', 'BN', 'BO', 'BR', 'BS', 'BT', 'BZ', 'CA',
  'CB', 'CE', 'CH', 'CI', 'CL', 'CN', 'CO', 'CR', 'CS', 'CT', 'CZ', 'EN', 'FC', 'FE', 'FG', 'FI', 'FM', 'FR', 'GE', 'GO',
  'GR', 'IM', 'IS', 'KR', 'LC', 'LE', 'LI', 'LO', 'LT', 'LU', 'MB', 'MC', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NA', 'NO',
  'NU', 'OG', 'OR', 'OT', 'PA', 'PC', 'PD', 'PE', 'PG', 'PI', 'PN', 'PO', 'PR', 'PT', 'PU', 'PV', 'PZ', 'RA', 'RC', 'RE',
  'RG', 'RI', 'RM', 'RN', 'RO', 'SA', 'SI', 'SO', 'SP', 'SR', 'SS', 'SU', 'SV', 'TA', 'TE', 'TN', 'TO', 'TP', 'TR', 'TS',
  'TV', 'UD', 'VA', 'VB', 'VC', 'VE', 'VI', 'VR', 'VS', 'VT', 'VV',
] as const;

const PROVINCES: ReadonlySet<string> = new Set(PROVINCE_CODES);

export const isProvince = (value: string) => PROVINCES.has(value);

/** A company's codice destinatario on the SdI: seven capital letters or digits. */
export const isSdiCode = (value: string) => /^[A-Z0-9]{7}$/.test(value);

/** The codice destinatario of an invoice delivered by PEC instead (FatturaPA's rule). */
export const SDI_CODE_FOR_PEC = '0000000';

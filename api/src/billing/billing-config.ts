import { isCap, isCodiceFiscale, isPartitaIva, isProvince } from '@incontra/contracts/italian-tax';
import { ConfigError } from '../config/config';
import type { BillingSeller } from './documents/seller';

/** How the subscription is billed: VAT, the grace after a failed renewal, who sells (BILLING_*). */
export interface BillingConfig {
  /** BILLING_VAT_RATE: the VAT added to the plans' net prices, whole percent (22). */
  vatRate: number;
  /** BILLING_GRACE_DAYS: days a failed renewal stays `past_due` before the subscription is cancelled (7). */
  graceDays: number;
  /** BILLING_SELLER_*: the CedentePrestatore of every e-invoice and the header of every receipt. */
  seller: BillingSeller;
  /** SDI_PEC_*: the e-invoices sent to the SdI by PEC; null: kept for the admin to download and transmit. */
  sdi: SdiPecConfig | null;
}

/** The SdI's PEC channel: the seller's PEC mailbox (its SMTP server and address) and the SdI's address. */
export interface SdiPecConfig {
  /** SDI_PEC_SMTP_URL: the PEC provider's SMTP server with the mailbox's credentials, smtps://user:pass@host:465. */
  smtpUrl: string;
  /** SDI_PEC_FROM: the seller's PEC address, the sender the SdI answers. */
  from: string;
  /** SDI_PEC_TO: the SdI's address; sdi01@pec.fatturapa.it for a first file, then the one the SdI assigned. */
  to: string;
}

/** The SdI's address for a transmitter's first file by PEC. */
export const SDI_FIRST_PEC_ADDRESS = 'sdi01@pec.fatturapa.it';
const PEC_ADDRESS = /^[^\s@<>]{1,64}@[^\s@<>]{1,255}$/;

function readSdiPec(env: Readonly<Record<string, string | undefined>>): SdiPecConfig | null {
  const smtpUrl = env.SDI_PEC_SMTP_URL?.trim() || undefined;
  const from = env.SDI_PEC_FROM?.trim() || undefined;
  const to = env.SDI_PEC_TO?.trim() || SDI_FIRST_PEC_ADDRESS;
  if (smtpUrl === undefined && from === undefined) {
    if (env.SDI_PEC_TO?.trim())
      throw new ConfigError(['SDI_PEC_TO'], 'Invalid environment variable SDI_PEC_TO: set only with SDI_PEC_SMTP_URL and SDI_PEC_FROM');
    return null;
  }
  if (smtpUrl === undefined || from === undefined) {
    const missing = smtpUrl === undefined ? 'SDI_PEC_SMTP_URL' : 'SDI_PEC_FROM';
    throw new ConfigError([missing], `Invalid environment variable ${missing}: required with the other SDI_PEC_* variables`);
  }
  if (!/^smtps?:\/\//.test(smtpUrl) || !URL.canParse(smtpUrl))
    throw invalid('SDI_PEC_SMTP_URL', 'expected an smtp:// or smtps:// URL', smtpUrl.replace(/\/\/[^@/]*@/, '//…@'));
  if (!PEC_ADDRESS.test(from)) throw invalid('SDI_PEC_FROM', 'expected an e-mail address', from);
  if (!PEC_ADDRESS.test(to)) throw invalid('SDI_PEC_TO', 'expected an e-mail address', to);
  return { smtpUrl, from, to };
}

/*
 * The demo seller, coherent as the e-invoice needs it: a made-up partita IVA whose check digit is
 * right (also the codice fiscale, as for Italian companies), an address in Milan, the ordinary
 * tax regime. A real deployment sets every BILLING_SELLER_* variable.
 */
export const DEMO_SELLER: BillingSeller = {
  legalName: 'Incontra S.r.l.',
  vatNumber: '12345678903',
  taxCode: '12345678903',
  address: 'Via Dante 1',
  postalCode: '20121',
  city: 'Milano',
  province: 'MI',
  taxRegime: 'RF01',
};

const SELLER_VARIABLES = {
  legalName: 'BILLING_SELLER_NAME',
  vatNumber: 'BILLING_SELLER_VAT_NUMBER',
  taxCode: 'BILLING_SELLER_TAX_CODE',
  address: 'BILLING_SELLER_ADDRESS',
  postalCode: 'BILLING_SELLER_POSTAL_CODE',
  city: 'BILLING_SELLER_CITY',
  province: 'BILLING_SELLER_PROVINCE',
  taxRegime: 'BILLING_SELLER_TAX_REGIME',
} as const satisfies Record<keyof BillingSeller, string>;

/** What each seller field must be, as the FatturaPA takes it (lengths of its schema). */
const SELLER_CHECKS: Record<keyof BillingSeller, { valid: (value: string) => boolean; expected: string }> = {
  legalName: { valid: (value) => value.length <= 80, expected: 'expected at most 80 characters' },
  vatNumber: { valid: isPartitaIva, expected: 'expected a partita IVA (11 digits with its check digit)' },
  taxCode: { valid: isCodiceFiscale, expected: 'expected a codice fiscale (11 digits or 16 characters)' },
  address: { valid: (value) => value.length <= 60, expected: 'expected at most 60 characters' },
  postalCode: { valid: isCap, expected: 'expected a CAP (5 digits)' },
  city: { valid: (value) => value.length <= 60, expected: 'expected at most 60 characters' },
  province: { valid: isProvince, expected: 'expected a sigla di provincia (2 capital letters)' },
  taxRegime: { valid: (value) => /^RF(0[1-9]|1[0-9])$/.test(value), expected: 'expected a regime fiscale RF01 to RF19' },
};

const VAT_RATE_MAX = 100;
/** Every e-invoice of ours carries VAT: a 0 % rate would need a nature code (N1–N7) we do not write, so it is refused at start. */
const VAT_RATE_MIN = 1;
const GRACE_DAYS_MAX = 60;

function invalid(variable: string, text: string, got: string): ConfigError {
  return new ConfigError([variable], `Invalid environment variable ${variable}: ${text} (got "${got}")`);
}

function wholeNumber(env: Readonly<Record<string, string | undefined>>, variable: string, fallback: number, min: number, max: number): number {
  const raw = env[variable]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < min || Number(raw) > max) throw invalid(variable, `expected a whole number from ${min} to ${max}`, raw);
  return Number(raw);
}

/**
 * The billing configuration: the demo seller when no BILLING_SELLER_* variable is set, else all of
 * them (half a seller is an error naming what is missing; a malformed value names its variable).
 */
export function readBillingConfig(env: Readonly<Record<string, string | undefined>>): BillingConfig {
  const given = Object.fromEntries(Object.entries(SELLER_VARIABLES).map(([field, variable]) => [field, env[variable]?.trim() || undefined])) as Record<
    keyof BillingSeller,
    string | undefined
  >;
  const fields = Object.keys(SELLER_VARIABLES) as (keyof BillingSeller)[];
  const missing = fields.filter((field) => given[field] === undefined);
  let seller = DEMO_SELLER;
  if (missing.length < fields.length) {
    if (missing.length > 0) {
      const names = missing.map((field) => SELLER_VARIABLES[field]);
      throw new ConfigError(
        names,
        `Invalid environment variable ${names.map((name) => `${name}: required with the other BILLING_SELLER_* variables`).join('; ')}`,
      );
    }
    const normalised = { ...given, taxCode: given.taxCode!.toUpperCase(), province: given.province!.toUpperCase() } as BillingSeller;
    for (const field of fields) {
      if (!SELLER_CHECKS[field].valid(normalised[field])) throw invalid(SELLER_VARIABLES[field], SELLER_CHECKS[field].expected, normalised[field]);
    }
    seller = normalised;
  }
  return {
    vatRate: wholeNumber(env, 'BILLING_VAT_RATE', 22, VAT_RATE_MIN, VAT_RATE_MAX),
    graceDays: wholeNumber(env, 'BILLING_GRACE_DAYS', 7, 0, GRACE_DAYS_MAX),
    seller,
    sdi: readSdiPec(env),
  };
}

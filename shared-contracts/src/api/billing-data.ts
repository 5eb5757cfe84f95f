import * as z from 'zod/mini';
import { isCap, isCodiceFiscale, isPartitaIva, isProvince, isSdiCode } from '../italian-tax';
import { IT_BILLING_DATA } from '../messages/it-billing-data';

/*
 * GET and POST /api/subscription/billing: the company's Italian invoicing data, the buyer of every
 * invoice of its subscription (the FatturaPA's CessionarioCommittente). The lengths are the
 * FatturaPA's: Denominazione 80, Indirizzo and Comune 60.
 */

export const BILLING_LIMITS = { legalName: 80, address: 60, city: 60, pec: 256 } as const;

const V = IT_BILLING_DATA.validation;

/** Trimmed text of 1..max characters, `required` when empty, `tooLong` beyond. */
const text = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

/** Upper-cased and trimmed before the check, as people type codes in any case and with spaces. */
const code = (required: string) => z.string({ error: required }).check(z.trim(), z.toUpperCase());

export const billingDataSchema = z
  .object({
    /** Ragione sociale. */
    legalName: text(BILLING_LIMITS.legalName, V.legalNameRequired, V.legalNameTooLong(BILLING_LIMITS.legalName)),
    /** Partita IVA, 11 digits with its check digit (Italian companies only). */
    vatNumber: z.string({ error: V.vatNumberInvalid }).check(z.trim(), z.refine(isPartitaIva, V.vatNumberInvalid)),
    /** Codice fiscale: a company's 11 digits (often its partita IVA) or a sole trader's 16 characters. */
    taxCode: code(V.taxCodeInvalid).check(z.refine(isCodiceFiscale, V.taxCodeInvalid)),
    address: text(BILLING_LIMITS.address, V.addressRequired, V.addressTooLong(BILLING_LIMITS.address)),
    /** CAP, five digits. */
    postalCode: z.string({ error: V.postalCodeInvalid }).check(z.trim(), z.refine(isCap, V.postalCodeInvalid)),
    city: text(BILLING_LIMITS.city, V.cityRequired, V.cityTooLong(BILLING_LIMITS.city)),
    /** Sigla della provincia, two letters. */
    province: code(V.provinceInvalid).check(z.refine(isProvince, V.provinceInvalid)),
    /** Codice destinatario SdI (7 characters), or '' when invoices go to the PEC. */
    sdiCode: code(V.sdiCodeInvalid).check(z.refine((value) => value === '' || isSdiCode(value), V.sdiCodeInvalid)),
    /** PEC address, or '' when the codice destinatario is given. */
    pec: z.string({ error: V.pecInvalid }).check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(BILLING_LIMITS.pec, V.pecInvalid),
      z.refine((value) => value === '' || z.safeParse(z.email(), value).success, V.pecInvalid),
    ),
  })
  .check(
    z.superRefine((data, ctx) => {
      if (data.sdiCode === '' && data.pec === '') {
        ctx.addIssue({ code: 'custom', input: data.sdiCode, path: ['sdiCode'], message: V.sdiCodeOrPec });
      }
    }),
  );
export type BillingData = z.infer<typeof billingDataSchema>;

/** GET /api/subscription/billing: the saved data, or null before the admin has written them. */
export const billingDataAnswerSchema = z.object({ billing: z.nullable(billingDataSchema) });
export type BillingDataAnswer = z.infer<typeof billingDataAnswerSchema>;

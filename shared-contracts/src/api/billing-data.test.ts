import * as z from 'zod/mini';
import { IT_BILLING_DATA } from '../messages/it-billing-data';
import { BILLING_LIMITS, billingDataAnswerSchema, billingDataSchema } from './billing-data';

const V = IT_BILLING_DATA.validation;

const valid = {
  legalName: 'Rossi & Figli S.r.l.',
  vatNumber: '01234567897',
  taxCode: '01234567897',
  address: 'Via Roma 1',
  postalCode: '20121',
  city: 'Milano',
  province: 'MI',
  sdiCode: 'M5UXCR1',
  pec: '',
};

/** The messages of a refused body, by field. */
function refusals(body: unknown): Record<string, string[]> {
  const result = z.safeParse(billingDataSchema, body);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    (byField[field] ??= []).push(issue.message);
  }
  return byField;
}

describe('billing data', () => {
  it('accepts valid data unchanged', () => {
    expect(z.parse(billingDataSchema, valid)).toEqual(valid);
  });

  it('trims every field, upper-cases the codes and lower-cases the PEC', () => {
    const parsed = z.parse(billingDataSchema, {
      legalName: '  Rossi & Figli S.r.l. ',
      vatNumber: ' 01234567897 ',
      taxCode: ' rssmra85t10a562s ',
      address: ' Via Roma 1 ',
      postalCode: ' 20121 ',
      city: ' Milano ',
      province: ' mi ',
      sdiCode: ' m5uxcr1 ',
      pec: ' Fatture@PEC.Example.IT ',
    });
    expect(parsed).toEqual({
      legalName: 'Rossi & Figli S.r.l.',
      vatNumber: '01234567897',
      taxCode: 'RSSMRA85T10A562S',
      address: 'Via Roma 1',
      postalCode: '20121',
      city: 'Milano',
      province: 'MI',
      sdiCode: 'M5UXCR1',
      pec: 'fatture@pec.example.it',
    });
  });

  it.each([
    ['legalName', '   ', V.legalNameRequired],
    ['legalName', 'x'.repeat(BILLING_LIMITS.legalName + 1), V.legalNameTooLong(BILLING_LIMITS.legalName)],
    ['vatNumber', '01234567898', V.vatNumberInvalid],
    ['vatNumber', '0123456789', V.vatNumberInvalid],
    ['taxCode', 'RSSMRA85T10A562X', V.taxCodeInvalid],
    ['taxCode', '', V.taxCodeInvalid],
    ['address', '', V.addressRequired],
    ['address', 'x'.repeat(BILLING_LIMITS.address + 1), V.addressTooLong(BILLING_LIMITS.address)],
    ['postalCode', '2012', V.postalCodeInvalid],
    ['city', ' ', V.cityRequired],
    ['city', 'x'.repeat(BILLING_LIMITS.city + 1), V.cityTooLong(BILLING_LIMITS.city)],
    ['province', 'XX', V.provinceInvalid],
    ['sdiCode', 'ABC', V.sdiCodeInvalid],
    ['pec', 'non-una-pec', V.pecInvalid],
    ['pec', `${'x'.repeat(BILLING_LIMITS.pec)}@pec.it`, V.pecInvalid],
  ])('refuses %s %j with its Italian message', (field, value, message) => {
    expect(refusals({ ...valid, [field]: value })).toEqual({ [field]: [message] });
  });

  it('answers each missing field with its own message', () => {
    const messages = refusals({ sdiCode: 'M5UXCR1', pec: '' });
    expect(messages).toEqual({
      legalName: [V.legalNameRequired],
      vatNumber: [V.vatNumberInvalid],
      taxCode: [V.taxCodeInvalid],
      address: [V.addressRequired],
      postalCode: [V.postalCodeInvalid],
      city: [V.cityRequired],
      province: [V.provinceInvalid],
    });
  });

  it('needs the codice destinatario or the PEC, and takes either alone', () => {
    expect(refusals({ ...valid, sdiCode: '  ', pec: '' })).toEqual({ sdiCode: [V.sdiCodeOrPec] });
    expect(refusals({ ...valid, sdiCode: '', pec: 'fatture@pec.example.it' })).toEqual({});
    expect(refusals({ ...valid, sdiCode: 'M5UXCR1', pec: '' })).toEqual({});
  });

  it("takes a sole trader's personal codice fiscale beside the partita IVA", () => {
    expect(refusals({ ...valid, taxCode: 'RSSMRA85T10A562S' })).toEqual({});
  });

  it('answers null before the data are written', () => {
    expect(z.parse(billingDataAnswerSchema, { billing: null })).toEqual({ billing: null });
    expect(z.parse(billingDataAnswerSchema, { billing: valid })).toEqual({ billing: valid });
  });
});

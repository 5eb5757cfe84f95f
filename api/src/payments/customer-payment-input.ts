import { CUSTOMER_PAYMENT_PURPOSES, type CreateCustomerPayment } from './customer-payments';

/** Bounds of what a domain may ask of either adapter (its own contracts bound them tighter). */
export const CUSTOMER_PAYMENT_LIMITS = { amountMax: 100_000_000, referenceMax: 200, descriptionMax: 500, emailMax: 254, keyMax: 200 } as const;

/** A domain's mistake (never a customer's input, which its own schema checked): a RangeError. */
export function checkCreateInput(input: CreateCustomerPayment): void {
  const limits = CUSTOMER_PAYMENT_LIMITS;
  if (!Number.isInteger(input.amount) || input.amount < 1 || input.amount > limits.amountMax)
    throw new RangeError('amount: whole euro cents, 1 to 100,000,000');
  if (!CUSTOMER_PAYMENT_PURPOSES.includes(input.purpose)) throw new RangeError(`purpose: one of ${CUSTOMER_PAYMENT_PURPOSES.join(', ')}`);
  if (input.reference.length < 1 || input.reference.length > limits.referenceMax) throw new RangeError('reference: 1 to 200 characters');
  if (input.description.length < 1 || input.description.length > limits.descriptionMax) throw new RangeError('description: 1 to 500 characters');
  if (input.receiptEmail !== null && input.receiptEmail.length > limits.emailMax) throw new RangeError('receiptEmail: at most 254 characters');
  checkKey(input.idempotencyKey);
}

/** An idempotency key (Stripe takes 255 characters; ours get a prefix). */
export function checkKey(key: string): void {
  if (key.length < 1 || key.length > CUSTOMER_PAYMENT_LIMITS.keyMax) throw new RangeError('idempotencyKey: 1 to 200 characters');
}

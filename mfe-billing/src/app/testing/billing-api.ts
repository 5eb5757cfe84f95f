import type { BillingData } from '@incontra/contracts/api/billing-data';
import type { Card, Invoice, Plan, Subscription } from '@incontra/contracts/api/subscription';
import { TEST_USER, testSubscription } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';

type Handler = FakeReply | ((request: { url: string; init: RequestInit; body: unknown }) => FakeReply);

export const BASIC: Plan = { id: 'basic', name: 'Basic', price: 2900, usersLimit: 3, rooms: 2, trialDays: 0 };
export const PRO: Plan = { id: 'pro', name: 'Pro', price: 4900, usersLimit: -1, rooms: -1, trialDays: 0 };
export const PRO_TRIAL: Plan = { id: 'pro-trial', name: 'Pro (prova)', price: 4900, usersLimit: 5, rooms: -1, trialDays: 14 };

export const VISA: Card = { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 };

export const BILLING_DATA: BillingData = {
  legalName: 'Demo S.r.l.',
  vatNumber: '01234567897',
  taxCode: '01234567897',
  address: 'Via Roma 1',
  postalCode: '20121',
  city: 'Milano',
  province: 'MI',
  sdiCode: 'ABC1234',
  pec: '',
};

export const PAID_INVOICE: Invoice = {
  id: '0b8f7e6d-5c4b-4a39-8281-7f6e5d4c3b2a',
  number: '2026-000012',
  issuedAt: '2026-11-01T09:00:00Z',
  description: 'Abbonamento Pro',
  periodStart: '2026-11-01T09:00:00Z',
  periodEnd: '2026-12-01T09:00:00Z',
  amount: { net: 4900, vat: 1078, total: 5978 },
  status: 'paid',
  failureMessage: null,
  paidAt: '2026-11-01T09:00:00Z',
  receiptUrl: '/api/payments/company/0b8f7e6d-5c4b-4a39-8281-7f6e5d4c3b2a/receipt.pdf',
  eInvoice: { fileName: 'IT01234567897_00012.xml', url: '/api/payments/company/0b8f7e6d-5c4b-4a39-8281-7f6e5d4c3b2a/fattura.xml' },
};

/** Demo's subscription as the page tests start from: on Pro, active, both plans on sale. */
export function billingSubscription(over: Partial<Subscription> = {}): Subscription {
  return testSubscription({
    plan: PRO,
    status: 'active',
    currentPeriodEndsAt: '2026-12-01T09:00:00Z',
    plans: [BASIC, PRO],
    ...over,
  });
}

export interface BillingApiState {
  subscription?: Subscription;
  card?: Card | null;
  billing?: BillingData | null;
  invoices?: Invoice[];
  role?: 'admin' | 'operator';
}

/** The billing pages' fake API: every read they make answered; `extra` adds or replaces lines (the writes a test looks at). */
export function serveBilling(state: BillingApiState = {}, extra: Record<string, Handler> = {}): jest.Mock {
  return mockFetch({
    'GET /api/me': { status: 200, body: { ...TEST_USER, role: state.role ?? 'admin' } },
    'GET /api/subscription': { status: 200, body: state.subscription ?? billingSubscription() },
    'GET /api/subscription/payment': { status: 200, body: { card: state.card === undefined ? VISA : state.card } },
    'GET /api/subscription/billing': { status: 200, body: { billing: state.billing === undefined ? BILLING_DATA : state.billing } },
    'GET /api/payments/company': { status: 200, body: { invoices: state.invoices ?? [PAID_INVOICE] } },
    ...extra,
  });
}

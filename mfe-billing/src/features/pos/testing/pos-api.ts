import type { PaymentAccount } from '@incontra/contracts/api/customer-payments';
import type { PosCreated, PosCreateForm, PosDailyTotal, PosList, PosPayment } from '@incontra/contracts/api/pos';
import type { FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { serveBilling } from '../../../app/testing/billing-api';

type Handler = FakeReply | ((request: { url: string; init: RequestInit; body: unknown }) => FakeReply);

export const CENTRO = { id: '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c', name: 'Milano Centro' };
export const NAVIGLI = { id: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d', name: 'Milano Navigli' };

export const TEST_FORM: PosCreateForm = { stores: [CENTRO, NAVIGLI], paymentMode: 'test', canTakePayments: true, expiryHours: 24 };

/** A request of Milano Centro, unpaid, as the detail answers it (its QR code included). */
export function posPayment(over: Partial<PosPayment> = {}): PosPayment {
  const id = over.id ?? '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
  return {
    id,
    storeId: CENTRO.id,
    storeName: CENTRO.name,
    amount: 2500,
    description: 'Taglio e piega',
    email: null,
    phone: null,
    status: 'requested',
    createdAt: '2026-11-28T09:30:00Z',
    expiresAt: '2026-11-29T09:30:00Z',
    paidAt: null,
    cancelledAt: null,
    createdBy: 'Mario Rossi',
    link: 'https://demo.example/pagamento/tok_abc123',
    qrCode: 'data:image/png;base64,iVBORw0KGgo=',
    last4: null,
    ...over,
  };
}

/** The create call's answer for `payment`: with what became of its SMS (null: no phone given). */
export function posCreated(payment: PosPayment, sms: PosCreated['sms'] = null): PosCreated {
  return { ...payment, sms };
}

/** The same request paid with the test card. */
export function paidPayment(over: Partial<PosPayment> = {}): PosPayment {
  return posPayment({ status: 'paid', paidAt: '2026-11-28T09:35:00Z', last4: '4242', ...over });
}

/** A list page of these requests (no QR codes in a list), with these daily totals. */
export function posList(items: PosPayment[], dailyTotals: PosDailyTotal[] = [], over: Partial<PosList> = {}): PosList {
  return { items: items.map((item) => ({ ...item, qrCode: null })), total: items.length, page: 1, pageSize: 20, dailyTotals, ...over };
}

export interface PosApiState {
  role?: 'admin' | 'operator';
  form?: PosCreateForm;
  list?: PosList;
  account?: PaymentAccount;
  expiryHours?: number;
}

/** The point of sale page's fake API: every read it makes answered; `extra` adds or replaces lines (the writes a test looks at). */
export function servePos(state: PosApiState = {}, extra: Record<string, Handler> = {}): jest.Mock {
  return serveBilling(
    { role: state.role },
    {
      'GET /api/pos/create': { status: 200, body: state.form ?? TEST_FORM },
      'GET /api/pos/payment': { status: 200, body: state.list ?? posList([posPayment()]) },
      'GET /api/pos/settings': { status: 200, body: { expiryHours: state.expiryHours ?? 24 } },
      'GET /api/payments/account': {
        status: 200,
        body: state.account ?? { paymentMode: 'test', canTakePayments: true, accountId: null, detailsSubmitted: false },
      },
      ...extra,
    },
  );
}

import type { PosRequestView } from '@incontra/contracts/api/pos';

export const TOKEN = 'tok_Abc123';
export const PAGE_PATH = `/pagamento/${TOKEN}`;

/** A request of 25,00 € to pay, in test mode, unless `over` says otherwise. */
export function requestView(over: Partial<PosRequestView> = {}): PosRequestView {
  return {
    companyName: 'Ottica Rossi',
    storeName: 'Via Roma',
    amount: 2500,
    description: 'Montatura Aria',
    status: 'requested',
    expiresAt: '2026-03-03T09:30:00.000Z',
    paidAt: null,
    paymentMode: 'test',
    payment: { clientSecret: 'tpay_1_secret_x', publishableKey: null, stripeAccount: null },
    ...over,
  };
}

export const PAID = requestView({ status: 'paid', paidAt: '2026-03-02T14:05:00.000Z', payment: null });

type Handler = (event: unknown) => void;

export interface FakeStripeConfirmations {
  /** Answers `stripe.confirmPayment` (a payment on a PaymentIntent). */
  confirmPayment?: jest.Mock;
  /** Answers `stripe.confirmSetup` (a card saved on a SetupIntent). */
  confirmSetup?: jest.Mock;
}

/**
 * A stand-in for Stripe.js (which loads from Stripe's servers, unreachable here): enough of
 * `stripe.elements()` for `<Elements>` and `<PaymentElement>` to mount, the element ready at once,
 * and the confirmations answering what the test gives them. `S` is the caller's Stripe type (the
 * kit does not import @stripe): `fakeStripe<Stripe>({ confirmSetup })`.
 */
export function fakeStripe<S>({ confirmPayment = jest.fn(), confirmSetup = jest.fn() }: FakeStripeConfirmations) {
  const handlers = new Map<string, Handler>();
  const element = {
    mount: jest.fn(() => queueMicrotask(() => handlers.get('ready')?.({ elementType: 'payment' }))),
    destroy: jest.fn(),
    update: jest.fn(),
    on: jest.fn((event: string, handler: Handler) => handlers.set(event, handler)),
    off: jest.fn((event: string) => handlers.delete(event)),
  };
  const elements = { create: jest.fn(() => element), getElement: jest.fn(() => element), update: jest.fn(), submit: jest.fn() };
  const stripe = {
    elements: jest.fn(() => elements),
    createToken: jest.fn(),
    createPaymentMethod: jest.fn(),
    confirmCardPayment: jest.fn(),
    confirmPayment,
    confirmSetup,
  };
  return { stripe: stripe as unknown as S, elements, element };
}

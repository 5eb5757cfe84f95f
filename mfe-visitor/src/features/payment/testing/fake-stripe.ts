import type { Stripe } from '@stripe/stripe-js';

type Handler = (event: unknown) => void;

/**
 * A stand-in for Stripe.js (which loads from Stripe's servers, unreachable here): enough of
 * `stripe.elements()` for `<Elements>` and `<PaymentElement>` to mount, the element ready at once,
 * and `confirmPayment` answering what the test gives it.
 */
export function fakeStripe(confirmPayment: jest.Mock) {
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
  };
  return { stripe: stripe as unknown as Stripe, elements, element };
}

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Stripe } from '@stripe/stripe-js';
import type { StoreConfig } from '@incontra/contracts/api/stores';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { ROUTES } from '@incontra/contracts/routes';
import { fakeStripe } from '@incontra/mfe-kit/testing/fake-stripe';
import { callsTo } from '../../live/testing/render-live';
import { loadStripeLazily } from '../../payment/stripe/load-stripe';
import {
  atBookingTime,
  BOOK_PATH,
  created,
  freeSlots,
  MANAGE_TOKEN,
  NOW,
  RESERVATION_ID,
  RESERVATION_PATH,
  reservation,
  SLOTS_PATH,
  STORE,
  STORE_ID,
  TOPIC_ID,
} from '../testing/booking-fixtures';
import { chooseTopicAndTime, fillDetails, renderVisitorPage } from '../testing/render-booking';

// Stripe.js loads from Stripe's servers: the step gets the payment pages' stand-in.
jest.mock('../../payment/stripe/load-stripe', () => ({ ...jest.requireActual('../../payment/stripe/load-stripe'), loadStripeLazily: jest.fn() }));

const P = IT_PAID_BOOKING.page;
const loadStripe = loadStripeLazily as jest.MockedFunction<typeof loadStripeLazily>;
const VERIFY_PATH = `GET /api/reservations/${RESERVATION_ID}/payment`;
const HOLD_ENDS = new Date(NOW.getTime() + 15 * 60_000).toISOString();
const MANAGE_URL = `${ROUTES.manageBooking}/${RESERVATION_ID}?token=${MANAGE_TOKEN}`;
const PRICED: StoreConfig = { ...STORE, topics: STORE.topics.map((topic) => (topic.id === TOPIC_ID ? { ...topic, price: 4500 } : topic)) };
const heldOnStripe = () => ({
  ...created({ status: 'held', changeableUntil: null, payment: { status: 'pending', amount: 4500, holdExpiresAt: HOLD_ENDS } }),
  checkout: { clientSecret: 'pi_7_secret_8', publishableKey: 'pk_test_456', stripeAccount: 'acct_demo', amount: 4500, holdExpiresAt: HOLD_ENDS },
});
const booked = () => created({ payment: { status: 'paid', amount: 4500, holdExpiresAt: null } }).reservation;

async function bookPricedOnStripe(handlers: Parameters<typeof renderVisitorPage>[1]) {
  const user = userEvent.setup();
  const rendered = renderVisitorPage(
    `/prenota?store=${STORE_ID}`,
    { [SLOTS_PATH]: { status: 200, body: freeSlots() }, [BOOK_PATH]: { status: 201, body: heldOnStripe() }, ...handlers },
    { store: PRICED },
  );
  await screen.findByRole('button', { name: /Consulenza occhiali/ });
  await chooseTopicAndTime(user, { topic: /Consulenza occhiali/ });
  await fillDetails(user);
  await user.click(screen.getByRole('button', { name: IT_BOOKING_PAGES.details.submit }));
  await screen.findByRole('heading', { level: 2, name: P.stepTitle });
  return { user, ...rendered };
}

beforeEach(() => loadStripe.mockReset());

describe('the booking’s payment step with Stripe', () => {
  atBookingTime();

  it('offers Stripe’s Payment Element on the company’s account, confirms back to the manage page, settles with the API and shows the confirmation', async () => {
    const confirmPayment = jest.fn(async () => ({ paymentIntent: { id: 'pi_7', status: 'succeeded' } }));
    const { stripe, element } = fakeStripe<Stripe>({ confirmPayment });
    loadStripe.mockResolvedValue(stripe);
    const { user, fetchMock } = await bookPricedOnStripe({ [VERIFY_PATH]: { status: 200, body: { reservation: booked(), checkout: null } } });

    expect(screen.queryByText(P.stripeUnavailable)).not.toBeInTheDocument();
    const pay = await screen.findByRole('button', { name: P.pay('45,00 €') });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(loadStripe).toHaveBeenCalledWith('pk_test_456', 'acct_demo');
    expect(stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_7_secret_8', locale: 'it' }));
    expect(element.mount).toHaveBeenCalled();
    // No test card form: Stripe's alone.
    expect(screen.queryByRole('textbox', { name: /carta/i })).not.toBeInTheDocument();

    await user.click(pay);
    expect(await screen.findByTestId('booking-confirmation')).toBeInTheDocument();
    expect(confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ redirect: 'if_required', confirmParams: { return_url: `${window.location.origin}${MANAGE_URL}` } }),
    );
    const [verify, ...more] = callsTo(fetchMock, VERIFY_PATH);
    expect(more).toEqual([]);
    expect(verify!.headers.authorization).toBe(`Bearer ${MANAGE_TOKEN}`);
  });

  it('shows Stripe’s refusal with the focus and asks the API nothing', async () => {
    const confirmPayment = jest.fn(async () => ({ error: { type: 'card_error', message: 'La tua carta è stata rifiutata.' } }));
    const { stripe } = fakeStripe<Stripe>({ confirmPayment });
    loadStripe.mockResolvedValue(stripe);
    const { user, fetchMock } = await bookPricedOnStripe({});
    const pay = await screen.findByRole('button', { name: P.pay('45,00 €') });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('La tua carta è stata rifiutata.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(callsTo(fetchMock, VERIFY_PATH)).toEqual([]);
    expect(screen.getByTestId('payment-step')).toBeInTheDocument();
  });

  it('says when the payment is not seen yet, and the hold still runs', async () => {
    const { stripe } = fakeStripe<Stripe>({ confirmPayment: jest.fn(async () => ({ paymentIntent: { id: 'pi_7', status: 'processing' } })) });
    loadStripe.mockResolvedValue(stripe);
    const held = heldOnStripe();
    const { user } = await bookPricedOnStripe({ [VERIFY_PATH]: { status: 200, body: { reservation: held.reservation, checkout: held.checkout } } });
    const pay = await screen.findByRole('button', { name: P.pay('45,00 €') });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByText(P.notPaidYet)).toBeInTheDocument();
    expect(screen.queryByTestId('booking-confirmation')).not.toBeInTheDocument();
  });

  it('offers a retry when Stripe.js does not come', async () => {
    loadStripe.mockResolvedValue(null);
    await bookPricedOnStripe({});
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_PAYMENT_PAGES.page.stripeUnavailable);
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});

describe('the manage page back from a bank’s page', () => {
  atBookingTime();

  it('settles the payment with GET …/payment first, shows the reservation it answers, and drops Stripe’s parameters', async () => {
    const { fetchMock } = renderVisitorPage(
      `${MANAGE_URL}&payment_intent=pi_7&payment_intent_client_secret=pi_7_secret_8&redirect_status=succeeded`,
      { [VERIFY_PATH]: { status: 200, body: { reservation: reservation(), checkout: null } }, [RESERVATION_PATH]: { status: 200, body: reservation() } },
      { store: null },
    );
    expect(await screen.findByTestId('appointment-summary')).toBeInTheDocument();
    expect(screen.getByText(IT_BOOKING_PAGES.manage.status.booked)).toBeInTheDocument();
    expect(callsTo(fetchMock, VERIFY_PATH)).toHaveLength(1);
    expect(callsTo(fetchMock, VERIFY_PATH)[0]!.headers.authorization).toBe(`Bearer ${MANAGE_TOKEN}`);
    await waitFor(() => expect(window.location.search).toBe(`?token=${MANAGE_TOKEN}`));
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('shows the reservation as it stands when the settle fails', async () => {
    const held = heldOnStripe().reservation;
    const { fetchMock } = renderVisitorPage(
      `${MANAGE_URL}&payment_intent=pi_7&redirect_status=succeeded`,
      {
        [VERIFY_PATH]: { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'no' } },
        [RESERVATION_PATH]: { status: 200, body: held },
      },
      { store: null },
    );
    expect(await screen.findByTestId('appointment-summary')).toBeInTheDocument();
    expect(callsTo(fetchMock, RESERVATION_PATH).length).toBeGreaterThanOrEqual(1);
    await waitFor(() => expect(window.location.search).toBe(`?token=${MANAGE_TOKEN}`));
  });
});

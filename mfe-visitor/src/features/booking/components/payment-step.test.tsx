import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoreConfig } from '@incontra/contracts/api/stores';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { callsTo } from '../../live/testing/render-live';
import {
  atBookingTime,
  BOOK_PATH,
  created,
  freeSlots,
  MANAGE_TOKEN,
  NOW,
  RESERVATION_ID,
  SLOTS_PATH,
  STORE,
  STORE_ID,
  TOPIC_ID,
} from '../testing/booking-fixtures';
import { chooseTopicAndTime, fillDetails, renderVisitorPage } from '../testing/render-booking';

const P = IT_PAID_BOOKING.page;
const C = IT_BILLING_PAGES.card;
const PAY_PATH = 'POST /api/payments/test/pay';
const VERIFY_PATH = `GET /api/reservations/${RESERVATION_ID}/payment`;
const HOLD_ENDS = new Date(NOW.getTime() + 15 * 60_000).toISOString();
const PRICED: StoreConfig = { ...STORE, topics: STORE.topics.map((topic) => (topic.id === TOPIC_ID ? { ...topic, price: 4500 } : topic)) };
const held = () => ({
  ...created({ status: 'held', changeableUntil: null, payment: { status: 'pending', amount: 4500, holdExpiresAt: HOLD_ENDS } }),
  checkout: { clientSecret: 'tcpi_secret_1', publishableKey: null, stripeAccount: null, amount: 4500, holdExpiresAt: HOLD_ENDS },
});

async function bookPriced(handlers: Parameters<typeof renderVisitorPage>[1]) {
  const user = userEvent.setup();
  const rendered = renderVisitorPage(
    `/prenota?store=${STORE_ID}`,
    { [SLOTS_PATH]: { status: 200, body: freeSlots() }, [BOOK_PATH]: { status: 201, body: held() }, ...handlers },
    { store: PRICED },
  );
  expect(await screen.findByRole('button', { name: /Consulenza occhiali/ })).toHaveTextContent(P.price('45,00 €'));
  await chooseTopicAndTime(user, { topic: /Consulenza occhiali/ });
  await fillDetails(user);
  await user.click(screen.getByRole('button', { name: IT_BOOKING_PAGES.details.submit }));
  await screen.findByRole('heading', { level: 2, name: P.stepTitle });
  return { user, ...rendered };
}

async function typeCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: C.number }), '4242 4242 4242 4242');
  await user.type(screen.getByRole('textbox', { name: C.expiry }), '12/30');
  await user.type(screen.getByRole('textbox', { name: C.cvc }), '123');
  await user.click(screen.getByRole('button', { name: P.pay('45,00 €') }));
}

describe('booking a priced topic', () => {
  atBookingTime();

  it('holds the time while the customer pays with the test card, then shows the confirmation', async () => {
    const booked = created({ payment: { status: 'paid', amount: 4500, holdExpiresAt: null } }).reservation;
    const { user, fetchMock } = await bookPriced({
      [PAY_PATH]: { status: 200, body: { status: 'succeeded' } },
      [VERIFY_PATH]: { status: 200, body: { reservation: booked, checkout: null } },
    });
    expect(screen.getByText(P.lead('45,00 €'))).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(P.timeLeft('15 minuti'));
    await typeCard(user);
    expect(await screen.findByTestId('booking-confirmation')).toBeInTheDocument();
    const [payment] = callsTo(fetchMock, PAY_PATH);
    expect(payment!.body).toMatchObject({ clientSecret: 'tcpi_secret_1', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' });
    const [verify] = callsTo(fetchMock, VERIFY_PATH);
    expect(verify!.headers.authorization).toBe(`Bearer ${MANAGE_TOKEN}`);
  });

  it('says the hold is over when the API no longer holds it, and leads back to the calendar', async () => {
    const expired = created({ status: 'expired', changeableUntil: null, payment: { status: 'canceled', amount: 4500, holdExpiresAt: null } }).reservation;
    const { user } = await bookPriced({
      [PAY_PATH]: { status: 200, body: { status: 'succeeded' } },
      [VERIFY_PATH]: { status: 200, body: { reservation: expired, checkout: null } },
    });
    await typeCard(user);
    expect(await screen.findByText(P.expired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: P.chooseAgain }));
    await waitFor(() => expect(screen.queryByTestId('payment-step')).not.toBeInTheDocument());
    expect(screen.queryByTestId('booking-confirmation')).not.toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { ROUTES } from '@incontra/contracts/routes';
import { expectHeadingsInOrder } from '@incontra/mfe-kit/testing/heading-order';
import { callsTo } from '../../live/testing/render-live';
import { atBookingTime, BOOK_PATH, created, MANAGE_TOKEN, RESERVATION_ID, SLOTS_PATH, freeSlots, slotTaken, STORE_ID } from '../testing/booking-fixtures';
import { chooseTopicAndTime, fillDetails, renderVisitorPage } from '../testing/render-booking';

const P = IT_BOOKING_PAGES;
const CONFIRM_PATH = 'POST /api/reservations/confirm';
const REQUEST_ID = '0b9c8d7e-6f5a-4b3c-8d2e-1f0a9b8c7d6e';
const CONFIRM_URL = `${ROUTES.booking}/conferma?richiesta=${REQUEST_ID}&token=link-token-42`;
/** 202 while the store's breaker is on: nothing booked, the link valid until 09:30 in Rome (NOW is 09:00). */
const PENDING = { confirmationRequired: true, email: 'mario.rossi@example.it', expiresAt: '2026-03-02T08:30:00.000Z' };

const refusal = (status: number, message: string) => ({ status, body: { statusCode: status, error: 'Refused', message } });

describe('booking waiting for the e-mail confirmation', () => {
  atBookingTime();

  it('says to open the e-mailed link, until when, and that the time is not held, its heading taking the focus', async () => {
    const user = userEvent.setup();
    renderVisitorPage(`/prenota?store=${STORE_ID}`, { [SLOTS_PATH]: { status: 200, body: freeSlots() }, [BOOK_PATH]: { status: 202, body: PENDING } });
    await chooseTopicAndTime(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: P.details.submit }));

    expect(await screen.findByRole('heading', { level: 2, name: P.emailCheck.title })).toHaveFocus();
    const step = screen.getByTestId('booking-email-check');
    expect(within(step).getByText(P.emailCheck.lead('mario.rossi@example.it'))).toBeInTheDocument();
    expect(within(step).getByText(P.emailCheck.validity(30, '09:30'))).toBeInTheDocument();
    expect(within(step).getByText(P.emailCheck.notHeld)).toBeInTheDocument();
    // Nothing is booked: no confirmation, no manage link, and the form is gone.
    expect(screen.queryByTestId('booking-confirmation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: P.details.submit })).not.toBeInTheDocument();
  });
});

describe('confirmation link page', () => {
  atBookingTime();

  it('confirms once with the link’s request and token, then shows the booking’s confirmation and manage link', async () => {
    const { fetchMock } = renderVisitorPage(CONFIRM_URL, { [CONFIRM_PATH]: { status: 201, body: created() } }, { store: null });
    expect(await screen.findByRole('heading', { level: 1, name: P.confirmation.title })).toHaveFocus();
    expect(screen.getByTestId('appointment-summary')).toHaveTextContent('martedì 3 marzo 2026, 10:30');
    expect(screen.getByText(P.confirmation.lead('mario.rossi@example.it'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: P.confirmation.manage })).toHaveAttribute(
      'href',
      `${ROUTES.manageBooking}/${RESERVATION_ID}?token=${MANAGE_TOKEN}`,
    );
    expect(callsTo(fetchMock, CONFIRM_PATH).map((call) => call.body)).toEqual([{ confirmation: REQUEST_ID, token: 'link-token-42' }]);
    expect(screen.getByRole('heading', { level: 2, name: P.confirmation.addToCalendar })).toBeInTheDocument();
    expectHeadingsInOrder();
  });

  it.each([
    ['a wrong link (404)', refusal(404, IT_BOOKING.errors.confirmationNotFound), IT_BOOKING.errors.confirmationNotFound],
    ['an expired link (409)', refusal(409, IT_BOOKING.errors.confirmationExpired), IT_BOOKING.errors.confirmationExpired],
    ['a time taken meanwhile (409)', slotTaken([]), IT_BOOKING.errors.slotUnavailable],
  ])('says so for %s, with the way back to booking and no retry', async (_case, reply, message) => {
    const { fetchMock } = renderVisitorPage(CONFIRM_URL, { [CONFIRM_PATH]: reply }, { store: null });
    expect(await screen.findByRole('heading', { level: 1, name: P.confirmLink.failedTitle })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: P.confirmLink.bookAgain })).toHaveAttribute('href', ROUTES.booking);
    expect(screen.queryByTestId('booking-confirmation')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, CONFIRM_PATH)).toHaveLength(1);
  });

  it('asks nothing of the API when the link lost its token', async () => {
    const { fetchMock } = renderVisitorPage(`${ROUTES.booking}/conferma?richiesta=${REQUEST_ID}`, {}, { store: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_BOOKING.errors.confirmationNotFound);
    expect(callsTo(fetchMock, CONFIRM_PATH)).toHaveLength(0);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { callsTo } from '../../live/testing/render-live';
import { BOOK_PATH, created, freeSlots, atBookingTime, SLOTS_PATH, slotTaken, STORE_ID } from '../testing/booking-fixtures';
import { chooseTopicAndTime, detailsFields, fillDetails, renderVisitorPage } from '../testing/render-booking';

const P = IT_BOOKING_PAGES;
const TAKEN = '2026-03-03T09:30:00.000Z';

describe('booking, a time taken meanwhile', () => {
  atBookingTime();

  it('says so, keeps what was typed, offers the nearest free times, and books the one picked', async () => {
    const user = userEvent.setup();
    const alternatives = [
      { startsAt: '2026-03-03T09:00:00.000Z', date: '2026-03-03', time: '10:00' },
      { startsAt: '2026-03-03T10:00:00.000Z', date: '2026-03-03', time: '11:00' },
      { startsAt: '2026-03-05T14:00:00.000Z', date: '2026-03-05', time: '15:00' },
    ];
    const bookings = [slotTaken(alternatives), { status: 201, body: created({ startsAt: '2026-03-03T10:00:00.000Z', endsAt: '2026-03-03T10:30:00.000Z' }) }];
    let slotReads = 0;
    const { fetchMock } = renderVisitorPage(`/prenota?store=${STORE_ID}`, {
      // Somebody books 10:30 while the visitor types: the calendar read again no longer has it.
      [SLOTS_PATH]: () => ({ status: 200, body: freeSlots((slotReads += 1) === 1 ? [] : [TAKEN]) }),
      [BOOK_PATH]: () => bookings.shift()!,
    });
    await chooseTopicAndTime(user, { time: '10:30' });
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: P.details.submit }));

    const notice = await screen.findByTestId('slot-taken');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent(IT_BOOKING.errors.slotUnavailable);
    const offered = await within(notice).findAllByRole('button');
    expect(offered.map((button) => button.getAttribute('aria-label'))).toEqual([
      'martedì 3 marzo 2026, 10:00',
      'martedì 3 marzo 2026, 11:00',
      'giovedì 5 marzo 2026, 15:00',
    ]);
    const fields = detailsFields();
    expect(fields.firstName).toHaveValue('Mario');
    expect(fields.lastName).toHaveValue('Rossi');
    expect(fields.email).toHaveValue('mario.rossi@example.it');
    expect(fields.phone).toHaveValue('333 123 4567');
    expect(fields.notes).toHaveValue('Porto le vecchie lenti.');
    expect(fields.consent).toBeChecked();

    await user.click(within(notice).getByRole('button', { name: 'martedì 3 marzo 2026, 11:00' }));
    expect(screen.queryByTestId('slot-taken')).not.toBeInTheDocument();
    expect(screen.getByText('martedì 3 marzo 2026, 11:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: P.details.submit })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: P.details.submit }));

    expect(await screen.findByRole('heading', { level: 2, name: P.confirmation.title })).toBeInTheDocument();
    const sent = callsTo(fetchMock, BOOK_PATH);
    expect(sent.map((call) => (call.body as { startsAt: string }).startsAt)).toEqual([TAKEN, '2026-03-03T10:00:00.000Z']);
    expect((sent[1]?.body as { firstName: string }).firstName).toBe('Mario');
    // Other data, another attempt: a new Idempotency-Key.
    expect(sent[1]?.headers['idempotency-key']).not.toBe(sent[0]?.headers['idempotency-key']);
  });

  it('sends the visitor back to the calendar when nothing near is free', async () => {
    const user = userEvent.setup();
    let slotReads = 0;
    renderVisitorPage(`/prenota?store=${STORE_ID}`, {
      [SLOTS_PATH]: () => ({ status: 200, body: (slotReads += 1) === 1 ? freeSlots() : { timeZone: 'Europe/Rome', days: [] } }),
      [BOOK_PATH]: slotTaken([]),
    });
    await chooseTopicAndTime(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: P.details.submit }));
    const notice = await screen.findByTestId('slot-taken');
    await waitFor(() => expect(notice).toHaveTextContent(P.slotTaken.noAlternatives));
    await user.click(within(notice).getByRole('button', { name: P.slotTaken.backToCalendar }));
    expect(await screen.findByText(P.slot.noFreeDays(60))).toBeInTheDocument();
  });
});

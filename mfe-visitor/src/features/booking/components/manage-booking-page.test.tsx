import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { ROUTES } from '@incontra/contracts/routes';
import { expectHeadingsInOrder } from '@incontra/mfe-kit/testing/heading-order';
import { callsTo } from '../../live/testing/render-live';
import {
  CANCEL_PATH,
  freeSlots,
  atBookingTime,
  ICS_PATH,
  MANAGE_TOKEN,
  MOVE_PATH,
  RESERVATION_ID,
  RESERVATION_PATH,
  reservation,
  SLOTS_PATH,
  slotTaken,
  STORE_ID,
  TOPIC_ID,
} from '../testing/booking-fixtures';
import { renderVisitorPage, slotQueries } from '../testing/render-booking';

const P = IT_BOOKING_PAGES;
const M = P.manage;
const MANAGE_URL = `${ROUTES.manageBooking}/${RESERVATION_ID}?token=${MANAGE_TOKEN}`;
const BEARER = `Bearer ${MANAGE_TOKEN}`;

/** A Blob's text (jsdom's Blob has no text()). */
function textOf(blob: Blob): Promise<unknown> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(blob);
  });
}

function renderManage(handlers: Parameters<typeof renderVisitorPage>[1], path = MANAGE_URL) {
  return renderVisitorPage(path, handlers, { store: null });
}

describe('manage booking page', () => {
  atBookingTime();

  it('shows the appointment read with the link’s token: status, what, where, when, and until when it can change', async () => {
    const { fetchMock } = renderManage({ [RESERVATION_PATH]: { status: 200, body: reservation() } });
    expect(await screen.findByRole('heading', { level: 1, name: M.title })).toBeInTheDocument();
    const summary = await screen.findByTestId('appointment-summary');
    expect(within(summary).getByText(M.status.booked)).toBeInTheDocument();
    expect(within(summary).getByText('Consulenza occhiali')).toBeInTheDocument();
    // The e-mails' one sentence: day, time, length and time zone.
    expect(within(summary).getByText('martedì 3 marzo 2026, 10:30 · 30 minuti (fuso orario Europe/Rome)')).toBeInTheDocument();
    expect(within(summary).getByText('Demo · Milano Centro')).toBeInTheDocument();
    expect(summary).not.toHaveTextContent('Via Dante');
    expect(screen.getByText(M.changeableUntil('martedì 3 marzo 2026, 08:30'))).toBeInTheDocument();
    expect(callsTo(fetchMock, RESERVATION_PATH)[0]?.headers.authorization).toBe(BEARER);
    // Its sections (adding to the calendar) sit one level under the page's h1.
    expect(screen.getByRole('heading', { level: 2, name: P.confirmation.addToCalendar })).toBeInTheDocument();
    expectHeadingsInOrder();
  });

  it('cancels after asking, with «No, tienila» focused first', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderManage({
      [RESERVATION_PATH]: { status: 200, body: reservation() },
      [CANCEL_PATH]: { status: 200, body: reservation({ status: 'cancelled', changeableUntil: null }) },
    });
    await user.click(await screen.findByRole('button', { name: M.cancel }));
    const dialog = await screen.findByRole('dialog', { name: M.cancelDialogTitle });
    expect(dialog).toHaveTextContent(M.cancelDialogText('martedì 3 marzo 2026, 10:30'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: M.cancelKeep })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: M.cancelKeep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, CANCEL_PATH)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: M.cancel }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: M.cancelConfirm }));
    const outcome = await screen.findByTestId('manage-outcome');
    expect(outcome).toHaveTextContent(M.cancelled);
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(within(screen.getByTestId('appointment-summary')).getByText(M.status.cancelled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.cancel })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.move })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, CANCEL_PATH)[0]?.headers.authorization).toBe(BEARER);
  });

  it('keeps the dialog open with the API’s reason when it refuses to cancel', async () => {
    const user = userEvent.setup();
    const reason = IT_BOOKING.errors.cutoffPassed('2 ore');
    renderManage({
      [RESERVATION_PATH]: { status: 200, body: reservation() },
      [CANCEL_PATH]: { status: 409, body: { statusCode: 409, error: 'Conflict', message: reason } },
    });
    await user.click(await screen.findByRole('button', { name: M.cancel }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: M.cancelConfirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('moves the appointment to a time chosen in the same calendar, for the reservation’s topic', async () => {
    const user = userEvent.setup();
    const moved = reservation({
      startsAt: '2026-03-05T14:00:00.000Z',
      endsAt: '2026-03-05T14:30:00.000Z',
      changeableUntil: '2026-03-05T12:00:00.000Z',
      sequence: 1,
    });
    const { fetchMock } = renderManage({
      [RESERVATION_PATH]: { status: 200, body: reservation() },
      [SLOTS_PATH]: { status: 200, body: freeSlots() },
      [MOVE_PATH]: { status: 200, body: moved },
    });
    await user.click(await screen.findByRole('button', { name: M.move }));
    expect(await screen.findByRole('heading', { name: M.moveTitle })).toHaveFocus();
    expect(screen.getByRole('button', { name: M.moveConfirm })).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'giovedì 5 marzo 2026' }));
    await user.click(screen.getByRole('radio', { name: '15:00' }));
    expectHeadingsInOrder();
    await user.click(screen.getByRole('button', { name: M.moveConfirm }));

    expect(await screen.findByTestId('manage-outcome')).toHaveTextContent(M.moved('giovedì 5 marzo 2026, 15:00'));
    expect(
      within(screen.getByTestId('appointment-summary')).getByText('giovedì 5 marzo 2026, 15:00 · 30 minuti (fuso orario Europe/Rome)'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('move-panel')).not.toBeInTheDocument();
    expect(slotQueries(fetchMock)).toEqual([{ topic: TOPIC_ID, from: '2026-03-02', to: '2026-04-30' }]);
    expect(callsTo(fetchMock, `GET /api/config/store/${STORE_ID}/slots`)).toHaveLength(1);
    expect(callsTo(fetchMock, MOVE_PATH).map((call) => [call.body, call.headers.authorization])).toEqual([[{ startsAt: '2026-03-05T14:00:00.000Z' }, BEARER]]);
  });

  it('offers the nearest free times when the new time was taken meanwhile', async () => {
    const user = userEvent.setup();
    const taken = '2026-03-03T10:00:00.000Z';
    const alternatives = [
      { startsAt: '2026-03-03T09:00:00.000Z', date: '2026-03-03', time: '10:00' },
      { startsAt: '2026-03-05T14:00:00.000Z', date: '2026-03-05', time: '15:00' },
    ];
    const moves = [slotTaken(alternatives), { status: 200, body: reservation({ startsAt: '2026-03-05T14:00:00.000Z', endsAt: '2026-03-05T14:30:00.000Z' }) }];
    let slotReads = 0;
    const { fetchMock } = renderManage({
      [RESERVATION_PATH]: { status: 200, body: reservation() },
      // The reservation's own time (10:30) is held by it; 11:00 goes while the customer chooses.
      [SLOTS_PATH]: () => ({ status: 200, body: freeSlots((slotReads += 1) === 1 ? ['2026-03-03T09:30:00.000Z'] : ['2026-03-03T09:30:00.000Z', taken]) }),
      [MOVE_PATH]: () => moves.shift()!,
    });
    await user.click(await screen.findByRole('button', { name: M.move }));
    await user.click(await screen.findByRole('button', { name: 'martedì 3 marzo 2026' }));
    await user.click(screen.getByRole('radio', { name: '11:00' }));
    await user.click(screen.getByRole('button', { name: M.moveConfirm }));

    const notice = await screen.findByTestId('slot-taken');
    expect(notice).toHaveTextContent(IT_BOOKING.errors.slotUnavailable);
    const offered = await within(notice).findAllByRole('button');
    expect(offered.map((button) => button.getAttribute('aria-label'))).toEqual(['martedì 3 marzo 2026, 10:00', 'giovedì 5 marzo 2026, 15:00']);
    // The calendar was read again: the taken time is no longer offered there.
    expect(screen.queryByRole('radio', { name: '11:00' })).not.toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'giovedì 5 marzo 2026, 15:00' }));
    await waitFor(() => expect(screen.getByRole('button', { name: M.moveConfirm })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: M.moveConfirm }));
    expect(await screen.findByTestId('manage-outcome')).toHaveTextContent(M.moved('giovedì 5 marzo 2026, 15:00'));
    expect(callsTo(fetchMock, MOVE_PATH).map((call) => call.body)).toEqual([{ startsAt: taken }, { startsAt: '2026-03-05T14:00:00.000Z' }]);
  });

  it('says the appointment can no longer be changed after the cut-off, and offers no change', async () => {
    renderManage({ [RESERVATION_PATH]: { status: 200, body: reservation({ changeableUntil: '2026-03-02T07:00:00.000Z' }) } });
    expect(await screen.findByTestId('not-changeable')).toHaveTextContent(M.notChangeable);
    expect(screen.queryByRole('button', { name: M.cancel })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.move })).not.toBeInTheDocument();
  });

  it('says a cancelled reservation was cancelled, with a way to book again', async () => {
    renderManage({ [RESERVATION_PATH]: { status: 200, body: reservation({ status: 'cancelled', changeableUntil: null }) } });
    expect(await screen.findByText(M.cancelledNotice)).toBeInTheDocument();
    expect(within(screen.getByTestId('appointment-summary')).getByText(M.status.cancelled)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: M.bookAgain })).toHaveAttribute('href', `${ROUTES.booking}?store=${STORE_ID}`);
    expect(screen.queryByRole('button', { name: IT_BOOKING_PAGES.confirmation.downloadIcs })).not.toBeInTheDocument();
  });

  it('downloads the calendar file with the token in the header', async () => {
    const user = userEvent.setup();
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const saved: { name: string; href: string }[] = [];
    const files: Blob[] = [];
    const createObjectURL = (file: Blob) => {
      files.push(file);
      return 'blob:appuntamento';
    };
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const { fetchMock } = renderManage({ [RESERVATION_PATH]: { status: 200, body: reservation() }, [ICS_PATH]: { status: 200, body: ics } });
    await user.click(await screen.findByRole('button', { name: IT_BOOKING_PAGES.confirmation.downloadIcs }));

    await waitFor(() => expect(saved).toEqual([{ name: IT_BOOKING_PAGES.calendarFileName, href: 'blob:appuntamento' }]));
    expect(callsTo(fetchMock, ICS_PATH)[0]?.headers.authorization).toBe(BEARER);
    expect(files[0]?.type).toBe('text/calendar;charset=utf-8');
    // The fake API answers JSON: the file holds the text the API sent.
    expect(await textOf(files[0]!)).toBe(JSON.stringify(ics));
  });

  it('says the link is not valid when the token is wrong', async () => {
    renderManage({ [RESERVATION_PATH]: { status: 404, body: { statusCode: 404, error: 'Not Found', message: IT_BOOKING.errors.reservationNotFound } } });
    expect(await screen.findByRole('heading', { level: 1, name: M.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByTestId('manage-link-invalid')).toHaveTextContent(M.notFoundText);
  });

  it('asks for the e-mail’s link when the address has no token, without calling the API', async () => {
    const { fetchMock } = renderManage({}, `${ROUTES.manageBooking}/${RESERVATION_ID}`);
    expect(await screen.findByTestId('manage-link-invalid')).toHaveTextContent(IT_BOOKING.errors.tokenRequired);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

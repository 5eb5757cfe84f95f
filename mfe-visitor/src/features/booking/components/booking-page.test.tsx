import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDEMPOTENCY_KEY } from '@incontra/contracts/api/reservations';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { ROUTES } from '@incontra/contracts/routes';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { expectHeadingsInOrder } from '@incontra/mfe-kit/testing/heading-order';
import { callsTo } from '../../live/testing/render-live';
import { roomTexts } from '../../texts/testing/room-texts';
import {
  BOOK_PATH,
  created,
  freeSlots,
  atBookingTime,
  MANAGE_TOKEN,
  RESERVATION_ID,
  RESERVATION_PATH,
  setBrowserTimeZone,
  SLOTS_PATH,
  STORE,
  STORE_ID,
  TOPIC_ID,
} from '../testing/booking-fixtures';
import { chooseTopicAndTime, detailsFields, fillDetails, renderVisitorPage, slotQueries, stepHeading } from '../testing/render-booking';

const P = IT_BOOKING_PAGES;
const V = IT_BOOKING.validation;
const SLOTS = { status: 200, body: freeSlots() };

describe('booking page', () => {
  atBookingTime();

  it('goes through topic, date and time, and personal data, then confirms what, where and when', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderVisitorPage(`/prenota?store=${STORE_ID}`, { [SLOTS_PATH]: SLOTS, [BOOK_PATH]: { status: 201, body: created() } });

    // 1. The topic, among the store's.
    expect(await screen.findByRole('heading', { level: 1, name: IT.visitor.bookingTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: stepHeading(1, 'Argomento') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lenti a contatto' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Consulenza occhiali' }));

    // 2. The calendar of the horizon: only days with free times can be chosen.
    const slotHeading = await screen.findByRole('heading', { level: 2, name: stepHeading(2, 'Data e ora') });
    expect(slotHeading).toHaveFocus();
    const tuesday = await screen.findByRole('button', { name: 'martedì 3 marzo 2026' });
    expect(tuesday).toBeEnabled();
    expect(screen.getByRole('button', { name: 'mercoledì 4 marzo 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'lunedì 2 marzo 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'giovedì 5 marzo 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: IT.visitor.continue })).toBeDisabled();
    // Today and the 59 days after it (the default horizon), on the company's clock.
    expect(slotQueries(fetchMock)).toEqual([{ topic: TOPIC_ID, from: '2026-03-02', to: '2026-04-30' }]);
    expect(callsTo(fetchMock, SLOTS_PATH)[0]?.headers['x-origin']).toBe(window.location.origin);

    await user.click(tuesday);
    expect(tuesday).toHaveAttribute('aria-pressed', 'true');
    const times = screen.getByRole('region', { name: P.slot.timesOf('martedì 3 marzo 2026') });
    expect(
      within(times)
        .getAllByRole('radio')
        .map((time) => time.textContent),
    ).toEqual(['10:00', '10:30', '11:00']);
    await user.click(within(times).getByRole('radio', { name: '10:30' }));
    await user.click(screen.getByRole('button', { name: IT.visitor.continue }));

    // 3. Personal data, checked with the contract's Italian messages before anything is sent.
    expect(await screen.findByRole('heading', { level: 2, name: stepHeading(3, 'Dati personali') })).toHaveFocus();
    expect(screen.getByText('martedì 3 marzo 2026, 10:30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: P.details.submit }));
    const fields = detailsFields();
    expect(fields.firstName).toHaveAccessibleDescription(V.firstName);
    expect(fields.lastName).toHaveAccessibleDescription(V.lastName);
    expect(fields.email).toHaveAccessibleDescription(V.email);
    expect(fields.phone).toHaveAccessibleDescription(V.phone);
    expect(screen.getByText(V.privacyConsent)).toBeInTheDocument();
    expect(fields.firstName).toHaveFocus();
    await user.type(fields.email, 'mario@');
    await user.click(screen.getByRole('button', { name: P.details.submit }));
    expect(fields.email).toHaveAccessibleDescription(V.email);
    await user.clear(fields.email);
    expect(callsTo(fetchMock, BOOK_PATH)).toHaveLength(0);

    await fillDetails(user);
    expect(screen.queryByText(V.privacyConsent)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: P.details.submit }));

    // The confirmation, with the way into a calendar and to the manage page.
    expect(await screen.findByRole('heading', { level: 2, name: P.confirmation.title })).toHaveFocus();
    // Under the step's h2, its section «Aggiungi al calendario» is an h3.
    expect(screen.getByRole('heading', { level: 3, name: P.confirmation.addToCalendar })).toBeInTheDocument();
    expectHeadingsInOrder();
    const [booking] = callsTo(fetchMock, BOOK_PATH);
    expect(booking?.body).toEqual({
      store: STORE_ID,
      topic: TOPIC_ID,
      startsAt: '2026-03-03T09:30:00.000Z',
      firstName: 'Mario',
      lastName: 'Rossi',
      email: 'mario.rossi@example.it',
      phone: '333 123 4567',
      notes: 'Porto le vecchie lenti.',
      privacyConsent: true,
    });
    expect(booking?.headers['idempotency-key']).toMatch(IDEMPOTENCY_KEY);

    const summary = screen.getByTestId('appointment-summary');
    expect(within(summary).getByText('Consulenza occhiali')).toBeInTheDocument();
    // A video call: its day, time, length and time zone, and whom it is with; no address, which would read as a visit.
    expect(within(summary).getByText(P.summary.videoCall)).toBeInTheDocument();
    // The e-mails' one sentence: day, time, length and time zone.
    expect(within(summary).getByText('martedì 3 marzo 2026, 10:30 · 30 minuti (fuso orario Europe/Rome)')).toBeInTheDocument();
    expect(within(summary).getByText('Demo · Milano Centro')).toBeInTheDocument();
    expect(summary).not.toHaveTextContent('Via Dante');
    // The appointment is tomorrow: the way into the call is there, not open yet.
    expect(screen.getByRole('button', { name: P.join.enter })).toBeDisabled();
    expect(screen.getByTestId('join-countdown')).toHaveTextContent(P.join.opensIn('1 giorno'));
    expect(screen.getByText(P.confirmation.lead('mario.rossi@example.it'))).toBeInTheDocument();

    // The customer's own join link, with its token.
    const JOIN_LINK = `${window.location.origin}${ROUTES.live}?appuntamento=${RESERVATION_ID}&token=gettone-cliente`;
    const google = screen.getByRole('link', { name: new RegExp(P.confirmation.googleCalendar) });
    const googleUrl = new URL(google.getAttribute('href') ?? '');
    expect(`${googleUrl.origin}${googleUrl.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(googleUrl.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Consulenza occhiali · Demo',
      dates: '20260303T093000Z/20260303T100000Z',
      details: `${IT_BOOKING.mail.join(15)} ${JOIN_LINK}`,
      location: JOIN_LINK,
    });
    expect(google).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: P.confirmation.manage })).toHaveAttribute(
      'href',
      `${ROUTES.manageBooking}/${RESERVATION_ID}?token=${MANAGE_TOKEN}`,
    );
  });

  it('reads the calendar afresh when the move panel opens after booking: the time just booked is taken', async () => {
    const user = userEvent.setup();
    let booked = false;
    const { fetchMock } = renderVisitorPage(`/prenota?store=${STORE_ID}`, {
      [SLOTS_PATH]: () => ({ status: 200, body: freeSlots(booked ? ['2026-03-03T09:30:00.000Z'] : []) }),
      [BOOK_PATH]: () => {
        booked = true;
        return { status: 201, body: created() };
      },
      [RESERVATION_PATH]: { status: 200, body: created().reservation },
    });
    await chooseTopicAndTime(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: P.details.submit }));
    await user.click(await screen.findByRole('link', { name: P.confirmation.manage }));
    await user.click(await screen.findByRole('button', { name: P.manage.move }));
    const times = await screen.findByRole('radiogroup', { name: P.slot.timesOf('martedì 3 marzo 2026') });
    expect(
      within(times)
        .getAllByRole('radio')
        .map((time) => time.textContent),
    ).toEqual(['10:00', '11:00']);
    expect(slotQueries(fetchMock)).toHaveLength(2);
  });

  it('sends a retry of the same data with the same Idempotency-Key, and changed data with a new one', async () => {
    const user = userEvent.setup();
    const replies = [{ status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: IT.errors.unavailable } }];
    const { fetchMock } = renderVisitorPage(`/prenota?store=${STORE_ID}`, {
      [SLOTS_PATH]: SLOTS,
      [BOOK_PATH]: () => replies.shift() ?? { status: 400, body: { statusCode: 400, error: 'Bad Request', message: V.phone, field: 'phone' } },
    });
    await chooseTopicAndTime(user);
    await fillDetails(user);
    const submit = screen.getByRole('button', { name: P.details.submit });

    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(IT.errors.unavailable);
    await user.click(submit);
    // The API's refusal naming the phone goes under the phone field.
    await waitFor(() => expect(detailsFields().phone).toHaveAccessibleDescription(V.phone));
    await user.type(detailsFields().phone, '0');
    await user.click(submit);
    await waitFor(() => expect(callsTo(fetchMock, BOOK_PATH)).toHaveLength(3));

    const keys = callsTo(fetchMock, BOOK_PATH).map((call) => call.headers['idempotency-key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[2]).toMatch(IDEMPOTENCY_KEY);
  });

  it('puts a refusal for too many bookings under the e-mail field', async () => {
    const user = userEvent.setup();
    renderVisitorPage(`/prenota?store=${STORE_ID}`, {
      [SLOTS_PATH]: SLOTS,
      [BOOK_PATH]: { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: IT_BOOKING.errors.tooManyForEmail, field: 'email' } },
    });
    await chooseTopicAndTime(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: P.details.submit }));
    await waitFor(() => expect(detailsFields().email).toHaveAccessibleDescription(IT_BOOKING.errors.tooManyForEmail));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps what was typed when going back to the calendar, and the chosen time', async () => {
    const user = userEvent.setup();
    renderVisitorPage(`/prenota?store=${STORE_ID}`, { [SLOTS_PATH]: SLOTS });
    await chooseTopicAndTime(user);
    await user.type(detailsFields().firstName, 'Mario');
    await user.click(screen.getByRole('button', { name: P.back }));
    expect(await screen.findByRole('heading', { level: 2, name: stepHeading(2, 'Data e ora') })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '10:30' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: IT.visitor.continue }));
    expect(await screen.findByRole('textbox', { name: P.details.firstName })).toHaveValue('Mario');
  });

  it('says so when the store has no topics to book', async () => {
    renderVisitorPage(`/prenota?store=${STORE_ID}`, {}, { store: { ...STORE, topics: [] } });
    expect(await screen.findByText(P.topic.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Consulenza occhiali' })).not.toBeInTheDocument();
  });

  it('says so when no day of the horizon has a free time, with the company’s horizon', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderVisitorPage(
      `/prenota?store=${STORE_ID}`,
      { [SLOTS_PATH]: { status: 200, body: { timeZone: 'Europe/Rome', days: [] } } },
      { company: { settings: { bookingHorizonDays: 90 } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Consulenza occhiali' }));
    expect(await screen.findByText(P.slot.noFreeDays(90))).toBeInTheDocument();
    // 90 days are asked in two spans: the API answers at most 62 at once.
    expect(slotQueries(fetchMock).map(({ from, to }) => [from, to])).toEqual([
      ['2026-03-02', '2026-05-02'],
      ['2026-05-03', '2026-05-30'],
    ]);
  });

  it('opens the date step on the first free day, its times shown, with the appointment’s length', async () => {
    const user = userEvent.setup();
    renderVisitorPage(`/prenota?store=${STORE_ID}`, { [SLOTS_PATH]: SLOTS });
    await user.click(await screen.findByRole('button', { name: 'Consulenza occhiali' }));
    expect(await screen.findByTestId('call-length')).toHaveTextContent(P.slot.callLength('30 minuti'));
    expect(screen.getByRole('button', { name: 'martedì 3 marzo 2026' })).toHaveAttribute('aria-pressed', 'true');
    const times = screen.getByRole('radiogroup', { name: P.slot.timesOf('martedì 3 marzo 2026') });
    expect(
      within(times)
        .getAllByRole('radio')
        .map((time) => time.textContent),
    ).toEqual(['10:00', '10:30', '11:00']);
    // Shown is not chosen: the visitor still picks the time.
    expect(within(times).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: IT.visitor.continue })).toBeDisabled();
  });

  it('opens on the month of the first free day when the current one has none left', async () => {
    const user = userEvent.setup();
    // Today's month holds nothing free: the first free day is in the next month.
    const april = { timeZone: 'Europe/Rome', days: [{ date: '2026-04-07', slots: [{ startsAt: '2026-04-07T07:00:00.000Z', time: '09:00', remaining: 1 }] }] };
    renderVisitorPage(`/prenota?store=${STORE_ID}`, { [SLOTS_PATH]: { status: 200, body: april } });
    await user.click(await screen.findByRole('button', { name: 'Consulenza occhiali' }));
    expect(await screen.findByRole('table', { name: 'aprile 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'martedì 7 aprile 2026' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radiogroup', { name: P.slot.timesOf('martedì 7 aprile 2026') })).toHaveTextContent('09:00');
    await user.click(screen.getByRole('button', { name: P.slot.previousMonth }));
    expect(screen.getByRole('table', { name: 'marzo 2026' })).toBeInTheDocument();
  });

  it('gives the shortest and the longest length when the topic’s rooms differ, and counts only rooms that take appointments', async () => {
    const user = userEvent.setup();
    const room = (id: string, slotDuration: number, reservationSlots = 1) => ({ ...STORE.rooms[0]!, id, slotDuration, reservationSlots });
    const rooms = [
      room('9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e51', 20),
      room('9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e52', 90),
      room('9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e53', 5, 0),
    ];
    // A topic naming no room is served by every room of the store.
    const store = { ...STORE, rooms, topics: [{ id: TOPIC_ID, name: 'Consulenza occhiali', roomIds: [], price: null }] };
    renderVisitorPage(`/prenota?store=${STORE_ID}`, { [SLOTS_PATH]: SLOTS }, { store });
    await user.click(await screen.findByRole('button', { name: 'Consulenza occhiali' }));
    expect(await screen.findByTestId('call-length')).toHaveTextContent(P.slot.callLengthBetween('20 minuti', '1 ora e 30 minuti'));
  });

  it('says the times are on the company’s clock when the browser’s differs', async () => {
    const user = userEvent.setup();
    setBrowserTimeZone('America/New_York');
    renderVisitorPage(`/prenota?store=${STORE_ID}`, { [SLOTS_PATH]: SLOTS });
    await user.click(await screen.findByRole('button', { name: 'Consulenza occhiali' }));
    expect(await screen.findByText(P.slot.timeZoneNote('Europe/Rome'))).toBeInTheDocument();
  });

  it('says nothing about the clock when the browser’s is the company’s', async () => {
    const user = userEvent.setup();
    renderVisitorPage(`/prenota?store=${STORE_ID}`, { [SLOTS_PATH]: SLOTS });
    await user.click(await screen.findByRole('button', { name: 'Consulenza occhiali' }));
    expect(await screen.findByRole('button', { name: 'martedì 3 marzo 2026' })).toBeInTheDocument();
    expect(screen.queryByTestId('time-zone-note')).not.toBeInTheDocument();
  });

  it('asks for the store first when the company has several and the link names none', async () => {
    const user = userEvent.setup();
    const roma = { id: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e02', name: 'Roma Termini', address: 'Piazza dei Cinquecento', wall: null };
    renderVisitorPage(
      '/prenota',
      {
        'GET /api/config/company': {
          status: 200,
          body: { id: TEST_COMPANY.id, name: 'Demo', stores: [{ ...STORE, rooms: undefined, topics: undefined }, roma] },
        },
        [`GET /api/config/store/${roma.id}`]: { status: 200, body: { ...roma, rooms: [], topics: [{ id: TOPIC_ID, name: 'Occhiali da sole', roomIds: [] }] } },
      },
      { store: null },
    );
    expect(await screen.findByRole('heading', { level: 2, name: P.store.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Roma Termini/ }));
    expect(await screen.findByRole('button', { name: 'Occhiali da sole' })).toBeInTheDocument();
    expect(screen.getByText(`${IT.visitor.storeLabel}: Roma Termini`)).toBeInTheDocument();
    expect(window.location.search).toBe(`?store=${roma.id}`);
  });

  it('titles the page in the words of the store’s room', async () => {
    renderVisitorPage(`/prenota?store=${STORE_ID}`, {}, { translations: roomTexts('it', { bookingTitle: 'Fissa un appuntamento' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fissa un appuntamento' })).toBeInTheDocument();
  });

  it('answers an unknown visitor path with the not-found texts', () => {
    renderVisitorPage('/pagina-che-non-esiste', {});
    expect(screen.getByRole('heading', { name: IT.shell.notFoundHeading })).toBeInTheDocument();
  });
});

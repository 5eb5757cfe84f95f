import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { IT_WEBINAR_LIVE } from '@incontra/contracts/messages/it-webinar-live';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { webinarJoinSchema } from '@incontra/contracts/api/webinars';
import { expectHeadingsInOrder } from '@incontra/mfe-kit/testing/heading-order';
import { readWebinarJoin } from '@incontra/mfe-kit/webinar-join-handoff';
import {
  atWebinarTime,
  BEARER,
  callsTo,
  CANCEL_PATH,
  ICS_PATH,
  JOIN,
  JOIN_OPENS_AT,
  JOIN_PATH,
  REGISTRATION_ID,
  REGISTRATION_PATH,
  REGISTRATION_URL,
  refusal,
  registration,
  renderWebinarPage,
  WEBINAR_ID,
} from '../testing/webinar-fixtures';

const T = IT_WEBINAR_PAGES.registration;
const MINUTE = 60_000;

/** A Blob's text (jsdom's Blob has no text()). */
function textOf(blob: Blob): Promise<unknown> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(blob);
  });
}

const JOIN_PARSED = webinarJoinSchema.parse(JOIN);

const joinButton = () => screen.queryByRole('button', { name: T.join });

describe('the registrant’s page, the day before', () => {
  atWebinarTime();

  it('shows the webinar and the registrant, read with the link’s token, and when it starts', async () => {
    const { fetchMock } = renderWebinarPage(REGISTRATION_URL, { [REGISTRATION_PATH]: { status: 200, body: registration() } });
    expect(await screen.findByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Le nuove lenti progressive' })).toBeInTheDocument();
    const facts = screen.getByTestId('webinar-facts');
    expect(within(facts).getByText('martedì 3 marzo 2026, 18:00 · 1 ora e 30 minuti (fuso orario Europe/Rome)')).toBeInTheDocument();
    expect(within(facts).getByText('Milano Centro')).toBeInTheDocument();
    expect(within(facts).getByText('Giulia Bianchi · giulia.bianchi@example.it')).toBeInTheDocument();
    expect(within(facts).getByText(T.statuses.registered)).toBeInTheDocument();

    const join = screen.getByTestId('webinar-join');
    expect(join).toHaveTextContent(T.startsOn('martedì 3 marzo 2026', '18:00'));
    expect(screen.getByTestId('webinar-countdown')).toHaveTextContent(T.startsIn('1 giorno'));
    expect(join).toHaveTextContent(T.joinOpensBefore(15));
    expect(joinButton()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.downloadIcs })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.webinarPage })).toHaveAttribute('href', `/webinar/${WEBINAR_ID}`);
    expect(callsTo(fetchMock, REGISTRATION_PATH)[0]?.headers.authorization).toBe(BEARER);
    expectHeadingsInOrder();
  });

  it('cancels after asking, with «No, mantienila» focused first, and then says so', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderWebinarPage(REGISTRATION_URL, {
      [REGISTRATION_PATH]: { status: 200, body: registration() },
      [CANCEL_PATH]: { status: 200, body: registration({ status: 'cancelled' }) },
    });
    await user.click(await screen.findByRole('button', { name: T.cancel }));
    const dialog = await screen.findByRole('dialog', { name: T.cancelDialogTitle });
    expect(dialog).toHaveTextContent(T.cancelDialogText('Le nuove lenti progressive'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: T.cancelKeep })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: T.cancelKeep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, CANCEL_PATH)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: T.cancel }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: T.cancelConfirm }));
    const outcome = await screen.findByTestId('registration-outcome');
    expect(outcome).toHaveTextContent(T.cancelled);
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(within(screen.getByTestId('webinar-facts')).getByText(T.statuses.cancelled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.cancel })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.downloadIcs })).not.toBeInTheDocument();
    expect(screen.queryByTestId('webinar-join')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, CANCEL_PATH)[0]?.headers.authorization).toBe(BEARER);
  });

  it('keeps the dialog open with the API’s reason when it refuses to cancel', async () => {
    const user = userEvent.setup();
    renderWebinarPage(REGISTRATION_URL, {
      [REGISTRATION_PATH]: { status: 200, body: registration() },
      [CANCEL_PATH]: refusal(409, IT_WEBINARS.rules.joinOver),
    });
    await user.click(await screen.findByRole('button', { name: T.cancel }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: T.cancelConfirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(IT_WEBINARS.rules.joinOver);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('downloads the calendar file with the token in the header', async () => {
    const user = userEvent.setup();
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const saved: { name: string; href: string }[] = [];
    const files: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (file: Blob) => {
        files.push(file);
        return 'blob:webinar';
      },
      revokeObjectURL: jest.fn(),
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const { fetchMock } = renderWebinarPage(REGISTRATION_URL, {
      [REGISTRATION_PATH]: { status: 200, body: registration() },
      [ICS_PATH]: { status: 200, body: ics },
    });
    await user.click(await screen.findByRole('button', { name: T.downloadIcs }));

    await waitFor(() => expect(saved).toEqual([{ name: IT_WEBINAR_PAGES.calendarFileName, href: 'blob:webinar' }]));
    expect(callsTo(fetchMock, ICS_PATH)[0]?.headers.authorization).toBe(BEARER);
    expect(files[0]?.type).toBe('text/calendar;charset=utf-8');
    // The fake API answers JSON: the file holds the text the API sent.
    expect(await textOf(files[0]!)).toBe(JSON.stringify(ics));
  });

  it('says the calendar file could not be had', async () => {
    const user = userEvent.setup();
    renderWebinarPage(REGISTRATION_URL, {
      [REGISTRATION_PATH]: { status: 200, body: registration() },
      [ICS_PATH]: refusal(404, IT_WEBINARS.registrationNotFound),
    });
    await user.click(await screen.findByRole('button', { name: T.downloadIcs }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_WEBINARS.registrationNotFound);
  });

  it.each([
    ['the registration was cancelled', registration({ status: 'cancelled' }), T.registrationCancelled],
    ['the webinar was cancelled', registration({}, { status: 'cancelled', registrationOpen: false }), T.webinarCancelled],
    ['the webinar is over', registration({}, { status: 'ended', registrationOpen: false }), T.ended],
  ])('says plainly when %s, and offers nothing more', async (_case, body, text) => {
    renderWebinarPage(REGISTRATION_URL, { [REGISTRATION_PATH]: { status: 200, body } });
    expect(await screen.findByTestId('registration-final')).toHaveTextContent(text);
    expect(screen.queryByTestId('webinar-join')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.cancel })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.downloadIcs })).not.toBeInTheDocument();
  });

  it('plays the replay after the end, asked for with the token, and says when it is still being made', async () => {
    const ended = registration({}, { status: 'ended', registrationOpen: false });
    const replayPath = `${REGISTRATION_PATH}/replay`;
    const ready = {
      status: 'ready',
      watchUrl: '/api/replay/signed',
      downloadUrl: '/api/replay/signed?download=1',
      expiresAt: '2026-03-04T00:00:00.000Z',
      bytes: 1000,
    };
    const { fetchMock } = renderWebinarPage(REGISTRATION_URL, {
      [REGISTRATION_PATH]: { status: 200, body: ended },
      [replayPath]: { status: 200, body: ready },
    });
    const player = await screen.findByTestId('registration-replay');
    expect(player).toHaveAttribute('src', '/api/replay/signed');
    expect(player).toHaveAccessibleName(T.replay.player('Le nuove lenti progressive'));
    expect(screen.getByRole('link', { name: T.replay.download })).toHaveAttribute('href', '/api/replay/signed?download=1');
    expect(callsTo(fetchMock, replayPath)[0]?.headers.authorization).toBe(BEARER);
    expectHeadingsInOrder();
  });

  it('shows no replay section for a webinar that was not recorded, and a word while one is being made', async () => {
    const ended = registration({}, { status: 'ended', registrationOpen: false });
    const replayPath = `${REGISTRATION_PATH}/replay`;
    const none = { status: 'none', watchUrl: null, downloadUrl: null, expiresAt: null, bytes: null };
    const first = renderWebinarPage(REGISTRATION_URL, { [REGISTRATION_PATH]: { status: 200, body: ended }, [replayPath]: { status: 200, body: none } });
    await waitFor(() => expect(callsTo(first.fetchMock, replayPath)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: T.replay.title })).not.toBeInTheDocument();
    first.unmount();

    renderWebinarPage(REGISTRATION_URL, {
      [REGISTRATION_PATH]: { status: 200, body: ended },
      [replayPath]: { status: 200, body: { ...none, status: 'processing' } },
    });
    expect(await screen.findByText(T.replay.processing)).toHaveAttribute('role', 'status');
  });

  it('says the link is not valid when the token is wrong', async () => {
    renderWebinarPage(REGISTRATION_URL, { [REGISTRATION_PATH]: refusal(404, IT_WEBINARS.registrationNotFound) });
    expect(await screen.findByRole('heading', { level: 1, name: T.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByTestId('registration-link-invalid')).toHaveTextContent(T.notFoundText);
  });

  it('asks for the e-mail’s link when the address has no token, without calling the API', async () => {
    const { fetchMock } = renderWebinarPage(`/webinar/iscrizione/${REGISTRATION_ID}`, {});
    expect(await screen.findByTestId('registration-link-invalid')).toHaveTextContent(IT_WEBINARS.tokenRequired);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the registrant’s page, in the join window', () => {
  // Tuesday 3 March 2026, 17:50 in Rome: ten minutes before the start, the join open.
  atWebinarTime(new Date('2026-03-03T16:50:00.000Z'));

  it('says the start on today’s clock with the minutes left, and lets the registrant in with the token', async () => {
    const user = userEvent.setup();
    const { fetchMock, props } = renderWebinarPage(REGISTRATION_URL, {
      [REGISTRATION_PATH]: { status: 200, body: registration() },
      [JOIN_PATH]: { status: 200, body: JOIN },
    });
    const join = await screen.findByTestId('webinar-join');
    expect(join).toHaveTextContent(T.startsAtToday('18:00'));
    expect(screen.getByTestId('webinar-countdown')).toHaveTextContent(T.startsIn('10 minuti'));
    expect(join).not.toHaveTextContent(T.joinOpensBefore(15));

    await user.click(screen.getByRole('button', { name: T.join }));
    // The live page opens with the credential this tab keeps; the address carries none of it.
    await waitFor(() => expect(props.navigate).toHaveBeenCalledWith(`/room/webinar/${WEBINAR_ID}`));
    expect(readWebinarJoin(WEBINAR_ID)).toEqual(JOIN_PARSED);
    expect(document.body).not.toHaveTextContent(JOIN.token);
    expect(callsTo(fetchMock, JOIN_PATH).map((call) => call.headers.authorization)).toEqual([BEARER]);
  });

  it('says so when the browser refuses to keep the credential for the live page', async () => {
    const user = userEvent.setup();
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    try {
      const { props } = renderWebinarPage(REGISTRATION_URL, {
        [REGISTRATION_PATH]: { status: 200, body: registration() },
        [JOIN_PATH]: { status: 200, body: JOIN },
      });
      await user.click(await screen.findByRole('button', { name: T.join }));
      expect(await screen.findByRole('alert')).toHaveTextContent(IT_WEBINAR_LIVE.storageBlocked);
      expect(props.navigate).not.toHaveBeenCalled();
    } finally {
      setItem.mockRestore();
    }
  });

  it('shows the API’s reason when it refuses the way in', async () => {
    const user = userEvent.setup();
    renderWebinarPage(REGISTRATION_URL, { [REGISTRATION_PATH]: { status: 200, body: registration() }, [JOIN_PATH]: refusal(409, IT_WEBINARS.rules.closed) });
    await user.click(await screen.findByRole('button', { name: T.join }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_WEBINARS.rules.closed);
    expect(readWebinarJoin(WEBINAR_ID)).toBeNull();
  });

  it('says a live webinar is on, and offers the way in', async () => {
    renderWebinarPage(REGISTRATION_URL, { [REGISTRATION_PATH]: { status: 200, body: registration({}, { status: 'live', registrationOpen: false }) } });
    expect(await screen.findByTestId('webinar-join')).toHaveTextContent(T.live);
    expect(joinButton()).toBeInTheDocument();
    // Too late to give the seat back: the API refuses once it is live.
    expect(screen.queryByRole('button', { name: T.cancel })).not.toBeInTheDocument();
  });
});

describe('the registrant’s page as the join opens', () => {
  afterEach(() => jest.useRealTimers());

  it('counts the minutes down and offers «Entra nel webinar» from 15 minutes before the start', async () => {
    // Every timer fake: the page's clock moves when the test moves it.
    jest.useFakeTimers({ now: Date.parse(JOIN_OPENS_AT) - 2 * MINUTE });
    renderWebinarPage(REGISTRATION_URL, { [REGISTRATION_PATH]: { status: 200, body: registration() } });
    expect(await screen.findByTestId('webinar-countdown')).toHaveTextContent(T.startsIn('17 minuti'));
    expect(joinButton()).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(MINUTE));
    expect(screen.getByTestId('webinar-countdown')).toHaveTextContent(T.startsIn('16 minuti'));
    expect(joinButton()).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(MINUTE));
    expect(screen.getByTestId('webinar-countdown')).toHaveTextContent(T.startsIn('15 minuti'));
    expect(joinButton()).toBeInTheDocument();
  });
});

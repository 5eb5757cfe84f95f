import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOCKOUT } from '@incontra/contracts/messages/it-lockout';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { expectHeadingsInOrder } from '@incontra/mfe-kit/testing/heading-order';
import {
  atWebinarTime,
  callsTo,
  OTHER_WEBINAR_ID,
  refusal,
  renderWebinarPage,
  STORE,
  STORE_ID,
  STORE_WEBINARS_PATH,
  WEBINAR_ID,
  WEBINAR_PATH,
  webinar,
} from '../testing/webinar-fixtures';

const T = IT_WEBINAR_PAGES;
const WELCOME = `/?store=${STORE_ID}`;
const section = () => screen.findByRole('region', { name: T.upcoming.title });

describe("the store's webinars on the welcome page", () => {
  atWebinarTime();

  it('lists each upcoming webinar with its day and time on the company’s clock, the seats left, and a link to its page', async () => {
    const user = userEvent.setup();
    const soldOut = webinar({
      id: OTHER_WEBINAR_ID,
      title: 'Occhiali da sole 2026',
      startsAt: '2026-03-10T09:30:00.000Z',
      seatsLeft: 0,
      registrationOpen: false,
    });
    const live = webinar({
      id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a97',
      title: 'Lenti a contatto: domande e risposte',
      startsAt: '2026-03-02T15:30:00.000Z',
      status: 'live',
    });
    const { fetchMock } = renderWebinarPage(
      WELCOME,
      { [STORE_WEBINARS_PATH]: { status: 200, body: { webinars: [live, webinar(), soldOut] } }, [WEBINAR_PATH]: { status: 200, body: webinar() } },
      { store: STORE },
    );

    // The page is there before the section: the actions do not wait for it.
    expect(screen.getByRole('link', { name: new RegExp(`^${IT.visitor.join}`) })).toBeInTheDocument();
    const list = await section();
    expect(within(list).getByRole('heading', { level: 2, name: T.upcoming.title })).toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    // Soonest first, as the API lists them.
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Lenti a contatto: domande e risposte',
      'Le nuove lenti progressive',
      'Occhiali da sole 2026',
    ]);
    expect(within(items[0]!).getByText('lunedì 2 marzo 2026, 16:30')).toBeInTheDocument();
    expect(within(items[0]!).getByText(T.upcoming.live)).toBeInTheDocument();
    expect(within(items[1]!).getByText('martedì 3 marzo 2026, 18:00')).toBeInTheDocument();
    expect(within(items[1]!).getByText('7 posti disponibili')).toBeInTheDocument();
    expect(within(items[2]!).getByText('martedì 10 marzo 2026, 10:30')).toBeInTheDocument();
    expect(within(items[2]!).getByText(T.soldOut)).toBeInTheDocument();
    const link = within(items[1]!).getByRole('link', { name: 'Le nuove lenti progressive' });
    expect(link).toHaveAttribute('href', `/webinar/${WEBINAR_ID}`);
    expectHeadingsInOrder();
    expect(callsTo(fetchMock, STORE_WEBINARS_PATH)).toHaveLength(1);

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Le nuove lenti progressive' })).toBeInTheDocument();
  });

  it('says «1 posto disponibile» for the last seat', async () => {
    renderWebinarPage(WELCOME, { [STORE_WEBINARS_PATH]: { status: 200, body: { webinars: [webinar({ seatsLeft: 1 })] } } }, { store: STORE });
    expect(within(await section()).getByText(T.seatsLeft(1))).toHaveTextContent('1 posto disponibile');
  });

  it.each([
    ['there are none', { status: 200, body: { webinars: [] } }],
    ['the read fails', refusal(500, 'Errore interno')],
    ['the store is unknown to the API', refusal(404, 'Punto vendita non trovato')],
  ])('shows nothing at all when %s, and the welcome page stays whole', async (_case, reply) => {
    const { fetchMock, props } = renderWebinarPage(WELCOME, { [STORE_WEBINARS_PATH]: reply }, { store: STORE });
    await waitFor(() => expect(callsTo(fetchMock, STORE_WEBINARS_PATH)).toHaveLength(1));
    // The answer has arrived and been shown (as nothing).
    await waitFor(() => expect(props.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('region', { name: T.upcoming.title })).not.toBeInTheDocument();
    expect(screen.queryByText(T.upcoming.title)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: new RegExp(`^${IT.visitor.book}`) })).toBeInTheDocument();
  });

  it('asks nothing while the service is suspended (the pages it leads to are closed)', () => {
    const { fetchMock } = renderWebinarPage(WELCOME, {}, { store: STORE, company: { serviceSuspended: true } });
    expect(screen.getByText(IT_LOCKOUT.visitor.title)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyConfig, StoreConfig } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';
import { roomTexts, setBrowserLanguage } from '../../texts/testing/room-texts';

const MILANO = { id: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01', name: 'Milano Centro', address: 'Via Dante 1', wall: null };
const ROMA = { id: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e02', name: 'Roma Termini', address: null, wall: null };
const CONFIG: CompanyConfig = { id: TEST_COMPANY.id, name: TEST_COMPANY.name, stores: [MILANO, ROMA] };

/** A welcome action, by its label: its name is the label, then the text below it. */
const actionName = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`);
const actionLink = (label: string) => screen.getByRole('link', { name: actionName(label) });
const queryActionLink = (label: string) => screen.queryByRole('link', { name: actionName(label) });

/** The calls made other than the store's webinars (a section under everything, read once the page shows the store). */
const callsBesideWebinars = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('/webinar'));

describe('welcome screen', () => {
  it('shows the logo, the default title with the company name, the first store and both actions', async () => {
    const fetchMock = mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    renderApp('/');

    const frame = screen.getByTestId('company-frame');
    expect(within(frame).getByText('Demo')).toBeInTheDocument();
    expect(frame.querySelector('img')).toHaveAttribute('src', '/shell/default-logo.svg');
    expect(screen.getByRole('heading', { level: 1, name: 'Demo ti dà il benvenuto' })).toBeInTheDocument();
    expect(await screen.findByText('Milano Centro')).toBeInTheDocument();

    const join = actionLink(IT.visitor.join);
    expect(join).toHaveAttribute('href', `/partecipa?store=${MILANO.id}`);
    expect(join).toHaveAccessibleName(`${IT.visitor.join} ${IT.visitor.joinDescription}`);
    expect(actionLink(IT.visitor.book)).toHaveAttribute('href', `/prenota?store=${MILANO.id}`);

    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'x-origin': window.location.origin });
  });

  it('uses the company welcome title when one is set', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    renderApp('/', buildMfeProps({ company: { ...TEST_COMPANY, settings: { welcomeTitle: 'Ciao da Demo!' } } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Ciao da Demo!' })).toBeInTheDocument();
    expect(await screen.findByText('Milano Centro')).toBeInTheDocument();
  });

  it('chooses the store named by ?store= over the first store', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    renderApp(`/?store=${ROMA.id}`);
    expect(await screen.findByText('Roma Termini')).toBeInTheDocument();
    expect(screen.queryByText('Milano Centro')).not.toBeInTheDocument();
    expect(actionLink(IT.visitor.join)).toHaveAttribute('href', `/partecipa?store=${ROMA.id}`);
  });

  it('offers the other stores on "/", each leading to its live call; not when the visitor named a store', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    const { unmount } = renderApp('/');
    const choice = await screen.findByRole('region', { name: IT.visitor.otherStoresTitle });
    const roma = within(choice).getByRole('link', { name: 'Roma Termini' });
    expect(roma).toHaveAttribute('href', `/partecipa?store=${ROMA.id}`);
    // The store the big actions are for is not listed again, and the page keeps one "Partecipa".
    expect(within(choice).queryByRole('link', { name: /Milano Centro/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Partecipa/ })).toHaveLength(1);
    await userEvent.click(roma);
    expect(window.location.pathname + window.location.search).toBe(`/partecipa?store=${ROMA.id}`);
    unmount();

    mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    renderApp(`/?store=${MILANO.id}`);
    expect(await screen.findByText('Milano Centro')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: IT.visitor.otherStoresTitle })).not.toBeInTheDocument();
  });

  it('lists no other store when the company has one', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: { ...CONFIG, stores: [MILANO] } } });
    renderApp('/');
    expect(await screen.findByText('Milano Centro')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: IT.visitor.otherStoresTitle })).not.toBeInTheDocument();
  });

  it('takes the store the shell already loaded without asking the API', () => {
    const fetchMock = mockFetch({});
    const store: StoreConfig = { ...ROMA, rooms: [], topics: [] };
    renderApp(`/?store=${ROMA.id}`, buildMfeProps({ storeContext: { store, translations: [] } }));
    expect(screen.getByText('Roma Termini')).toBeInTheDocument();
    expect(callsBesideWebinars(fetchMock)).toEqual([]);
  });

  it('says so when the company has no store', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: { ...CONFIG, stores: [] } } });
    renderApp('/');
    expect(await screen.findByText(IT.visitor.noStores)).toBeInTheDocument();
    expect(queryActionLink(IT.visitor.join)).not.toBeInTheDocument();
  });

  it('shows an Italian error with a retry when the stores cannot be loaded', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/config/company': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } } : { status: 200, body: CONFIG };
      },
    });
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IT.visitor.storesLoadFailed);
    await userEvent.click(within(alert).getByRole('button', { name: IT.shell.retry }));
    expect(await screen.findByText('Milano Centro')).toBeInTheDocument();
  });

  it('leads to the live flow in this remote', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    renderApp('/');
    await userEvent.click(await screen.findByRole('link', { name: actionName(IT.visitor.join) }));
    expect(await screen.findByRole('heading', { level: 1, name: IT.visitor.liveTitle })).toBeInTheDocument();
    expect(window.location.search).toBe(`?store=${MILANO.id}`);
  });
});

const ROOM = { id: '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f', storeId: MILANO.id, name: 'Sala 1', reservationSlots: 0, slotDuration: 30, maxParticipants: null };
const MILANO_CONFIG: StoreConfig = { ...MILANO, rooms: [ROOM], topics: [] };
const TRANSLATIONS_PATH = `/api/room/${ROOM.id}/translations`;
const ITALIAN_TEXTS = {
  title: 'Benvenuti a Milano',
  description: 'Cosa desideri fare?',
  join: 'Entra ora',
  joinDescription: 'Un consulente ti aspetta in video.',
  book: 'Fissa un incontro',
  bookDescription: 'Scegli tu il giorno.',
};

function requestsTo(fetchMock: jest.Mock, path: string): RequestInit[] {
  return fetchMock.mock.calls.filter(([url]) => new URL(String(url), window.location.origin).pathname === path).map(([, init]) => init as RequestInit);
}

describe('welcome screen in the room’s words', () => {
  beforeEach(() => setBrowserLanguage('it-IT'));
  afterEach(() => jest.restoreAllMocks());

  it('shows the texts of the shell store’s room instead of the defaults, the room’s title over the company’s, asking nothing', () => {
    const fetchMock = mockFetch({});
    const company = { ...TEST_COMPANY, settings: { welcomeTitle: 'Ciao da Demo!' } };
    renderApp(`/?store=${MILANO.id}`, buildMfeProps({ company, storeContext: { store: MILANO_CONFIG, translations: roomTexts('it', ITALIAN_TEXTS) } }));

    expect(screen.getByRole('heading', { level: 1, name: 'Benvenuti a Milano' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Cosa desideri fare?' })).toHaveTextContent('Cosa desideri fare?');
    expect(actionLink('Entra ora')).toHaveAccessibleName('Entra ora Un consulente ti aspetta in video.');
    expect(actionLink('Fissa un incontro')).toHaveAccessibleName('Fissa un incontro Scegli tu il giorno.');
    expect(screen.queryByText(IT.visitor.chooseAction)).not.toBeInTheDocument();
    expect(queryActionLink(IT.visitor.join)).not.toBeInTheDocument();
    expect(callsBesideWebinars(fetchMock)).toEqual([]);
  });

  it('keeps the default of every text the room has not worded', () => {
    mockFetch({});
    renderApp(`/?store=${MILANO.id}`, buildMfeProps({ storeContext: { store: MILANO_CONFIG, translations: roomTexts('it', { join: 'Entra ora' }) } }));

    expect(screen.getByRole('heading', { level: 1, name: 'Demo ti dà il benvenuto' })).toBeInTheDocument();
    expect(screen.getByText(IT.visitor.chooseAction)).toBeInTheDocument();
    expect(actionLink('Entra ora')).toHaveAccessibleName(`Entra ora ${IT.visitor.joinDescription}`);
    expect(actionLink(IT.visitor.book)).toHaveAccessibleName(`${IT.visitor.book} ${IT.visitor.bookDescription}`);
  });

  it('shows another store’s actions at once in the default words, reading no room texts (they would hold back the largest paint)', async () => {
    const fetchMock = mockFetch({
      'GET /api/config/company': { status: 200, body: CONFIG },
      [`GET /api/config/store/${MILANO.id}`]: { status: 200, body: MILANO_CONFIG },
      [`GET ${TRANSLATIONS_PATH}`]: { status: 200, body: roomTexts('it', ITALIAN_TEXTS) },
    });
    renderApp('/');

    expect(await screen.findByText('Milano Centro')).toBeInTheDocument();
    expect(actionLink(IT.visitor.join)).toHaveAccessibleName(`${IT.visitor.join} ${IT.visitor.joinDescription}`);
    expect(actionLink(IT.visitor.book)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Demo ti dà il benvenuto' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, TRANSLATIONS_PATH)).toHaveLength(0);
    expect(requestsTo(fetchMock, `/api/config/store/${MILANO.id}`)).toHaveLength(0);
  });

  it.each([
    ['de-DE', 'Jetzt teilnehmen', 'Fissa un incontro'],
    ['en', 'Join now', 'Fissa un incontro'],
    ['fr-FR', 'Entra ora', 'Fissa un incontro'],
    ['pt-BR', 'Entra ora', 'Fissa un incontro'],
  ])('a browser in %s reads the room’s text in its language when there is one, else the Italian one', (language, join, book) => {
    setBrowserLanguage(language);
    mockFetch({});
    const translations = [
      ...roomTexts('it', { join: 'Entra ora', book: 'Fissa un incontro' }),
      ...roomTexts('de', { join: 'Jetzt teilnehmen' }),
      ...roomTexts('en', { join: 'Join now' }),
    ];
    renderApp(`/?store=${MILANO.id}`, buildMfeProps({ storeContext: { store: MILANO_CONFIG, translations } }));

    expect(actionLink(join)).toBeInTheDocument();
    expect(actionLink(book)).toBeInTheDocument();
    // Neither room wording covers the description: it keeps the default.
    expect(screen.getByText(IT.visitor.chooseAction)).toBeInTheDocument();
  });
});

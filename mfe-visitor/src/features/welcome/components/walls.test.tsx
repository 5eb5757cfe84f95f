import { screen, within } from '@testing-library/react';
import type { CompanyConfig, StoreConfig } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const COMPANY_WALL = '<p>Da lunedì 1 dicembre siamo aperti anche la domenica.</p>';
const STORE_WALL = '<p>Oggi il negozio di Roma chiude alle 16.</p><p><img src="https://cdn.example.com/vetrina.png" alt="La vetrina"></p>';
const MILANO = { id: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01', name: 'Milano Centro', address: null, wall: null };
const ROMA = { id: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e02', name: 'Roma Termini', address: null, wall: STORE_WALL };
const CONFIG: CompanyConfig = { id: TEST_COMPANY.id, name: TEST_COMPANY.name, stores: [MILANO, ROMA] };

const companyWall = () => screen.queryByRole('region', { name: IT_VISITOR_PAGES.wallOf('Demo') });
const storeWall = () => screen.queryByRole('region', { name: IT_VISITOR_PAGES.wallOf('Roma Termini') });
const follows = (later: Element, earlier: Element) => Boolean(earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);

/** The calls made other than the store's webinars (a section under everything, read once the page shows the store). */
const callsBesideWebinars = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('/webinar'));

describe('the walls on the welcome screen', () => {
  beforeEach(() => mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } }));

  it("shows the company's wall under the heading from the first render, above the actions that arrive with the stores", async () => {
    renderApp('/', buildMfeProps({ company: { ...TEST_COMPANY, wall: COMPANY_WALL } }));
    // The stores are still on their way; the wall is already where the API's first paint showed it.
    const wall = companyWall();
    expect(wall).not.toBeNull();
    expect(within(wall!).getByText('Da lunedì 1 dicembre siamo aperti anche la domenica.')).toBeInTheDocument();
    expect(follows(wall!, screen.getByRole('heading', { level: 1 }))).toBe(true);
    expect(screen.queryByRole('region', { name: IT.visitor.chooseAction })).toBeNull();

    const actions = await screen.findByRole('region', { name: IT.visitor.chooseAction });
    expect(follows(actions, wall!)).toBe(true);
    // The first store has no wall of its own.
    expect(screen.queryByRole('region', { name: IT_VISITOR_PAGES.wallOf('Milano Centro') })).toBeNull();
  });

  it('shows no wall when neither the company nor the store wrote one (or left bare markup)', async () => {
    renderApp('/', buildMfeProps({ company: { ...TEST_COMPANY, wall: '<p> </p>' } }));
    await screen.findByRole('region', { name: IT.visitor.chooseAction });
    expect(companyWall()).toBeNull();
    expect(document.querySelector('[data-rich-text]')).toBeNull();
  });

  it("adds the chosen store's wall under the actions, the company's staying above them", async () => {
    renderApp(`/?store=${ROMA.id}`, buildMfeProps({ company: { ...TEST_COMPANY, wall: COMPANY_WALL } }));
    await screen.findByRole('region', { name: IT.visitor.chooseAction });
    const store = storeWall();
    expect(store).not.toBeNull();
    expect(within(store!).getByText('Oggi il negozio di Roma chiude alle 16.')).toBeInTheDocument();
    expect(within(store!).getByRole('img', { name: 'La vetrina' })).toHaveAttribute('src', 'https://cdn.example.com/vetrina.png');
    const actions = screen.getByRole('region', { name: IT.visitor.chooseAction });
    expect(follows(store!, actions)).toBe(true);
    expect(follows(actions, companyWall()!)).toBe(true);
  });

  it("shows the store's wall alone when the company has none, from the store the shell loaded", () => {
    const fetchMock = mockFetch({});
    const store: StoreConfig = { ...ROMA, rooms: [], topics: [] };
    renderApp(`/?store=${ROMA.id}`, buildMfeProps({ storeContext: { store, translations: [] } }));
    expect(storeWall()).not.toBeNull();
    expect(companyWall()).toBeNull();
    expect(callsBesideWebinars(fetchMock)).toEqual([]);
  });
});

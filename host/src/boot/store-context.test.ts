import { QueryClient, QueryObserver, type QueryKey, type QueryObserverOptions } from '@tanstack/react-query';
import { queryKeys } from '@incontra/contracts/query-keys';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { getCompanyConfigQueryOptions, getRoomTranslationsQueryOptions, getStoreConfigQueryOptions } from '@incontra/mfe-kit/public-config';
import { createShellQueryClient } from './query-client';
import { EMPTY_STORE_CONTEXT, INLINED_FRESH_MS, loadStoreContext, primePublicConfig } from './store-context';

const STORE_ID = '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01';
const ROOM = { id: '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f', storeId: STORE_ID, name: 'Sala 1', reservationSlots: 0, slotDuration: 30, maxParticipants: null };
const OTHER_ROOM = { ...ROOM, id: '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e60', name: 'Sala 2' };
const STORE = { id: STORE_ID, name: 'Milano Centro', address: null, wall: null, rooms: [ROOM, OTHER_ROOM], topics: [] };
const TRANSLATIONS = [{ key: 'join', label: 'Entra ora', language: 'it' }];
const STORE_PATH = `GET /api/config/store/${STORE_ID}`;
const TRANSLATIONS_PATH = `GET /api/room/${ROOM.id}/translations`;
const SERVER_ERROR = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } };

/** A client that retries, as the shell's does: the store context's reads must not. */
const shellClient = () => new QueryClient();

function pathsOf(fetchMock: jest.Mock): string[] {
  return fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit).method ?? 'GET'} ${new URL(String(url), window.location.origin).pathname}`);
}

describe('store context', () => {
  it('loads nothing without ?store=', async () => {
    const fetchMock = mockFetch({});
    expect(await loadStoreContext(shellClient(), TEST_COMPANY.id, '?x=1')).toBe(EMPTY_STORE_CONTEXT);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the store and its first room’s translations, with the page’s origin, into the shared cache', async () => {
    const fetchMock = mockFetch({ [STORE_PATH]: { status: 200, body: STORE }, [TRANSLATIONS_PATH]: { status: 200, body: TRANSLATIONS } });
    const client = shellClient();
    expect(await loadStoreContext(client, TEST_COMPANY.id, `?store=${STORE_ID}`)).toEqual({ store: STORE, translations: TRANSLATIONS });
    expect(pathsOf(fetchMock)).toEqual([STORE_PATH, TRANSLATIONS_PATH]);
    for (const [, init] of fetchMock.mock.calls) expect((init as RequestInit).headers).toMatchObject({ 'x-origin': window.location.origin });
    expect(client.getQueryData(queryKeys.roomTranslations(TEST_COMPANY.id, ROOM.id))).toEqual(TRANSLATIONS);
  });

  it('keeps the store without translations when they cannot be read, after one try', async () => {
    const fetchMock = mockFetch({ [STORE_PATH]: { status: 200, body: STORE }, [TRANSLATIONS_PATH]: SERVER_ERROR });
    expect(await loadStoreContext(shellClient(), TEST_COMPANY.id, `?store=${STORE_ID}`)).toEqual({ store: STORE, translations: [] });
    expect(pathsOf(fetchMock)).toEqual([STORE_PATH, TRANSLATIONS_PATH]);
  });

  it('has nothing when the store cannot be read, and asks for no translations', async () => {
    const fetchMock = mockFetch({ [STORE_PATH]: SERVER_ERROR });
    expect(await loadStoreContext(shellClient(), TEST_COMPANY.id, `?store=${STORE_ID}`)).toEqual({ store: null, translations: [] });
    expect(pathsOf(fetchMock)).toEqual([STORE_PATH]);
  });

  it('has no translations for a store without rooms', async () => {
    const fetchMock = mockFetch({ [STORE_PATH]: { status: 200, body: { ...STORE, rooms: [] } } });
    expect(await loadStoreContext(shellClient(), TEST_COMPANY.id, `?store=${STORE_ID}`)).toEqual({ store: { ...STORE, rooms: [] }, translations: [] });
    expect(pathsOf(fetchMock)).toEqual([STORE_PATH]);
  });
});

describe('the answers inlined into a visitor page', () => {
  const COMPANY_CONFIG = { id: TEST_COMPANY.id, name: TEST_COMPANY.name, stores: [{ id: STORE_ID, name: STORE.name, address: null, wall: null }] };
  const INLINED = { companyConfig: COMPANY_CONFIG, store: STORE, translations: TRANSLATIONS };
  const origin = window.location.origin;

  /** Mounts a query as a remote's useQuery would and says whether it went to the network. */
  function mount<TData, TKey extends QueryKey>(client: QueryClient, options: QueryObserverOptions<TData, Error, TData, TData, TKey>) {
    const observer = new QueryObserver(client, options);
    const unsubscribe = observer.subscribe(() => undefined);
    const { data, isFetching } = observer.getCurrentResult();
    unsubscribe();
    return { data, isFetching };
  }

  it('make the store context of ?store= without a request', async () => {
    const fetchMock = mockFetch({});
    expect(await loadStoreContext(shellClient(), TEST_COMPANY.id, `?store=${STORE_ID}`, INLINED)).toEqual({ store: STORE, translations: TRANSLATIONS });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('say there is no such store when ?store= named none of the company’s, without a request', async () => {
    const fetchMock = mockFetch({});
    const inlined = { companyConfig: COMPANY_CONFIG, store: null, translations: [] };
    expect(await loadStoreContext(shellClient(), TEST_COMPANY.id, '?store=00000000-0000-4000-8000-000000000000', inlined)).toBe(EMPTY_STORE_CONTEXT);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("wait in the shared cache under the remotes' keys: the first screen's three queries mount without a request", () => {
    mockFetch({});
    const client = createShellQueryClient();
    primePublicConfig(client, TEST_COMPANY.id, INLINED);
    expect(mount(client, getCompanyConfigQueryOptions(TEST_COMPANY.id, origin))).toEqual({ data: COMPANY_CONFIG, isFetching: false });
    expect(mount(client, getStoreConfigQueryOptions(TEST_COMPANY.id, origin, STORE_ID))).toEqual({ data: STORE, isFetching: false });
    expect(mount(client, getRoomTranslationsQueryOptions(TEST_COMPANY.id, origin, ROOM.id))).toEqual({ data: TRANSLATIONS, isFetching: false });
    // Another room's texts were not inlined: that query asks.
    expect(mount(client, getRoomTranslationsQueryOptions(TEST_COMPANY.id, origin, OTHER_ROOM.id))).toEqual({ data: undefined, isFetching: true });
  });

  it('count as fresh for a while, then are asked for again as any answer', () => {
    jest.useFakeTimers();
    try {
      mockFetch({ 'GET /api/config/company': { status: 200, body: COMPANY_CONFIG } });
      const client = createShellQueryClient();
      primePublicConfig(client, TEST_COMPANY.id, INLINED);
      jest.advanceTimersByTime(INLINED_FRESH_MS - 1);
      expect(mount(client, getCompanyConfigQueryOptions(TEST_COMPANY.id, origin)).isFetching).toBe(false);
      jest.advanceTimersByTime(1);
      expect(mount(client, getCompanyConfigQueryOptions(TEST_COMPANY.id, origin)).isFetching).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('hold no store when the company has none', () => {
    mockFetch({});
    const client = createShellQueryClient();
    primePublicConfig(client, TEST_COMPANY.id, { companyConfig: { ...COMPANY_CONFIG, stores: [] }, store: null, translations: [] });
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([queryKeys.companyConfig(TEST_COMPANY.id)]);
  });
});

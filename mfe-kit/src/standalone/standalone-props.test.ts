import { queryKeys } from '@incontra/contracts/query-keys';
import { shellThemeFor } from '@incontra/contracts/theme';
import { CONTRACT_VERSION } from '@incontra/contracts/version';
import { TEST_COMPANY, TEST_USER } from '../testing/fixtures';
import { mockFetch, UNAUTHORIZED } from '../testing/mock-fetch';
import { standaloneProps } from './standalone-props';

describe('standaloneProps', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('builds what the shell would hand over, for the company of the page host', async () => {
    const fetchMock = mockFetch({ 'GET /api/company/localhost': { status: 200, body: TEST_COMPANY }, 'GET /api/me': UNAUTHORIZED });
    window.history.pushState({}, '', '/prenota');

    const props = await standaloneProps(window);

    expect(fetchMock).toHaveBeenCalledWith('/api/company/localhost', expect.anything());
    expect(props).toMatchObject({
      contractVersion: CONTRACT_VERSION,
      company: TEST_COMPANY,
      theme: shellThemeFor(TEST_COMPANY),
      adminContext: false,
      storeContext: { store: null, translations: [] },
    });
    // Signed out is an answer, read from the cache the way the shell leaves it.
    expect(props.queryClient.getQueryData(queryKeys.me(TEST_COMPANY.id))).toBeNull();
  });

  it('is in admin context under /admin and has the signed-in user cached already', async () => {
    mockFetch({ 'GET /api/company/localhost': { status: 200, body: TEST_COMPANY }, 'GET /api/me': { status: 200, body: TEST_USER } });
    window.history.pushState({}, '', '/admin/profilo');

    const props = await standaloneProps(window);

    expect(props.adminContext).toBe(true);
    expect(props.queryClient.getQueryData(queryKeys.me(TEST_COMPANY.id))).toEqual(TEST_USER);
  });

  it('navigates on the page history and lets the router hear it', async () => {
    mockFetch({ 'GET /api/company/localhost': { status: 200, body: TEST_COMPANY }, 'GET /api/me': UNAUTHORIZED });
    window.history.pushState({}, '', '/');
    const props = await standaloneProps(window);
    const popstate = jest.fn();
    window.addEventListener('popstate', popstate);
    const length = window.history.length;

    props.navigate('/partecipa');
    expect(window.location.pathname).toBe('/partecipa');
    expect(window.history.length).toBe(length + 1);
    props.navigate('/prenota', { replace: true });
    expect(window.location.pathname).toBe('/prenota');
    expect(window.history.length).toBe(length + 1);
    expect(popstate).toHaveBeenCalledTimes(2);
    window.removeEventListener('popstate', popstate);
  });

  it('shows notifications on the page and keeps analytics events to itself', async () => {
    mockFetch({ 'GET /api/company/localhost': { status: 200, body: TEST_COMPANY }, 'GET /api/me': UNAUTHORIZED });
    const props = await standaloneProps(window);

    const id = props.notify.show({ kind: 'info', message: 'Ciao' });
    expect(document.getElementById(id)).toHaveTextContent('Ciao');
    // Kept to itself: nothing reaches the page's own dataLayer.
    props.analytics.push({ event: 'standalone_check' });
    expect((window as unknown as { dataLayer?: unknown }).dataLayer).toBeUndefined();
  });

  it('fails when the API does not know the company', async () => {
    mockFetch({});
    await expect(standaloneProps(window)).rejects.toMatchObject({ status: 404 });
  });
});

import type { DataLayerEvent } from '@incontra/contracts/analytics';
import { createAnalytics, type DataLayerWindow } from './data-layer';
import { createPageViewTracker } from './page-view-tracker';

const admin = { isGuest: false };

function setup(initialUser: { isGuest: boolean } | null) {
  let user = initialUser;
  const win = {} as DataLayerWindow;
  const track = createPageViewTracker({
    analytics: createAnalytics(win),
    currentUser: async () => user,
    title: () => 'Demo',
  });
  return { win, track, signIn: () => (user = admin) };
}

describe('page views', () => {
  it('creates window.dataLayer and pushes a page view with the user type', async () => {
    const { win, track } = setup(null);
    await track('/');
    expect(win.dataLayer).toEqual([{ event: 'page_view', page_path: '/', page_title: 'Demo', user_type: 'user' }]);
  });

  it('keeps an existing data layer and counts a guest as a plain user', async () => {
    const { win, track } = setup({ isGuest: true });
    const existing: DataLayerEvent[] = [{ event: 'gtm.js' }];
    win.dataLayer = existing;
    await track('/partecipa');
    expect(existing).toHaveLength(2);
    expect(existing[1]).toMatchObject({ page_path: '/partecipa', user_type: 'user' });
  });

  it('pushes once per path change, and later views say admin once signed in', async () => {
    const { win, track, signIn } = setup(null);
    await track('/admin/login');
    await track('/admin/login');
    signIn();
    await track('/admin');
    expect(win.dataLayer?.map((event) => [event.page_path, event.user_type])).toEqual([
      ['/admin/login', 'user'],
      ['/admin', 'admin'],
    ]);
  });

  it('keeps the order of paths even when a user lookup waits', async () => {
    const win = {} as DataLayerWindow;
    let release: () => void = () => undefined;
    const slow = new Promise<null>((resolve) => (release = () => resolve(null)));
    const lookups = [slow, Promise.resolve(admin)];
    const track = createPageViewTracker({ analytics: createAnalytics(win), currentUser: () => lookups.shift()!, title: () => '' });
    const first = track('/');
    const second = track('/admin');
    release();
    await Promise.all([first, second]);
    expect(win.dataLayer?.map((event) => event.page_path)).toEqual(['/', '/admin']);
  });
});

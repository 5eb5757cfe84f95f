import { pageViewEvent } from '@incontra/contracts/analytics';
import type { Me } from '@incontra/contracts/api/auth';
import type { Analytics } from '@incontra/contracts/mfe';

export interface PageViewTrackerDeps {
  analytics: Analytics;
  /** The signed-in user as known once any pending sign-in or sign-out has settled. */
  currentUser: () => Promise<Pick<Me, 'isGuest'> | null | undefined>;
  title: () => string;
}

/**
 * One page view per path change (a re-render or a query-string change of the same path is not a
 * new page). Views are pushed in the order the paths were seen, even when the user lookup waits.
 */
export function createPageViewTracker({ analytics, currentUser, title }: PageViewTrackerDeps) {
  let lastPath: string | null = null;
  let queue: Promise<void> = Promise.resolve();
  return function track(pathname: string): Promise<void> {
    if (pathname === lastPath) return queue;
    lastPath = pathname;
    queue = queue.then(async () => {
      const user = await currentUser().catch(() => null);
      analytics.push(pageViewEvent(pathname, title(), user));
    });
    return queue;
  };
}

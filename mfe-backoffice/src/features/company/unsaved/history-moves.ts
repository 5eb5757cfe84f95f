/** The Navigation API, where the browser has it (TypeScript's DOM types do not yet). */
interface NavigationLike extends EventTarget {
  currentEntry: { index: number } | null;
}

interface NavigateEventLike extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  destination: { index: number; sameDocument: boolean };
}

/** What single-spa's before-routing-event tells (the host's router of remotes). */
interface SingleSpaRouting {
  originalEvent?: Event;
  cancelNavigation?: (cancel: boolean | Promise<boolean>) => void;
}

const navigationApi = () => (window as { navigation?: NavigationLike }).navigation;
/** The host's single-spa is on the page: it hears popstate before anyone else and routes the remotes after it. */
const underSingleSpa = () => 'singleSpaNavigate' in window;

/** Where the session history stands: its entry's index (the Navigation API, else react-router's `idx` in the state). */
export function historyIndex(): number | null {
  const entry = navigationApi()?.currentEntry;
  if (entry && entry.index >= 0) return entry.index;
  const state: unknown = window.history.state;
  const idx = state && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' ? idx : null;
}

/**
 * Holds the browser's back and forward moves within the app, from the entry it stands on now,
 * while `ask` decides: it is given the way to make the move after all. Staying needs nothing:
 * the user is where they were, at the same address, with the same history.
 *
 * Before the move, where the Navigation API lets its navigate event be cancelled (it may not for
 * the browser's own button until the user has acted on the page again). Otherwise after it: the
 * entry left is returned to (history.go) and the routers never see the move: under the shell,
 * single-spa (which hears popstate first) waits on its before-routing-event until the return;
 * alone, a popstate listener on the window itself ahead of the router's (capturing: the browsers
 * without the Navigation API call those first) stops it. A move whose entries have no index
 * (neither API nor react-router's) is let through. Answers the function that stops holding.
 */
export function holdHistoryMoves(ask: (move: () => void) => void): () => void {
  const here = historyIndex();
  const navigation = navigationApi();
  const singleSpa = underSingleSpa();
  /** The entry a confirmed move goes to: that move goes through. */
  let passTo: number | null = null;
  /** While the entry left is returned to: ends the wait of single-spa's routing, if it waits. */
  let returning: { done: () => void } | null = null;

  const confirmLater = (to: number) =>
    ask(() => {
      passTo = to;
      if (here !== null) window.history.go(to - here);
    });

  const onNavigate = (event: Event) => {
    const { navigationType, destination, cancelable } = event as NavigateEventLike;
    if (navigationType !== 'traverse' || !destination.sameDocument || !cancelable) return;
    // A confirmed move, and the return below, go through.
    if (destination.index === passTo || destination.index === here || here === null) return;
    event.preventDefault();
    confirmLater(destination.index);
  };

  /** After a move: back to the entry left, and the question; a promise of the return, or null when the move goes through. */
  const returnFromMove = (): Promise<void> | null => {
    const now = historyIndex();
    if (now !== null && now === passTo) {
      passTo = null;
      return null;
    }
    if (here === null || now === null || now === here || returning) return null;
    const returned = new Promise<void>((resolve) => {
      returning = { done: resolve };
    });
    window.history.go(here - now);
    confirmLater(now);
    return returned;
  };

  const onPopState = (event: PopStateEvent) => {
    // Announcements of pushState/replaceState (single-spa's, the shell's) are no move of the user's.
    if (!event.isTrusted) return;
    if (returning && historyIndex() === here) {
      returning.done();
      returning = null;
      if (!singleSpa) event.stopImmediatePropagation();
      return;
    }
    if (singleSpa) return;
    if (returnFromMove()) event.stopImmediatePropagation();
  };

  const onBeforeRouting = (event: Event) => {
    const { originalEvent, cancelNavigation } = (event as CustomEvent<SingleSpaRouting | undefined>).detail ?? {};
    if (originalEvent?.type !== 'popstate' || !originalEvent.isTrusted || !cancelNavigation) return;
    const returned = returnFromMove();
    // Routing goes on once the user is back where they were: the routers find the address unchanged.
    if (returned) cancelNavigation(returned.then(() => false));
  };

  navigation?.addEventListener('navigate', onNavigate);
  // On the window itself: single-spa's patched addEventListener would call it only after routing.
  EventTarget.prototype.addEventListener.call(window, 'popstate', onPopState as EventListener, true);
  if (singleSpa) window.addEventListener('single-spa:before-routing-event', onBeforeRouting);
  return () => {
    navigation?.removeEventListener('navigate', onNavigate);
    EventTarget.prototype.removeEventListener.call(window, 'popstate', onPopState as EventListener, true);
    window.removeEventListener('single-spa:before-routing-event', onBeforeRouting);
    // Never leave single-spa's routing waiting.
    returning?.done();
    returning = null;
  };
}

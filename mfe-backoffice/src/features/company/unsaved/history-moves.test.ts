import { holdHistoryMoves } from './history-moves';

/*
 * The browser's back and forward moves held while the user is asked, by each way the page may
 * have: the Navigation API's cancellable navigate event (before the move), and, after the move,
 * single-spa's before-routing-event under the shell. (Alone, with neither: unsaved-changes.test.)
 */

type NavigateInit = { navigationType: string; index: number; sameDocument?: boolean; cancelable?: boolean };

/** A navigate event as the Navigation API fires it before a move. */
function navigateEvent({ navigationType, index, sameDocument = true, cancelable = true }: NavigateInit): Event {
  return Object.assign(new Event('navigate', { cancelable }), { navigationType, destination: { index, sameDocument } });
}

/** The entry with react-router's index at `path`, pushed. */
const push = (idx: number, path: string) => window.history.pushState({ idx }, '', path);
const popped = () => new Promise<PopStateEvent>((resolve) => window.addEventListener('popstate', resolve, { once: true }));

afterEach(() => {
  jest.restoreAllMocks();
  delete (window as { navigation?: unknown }).navigation;
  delete (window as { singleSpaNavigate?: unknown }).singleSpaNavigate;
});

describe('with the Navigation API', () => {
  function withNavigation(index: number) {
    const navigation = Object.assign(new EventTarget(), { currentEntry: { index } });
    Object.defineProperty(window, 'navigation', { value: navigation, configurable: true });
    return navigation;
  }

  it('cancels a back or forward move before it is made, and makes it once confirmed', () => {
    const navigation = withNavigation(3);
    const go = jest.spyOn(window.history, 'go').mockImplementation(() => undefined);
    const ask = jest.fn<void, [() => void]>();
    const stop = holdHistoryMoves(ask);

    const back = navigateEvent({ navigationType: 'traverse', index: 2 });
    navigation.dispatchEvent(back);
    expect(back.defaultPrevented).toBe(true);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(go).not.toHaveBeenCalled();

    const forward = navigateEvent({ navigationType: 'traverse', index: 5 });
    navigation.dispatchEvent(forward);
    expect(forward.defaultPrevented).toBe(true);
    ask.mock.calls[1]![0]();
    expect(go).toHaveBeenCalledWith(2);
    // The confirmed move itself goes through.
    const confirmed = navigateEvent({ navigationType: 'traverse', index: 5 });
    navigation.dispatchEvent(confirmed);
    expect(confirmed.defaultPrevented).toBe(false);
    stop();
  });

  it('leaves alone what is no back or forward move within the page, and holds nothing once stopped', () => {
    const navigation = withNavigation(3);
    const ask = jest.fn();
    const stop = holdHistoryMoves(ask);
    for (const init of [
      { navigationType: 'push', index: 4 },
      { navigationType: 'traverse', index: 2, sameDocument: false },
      // The browser's own button with no user action since the last move cancelled: after the move, below.
      { navigationType: 'traverse', index: 2, cancelable: false },
    ]) {
      const event = navigateEvent(init);
      navigation.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
    stop();
    const later = navigateEvent({ navigationType: 'traverse', index: 2 });
    navigation.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(ask).not.toHaveBeenCalled();
  });
});

describe('under the shell’s single-spa, after the move', () => {
  /** What single-spa does on a popstate before it routes: its before-routing-event; answers whether it cancels. */
  function singleSpaRoutes(original: PopStateEvent): Promise<boolean | 'routed at once'> {
    return new Promise((resolve) => {
      let waited = false;
      window.dispatchEvent(
        new CustomEvent('single-spa:before-routing-event', {
          detail: {
            originalEvent: original,
            cancelNavigation: (cancel: boolean | Promise<boolean>) => {
              waited = true;
              void Promise.resolve(cancel).then(resolve);
            },
          },
        }),
      );
      if (!waited) resolve('routed at once');
    });
  }

  it('returns to the entry left before single-spa routes on, asks, and lets the confirmed move through', async () => {
    (window as { singleSpaNavigate?: unknown }).singleSpaNavigate = () => undefined;
    push(0, '/admin');
    push(1, '/admin/azienda');
    const ask = jest.fn<void, [() => void]>();
    const stop = holdHistoryMoves(ask);

    const back = popped();
    window.history.back();
    const routing = singleSpaRoutes(await back);
    expect(ask).toHaveBeenCalledTimes(1);
    // single-spa waits until the user is back where they were, then routes on (nothing to cancel).
    await expect(routing).resolves.toBe(false);
    expect(window.location.pathname).toBe('/admin/azienda');

    const leaving = popped();
    ask.mock.calls[0]![0]();
    expect(await singleSpaRoutes(await leaving)).toBe('routed at once');
    expect(window.location.pathname).toBe('/admin');
    stop();
  });

  it('never leaves single-spa waiting when it stops holding', async () => {
    (window as { singleSpaNavigate?: unknown }).singleSpaNavigate = () => undefined;
    push(0, '/admin');
    push(1, '/admin/azienda');
    jest.spyOn(window.history, 'go').mockImplementation(() => undefined);
    const stop = holdHistoryMoves(jest.fn());
    const back = popped();
    window.history.back();
    const routing = singleSpaRoutes(await back);
    stop();
    await expect(routing).resolves.toBe(false);
  });
});

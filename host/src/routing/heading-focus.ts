/**
 * After a route change focus moves to the new page's main heading (its first h1), so that keyboard
 * and screen-reader users start on the new page instead of on a link that has just gone. One
 * place for every remote: the shell sees every route change, whoever made it.
 *
 * The page may arrive late (a remote or a lazy chunk loads first), so the heading is awaited, a
 * frame at a time and for a bounded time. A heading still showing the old page's text is not the
 * new one yet, unless it stays so long that it must be (two routes with the same heading). Focus
 * that the user has moved meanwhile is never taken away.
 */

const WAIT_MS = 5_000;
const SAME_HEADING_MS = 1_000;

export interface HeadingFocusOptions {
  /** The clock and the frame scheduler, injectable for tests. */
  now?: () => number;
  nextFrame?: (callback: () => void) => void;
}

function isShown(element: Element): boolean {
  if (element.closest('[hidden], [aria-hidden="true"], [inert]')) return false;
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

function mainHeading(doc: Document): HTMLElement | null {
  return [...doc.querySelectorAll<HTMLElement>('h1')].find(isShown) ?? null;
}

export function createHeadingFocus(
  doc: Document,
  { now = () => performance.now(), nextFrame = (callback) => requestAnimationFrame(callback) }: HeadingFocusOptions = {},
) {
  let lastPath = doc.defaultView?.location.pathname ?? '';
  let generation = 0;

  return function onRoute(pathname: string): void {
    if (pathname === lastPath) return;
    lastPath = pathname;
    generation += 1;
    const mine = generation;
    const focusedBefore = doc.activeElement;
    const old = mainHeading(doc);
    const oldText = old?.textContent ?? null;
    const started = now();

    const userMovedFocus = () => {
      const active = doc.activeElement;
      return active !== null && active !== doc.body && active !== focusedBefore && active.isConnected;
    };

    const attempt = () => {
      if (mine !== generation || userMovedFocus()) return;
      const elapsed = now() - started;
      const heading = mainHeading(doc);
      const isNew = heading !== null && (heading !== old || heading.textContent !== oldText || elapsed >= SAME_HEADING_MS);
      if (heading && isNew) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      if (elapsed < WAIT_MS) nextFrame(attempt);
    };
    nextFrame(attempt);
  };
}

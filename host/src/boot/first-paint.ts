import { FIRST_PAINT_ELEMENT_ID } from '@incontra/contracts/first-paint';

/** Whatever happens, the first paint never outstays this: the page under it is the truth. */
export const FIRST_PAINT_DEADLINE_MS = 10_000;

export interface FirstPaintWatch {
  /** The element the remotes render into. */
  appsRoot: HTMLElement | null;
  /** True when a remote failed: the chrome's error view, under the first paint, must show. */
  pageFailed(): boolean;
}

/**
 * Takes the API's first paint of a visitor page (see @incontra/contracts/first-paint) away once
 * the page shows itself: when a heading appears in the remotes' area (the real one, in the same
 * frame, so the visitor sees no gap), or at the first routing event when the first paint had no
 * heading to hand over or the page failed. The first paint is fixed over the page, so taking it
 * away moves nothing. No first paint, nothing to do.
 */
export function watchFirstPaint(win: Window, { appsRoot, pageFailed }: FirstPaintWatch): void {
  const paint = win.document.getElementById(FIRST_PAINT_ELEMENT_ID);
  if (!paint) return;
  const awaitsHeading = paint.querySelector('h1') !== null;
  const observer = new MutationObserver(() => check());
  const deadline = win.setTimeout(() => release(), FIRST_PAINT_DEADLINE_MS);

  function release(): void {
    paint?.remove();
    observer.disconnect();
    win.removeEventListener('single-spa:routing-event', check);
    win.clearTimeout(deadline);
  }
  function check(): void {
    if (!awaitsHeading || pageFailed() || appsRoot?.querySelector('h1')) release();
  }

  if (appsRoot && awaitsHeading) observer.observe(appsRoot, { childList: true, subtree: true });
  win.addEventListener('single-spa:routing-event', check);
}

/** When the shell cannot boot, its error chrome must not stay hidden under the first paint. */
export function dropFirstPaint(doc: Document): void {
  doc.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove();
}

import { FIRST_PAINT_ELEMENT_ID } from '@incontra/contracts/first-paint';
import { dropFirstPaint, FIRST_PAINT_DEADLINE_MS, watchFirstPaint } from './first-paint';

/** The API's first paint (with or without a heading) above an empty apps area, as the page starts. */
function startPage(heading: string | null): HTMLElement {
  document.body.innerHTML =
    `<div id="${FIRST_PAINT_ELEMENT_ID}"><header><p>Demo</p></header><main>${heading === null ? '' : `<h1>${heading}</h1>`}</main></div>` +
    '<div id="incontra-apps"></div>';
  return document.getElementById('incontra-apps')!;
}

const firstPaint = () => document.getElementById(FIRST_PAINT_ELEMENT_ID);
const routingEvent = () => window.dispatchEvent(new Event('single-spa:routing-event'));
/** MutationObserver callbacks run as microtasks, after the mutation's task. */
const observed = () => Promise.resolve();

afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('watchFirstPaint', () => {
  it('keeps a first paint with a heading until the page’s own heading is there, then takes it away', async () => {
    const appsRoot = startPage('Benvenuto da Demo');
    watchFirstPaint(window, { appsRoot, pageFailed: () => false });

    routingEvent(); // the remote mounted, but shows its loader so far
    appsRoot.innerHTML = '<div role="status">Caricamento…</div>';
    await observed();
    expect(firstPaint()).not.toBeNull();

    appsRoot.insertAdjacentHTML('beforeend', '<section><h1>Benvenuto da Demo</h1></section>');
    await observed();
    expect(firstPaint()).toBeNull();
  });

  it('takes a first paint without a heading away at the first routing event', () => {
    const appsRoot = startPage(null);
    watchFirstPaint(window, { appsRoot, pageFailed: () => false });
    expect(firstPaint()).not.toBeNull();
    routingEvent();
    expect(firstPaint()).toBeNull();
  });

  it('takes it away when the page failed, so that the error view under it shows', () => {
    const appsRoot = startPage('Benvenuto da Demo');
    let failed = false;
    watchFirstPaint(window, { appsRoot, pageFailed: () => failed });
    routingEvent();
    expect(firstPaint()).not.toBeNull();
    failed = true;
    routingEvent();
    expect(firstPaint()).toBeNull();
  });

  it('never outstays its deadline', () => {
    jest.useFakeTimers();
    const appsRoot = startPage('Benvenuto da Demo');
    watchFirstPaint(window, { appsRoot, pageFailed: () => false });
    jest.advanceTimersByTime(FIRST_PAINT_DEADLINE_MS - 1);
    expect(firstPaint()).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(firstPaint()).toBeNull();
  });

  it('does nothing on a page without a first paint', () => {
    document.body.innerHTML = '<div id="incontra-apps"><h1>Area riservata</h1></div>';
    watchFirstPaint(window, { appsRoot: document.getElementById('incontra-apps'), pageFailed: () => false });
    routingEvent();
    expect(document.querySelector('h1')).toHaveTextContent('Area riservata');
  });
});

describe('dropFirstPaint', () => {
  it('takes the first paint away at once', () => {
    startPage('Benvenuto da Demo');
    dropFirstPaint(document);
    expect(firstPaint()).toBeNull();
    expect(document.getElementById('incontra-apps')).not.toBeNull();
  });
});

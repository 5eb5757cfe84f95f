import { createHeadingFocus } from './heading-focus';

/** A frame scheduler and clock the test moves by hand. */
function fakeFrames() {
  let time = 0;
  let queue: (() => void)[] = [];
  return {
    now: () => time,
    nextFrame: (callback: () => void) => void queue.push(callback),
    /** Runs `count` frames, 16 ms apart. */
    run(count = 1) {
      for (let index = 0; index < count; index += 1) {
        time += 16;
        const due = queue;
        queue = [];
        for (const callback of due) callback();
      }
    },
    get pending() {
      return queue.length;
    },
  };
}

function page(html: string) {
  document.body.innerHTML = html;
}

describe('focus on the main heading after a route change', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('focuses the new page’s h1, made focusable, once it has rendered', () => {
    page('<nav><a href="/prenota" id="link">Prenota</a></nav><main><h1>Benvenuti</h1></main>');
    const frames = fakeFrames();
    const onRoute = createHeadingFocus(document, frames);
    document.getElementById('link')!.focus();

    onRoute('/prenota');
    frames.run();
    // The old page is still there: its heading is not the new page's.
    expect(document.activeElement?.id).toBe('link');

    page('<main><h1 id="new">Prenota un appuntamento</h1></main>');
    frames.run();
    const heading = document.getElementById('new')!;
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a page that loads late, and skips hidden headings', () => {
    page('<main><p>Caricamento…</p></main>');
    const frames = fakeFrames();
    const onRoute = createHeadingFocus(document, frames);
    onRoute('/admin');
    frames.run(30);
    page('<div hidden><h1>Vecchia</h1></div><main><h1 id="new" tabindex="0">Pannello</h1></main>');
    frames.run();
    expect(document.activeElement?.id).toBe('new');
    // A heading that was already focusable keeps its own tabindex.
    expect(document.activeElement?.getAttribute('tabindex')).toBe('0');
  });

  it('focuses a heading whose text stays the same once the short wait is over', () => {
    page('<main><h1 id="same">Agenda</h1></main>');
    const frames = fakeFrames();
    const onRoute = createHeadingFocus(document, frames);
    onRoute('/admin/agenda/altro');
    frames.run(10);
    expect(document.activeElement).toBe(document.body);
    frames.run(60);
    expect(document.activeElement?.id).toBe('same');
  });

  it('never takes focus the user has moved meanwhile, and gives up after the bounded wait', () => {
    page('<main><input id="field" /></main>');
    const frames = fakeFrames();
    const onRoute = createHeadingFocus(document, frames);
    onRoute('/partecipa');
    document.getElementById('field')!.focus();
    page('<main><input id="field2" /><h1>Partecipa</h1></main>');
    document.getElementById('field2')!.focus();
    frames.run();
    expect(document.activeElement?.id).toBe('field2');
    expect(frames.pending).toBe(0);

    page('<main><p>niente</p></main>');
    onRoute('/altro');
    frames.run(400);
    expect(frames.pending).toBe(0);
  });

  it('does nothing when the path did not change (a query string, a re-render)', () => {
    page('<main><h1>Benvenuti</h1></main>');
    const frames = fakeFrames();
    const onRoute = createHeadingFocus(document, frames);
    onRoute('/');
    expect(frames.pending).toBe(0);
  });
});

/** A jsdom stand-in for window.matchMedia whose queries match as `matches` says. */
export function matchMediaAnswering(matches: (query: string) => boolean): typeof window.matchMedia {
  return (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

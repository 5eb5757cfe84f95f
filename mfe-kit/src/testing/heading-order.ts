import { screen } from '@testing-library/react';

/** The level of a heading element: its aria-level, else its tag's (h1 … h6). */
function levelOf(heading: HTMLElement): number {
  return Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1));
}

/**
 * The page's headings as axe's `heading-order` reads them: the levels in document order (those
 * a screen reader meets), the first an h1, none more than one level below the one before it (an
 * h3 straight after an h1 skips a level).
 */
export function expectHeadingsInOrder(): void {
  const levels = screen.getAllByRole('heading').map(levelOf);
  const skips = levels.flatMap((level, index) => (index > 0 && level > levels[index - 1]! + 1 ? [`h${levels[index - 1]} → h${level}`] : []));
  expect({ first: levels[0], skips }).toEqual({ first: 1, skips: [] });
}

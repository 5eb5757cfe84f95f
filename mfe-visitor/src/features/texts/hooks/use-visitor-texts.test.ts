import { TRANSLATION_CATALOGUE, TRANSLATION_KEYS } from '@incontra/contracts/api/translations';
import { DEFAULT_TEXTS } from './use-visitor-texts';

describe('visitor text defaults', () => {
  it('are the catalogue’s, key for key', () => {
    expect(Object.keys(DEFAULT_TEXTS).sort()).toEqual([...TRANSLATION_KEYS].sort());
    for (const key of TRANSLATION_KEYS) expect(DEFAULT_TEXTS[key]).toBe(TRANSLATION_CATALOGUE[key].defaultText);
  });
});

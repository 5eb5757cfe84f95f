import { DEMO_COMPANIES } from './demo-data';

/** Every string of a seed value, with where it sits («Demo › stores › 0 › wall»). */
function textsOf(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsOf(item, `${path} › ${index}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => textsOf(item, `${path} › ${key}`));
  return [];
}

/*
 * Words that make a text speak to a man or a woman (#24 §5): the demo's welcome title, wall and
 * room texts are what every new company sees first, and the spec fixes none of them. «Il
 * benvenuto», the noun, is everyone's.
 */
const GENDERED = /(?<!\bil )\bbenvenut[oa]\b|\b(incaricat[oa]|espert[oa]|rimoss[oa]|collegat[oa])\b/i;

describe('the demo data', () => {
  it('speaks to everyone alike: no gendered welcome or role words in its texts', () => {
    const gendered = DEMO_COMPANIES.flatMap((company) => textsOf(company, company.name)).filter(([, text]) => GENDERED.test(text));
    expect(gendered).toEqual([]);
  });

  it('welcomes with the neutral title the first paint and the welcome page show', () => {
    expect(DEMO_COMPANIES.map((company) => company.settings.welcomeTitle)).toEqual(['Ti diamo il benvenuto da Demo', 'Ti diamo il benvenuto in Acme']);
  });
});

import { ERRORS } from '@incontra/contracts/errors';
import { readInitialData } from './read-initial-data';

const company = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Demo',
  slug: 'demo',
  primaryColor: '#f5a623',
  theme: 'easy',
  logo: null,
  privacyPolicy: null,
  tosPolicy: null,
  wall: null,
  settings: {},
  timeZone: 'Europe/Rome',
};

function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('x');
  if (json !== null) doc.body.innerHTML = `<script type="application/json" id="incontra-initial-data">${json}</script>`;
  return doc;
}

describe('readInitialData', () => {
  it('reads the company the API inlined', () => {
    expect(readInitialData(pageWith(JSON.stringify({ host: 'demo.localhost', company }))).company.name).toBe('Demo');
  });

  it("reads a visitor page's public config, and leaves out one that does not fit its schema", () => {
    const publicConfig = { companyConfig: { id: company.id, name: 'Demo', stores: [] }, store: null, translations: [] };
    expect(readInitialData(pageWith(JSON.stringify({ host: 'demo.localhost', company, publicConfig }))).publicConfig).toEqual(publicConfig);
    const malformed = readInitialData(pageWith(JSON.stringify({ host: 'demo.localhost', company, publicConfig: { store: 'x' } })));
    expect(malformed).toEqual({ host: 'demo.localhost', company });
  });

  it.each([null, '', 'not json', '{"host":"x"}'])('answers Company is null for %p', (json) => {
    expect(() => readInitialData(pageWith(json))).toThrow(ERRORS.companyIsNull);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../fixtures/tenants';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { signIn } from '../fixtures/auth';
import { buildBillingVariant, freshDataDir, publishFolder, startApi } from '../fixtures/deploy-alone';

/** The deploys of this suite run one at a time on this port, each a new API process on the same data. */
const DEPLOY_PORT = Number(process.env.E2E_DEPLOY_PORT ?? 3330);
const SUBSCRIPTION = '/admin/abbonamento';
const REMOTE_FAILED = 'Questa sezione non è al momento disponibile';

// Kbd is an export of @mantine/core that no app of the platform uses: the shell was built without
// anyone asking for it, and must provide it all the same.
const SUBSCRIPTION_PAGE = '<SubscriptionPage role={me.role} />';
function withKbdUnderTheTitle(source: string): string {
  if (!source.includes(SUBSCRIPTION_PAGE)) throw new Error(`billing-page.tsx renders no ${SUBSCRIPTION_PAGE} any more: change this variant with it`);
  const withKbd = source.replace(SUBSCRIPTION_PAGE, `<>\n<Kbd data-testid="deployed-alone">2.0</Kbd>\n${SUBSCRIPTION_PAGE}\n</>`);
  return `import { Kbd } from '@mantine/core';\n${withKbd}`;
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

/** Errors the page writes to its console, as they come. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function openSubscription(page: Page, baseUrl: string): Promise<void> {
  await signIn(page, baseUrl, DEMO.admin);
  await page.goto(`${baseUrl}${SUBSCRIPTION}`);
}

test('billing built and deployed alone with an export no app used runs under the deployed shell; pointing back rolls it back', async ({ page }) => {
  const dist = await buildBillingVariant({ name: 'kbd', sources: { 'app/billing-page.tsx': withKbdUnderTheTitle } });
  const cdn = await publishFolder(dist);
  const dataDir = freshDataDir();
  let api = await startApi(DEPLOY_PORT, dataDir, { REMOTE_BILLING_URL: `${cdn.url}/mf-manifest.json` });
  try {
    const fromCdn: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(cdn.url)) fromCdn.push(new URL(response.url()).pathname);
    });

    await openSubscription(page, api.url);
    const manifest = await page.evaluate(async () => (await fetch('/remotes.json')).json() as Promise<{ remotes: { name: string; entry: string }[] }>);
    expect(manifest.remotes).toContainEqual({ name: 'billing', entry: `${cdn.url}/mf-manifest.json` });
    await expect(page.getByTestId('deployed-alone')).toHaveText('2.0');
    expect(await page.getByTestId('deployed-alone').evaluate((element) => element.tagName)).toBe('KBD');
    await expect(page.getByRole('heading', { name: 'Limiti del piano' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Utenti' })).toBeVisible();
    expect(fromCdn).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));

    // Roll back: the API points at the remote deployed with the platform again.
    await api.stop();
    api = await startApi(DEPLOY_PORT, dataDir);
    await page.goto(`${api.url}${SUBSCRIPTION}`);
    await expect(page.getByRole('heading', { name: 'Limiti del piano' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Utenti' })).toBeVisible();
    await expect(page.getByTestId('deployed-alone')).toHaveCount(0);
  } finally {
    await api.stop();
    await cdn.close();
  }
});

for (const { what, dependencies, reason } of [
  { what: 'a Mantine version', dependencies: { '@mantine/core': '9.99.0' }, reason: /@mantine\/core.*\^9\.99\.0/ },
  { what: 'a contracts version', dependencies: { '@incontra/contracts': '2.0.0' }, reason: /@incontra\/contracts\/.*\^2\.0\.0/ },
]) {
  test(`a remote built for ${what} the shell does not provide shows the error view and says why in the console`, async ({ page }) => {
    const dist = await buildBillingVariant({ name: `needs-${Object.keys(dependencies)[0]!.replace(/\W+/g, '-')}`, dependencies });
    const cdn = await publishFolder(dist);
    const api = await startApi(DEPLOY_PORT, freshDataDir(), { REMOTE_BILLING_URL: `${cdn.url}/mf-manifest.json` });
    const errors = consoleErrors(page);
    try {
      await openSubscription(page, api.url);
      await expect(page.getByText(REMOTE_FAILED)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Riprova' })).toBeVisible();
      await expect.poll(() => errors.find((text) => text.startsWith('Incontra: the remote "billing" could not be loaded'))).toMatch(reason);
      // The rest of the product is unaffected: the back office's dashboard still works.
      await page.goto(`${api.url}/admin`);
      await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();
    } finally {
      await api.stop();
      await cdn.close();
    }
  });
}

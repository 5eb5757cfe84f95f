import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../fixtures/tenants';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { signIn } from '../fixtures/auth';

/** Every registered version of a share key in the federation share scope. */
function sharedVersions(page: Page, key: string): Promise<{ useIn: string[]; loaded: boolean }[]> {
  return page.evaluate((shareKey) => {
    type Version = { useIn: string[]; loaded?: boolean };
    const share = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, { default?: Record<string, Record<string, Version>> }> } }).__FEDERATION__
      .__SHARE__;
    return Object.values(share).flatMap((scopes) =>
      Object.values(scopes.default?.[shareKey] ?? {}).map(({ useIn, loaded }) => ({ useIn, loaded: Boolean(loaded) })),
    );
  }, key);
}

/** The paths of the scripts loaded so far that carry Mantine's AppShell (its display name survives minifying). */
function recordAppShellScripts(page: Page): string[] {
  const paths: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes('@mantine/core/AppShell')) paths.push(new URL(response.url()).pathname);
  });
  return paths;
}

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

// Mantine (core and hooks) is provided in two parts (tooling/shared-facades.cjs): what the welcome
// page uses, and the rest, loaded by the first page that needs it. Both must be the shell's, or the later
// components would look for the MantineProvider of another copy and fail.
test('the welcome page runs without the later part of Mantine; the back office and billing get the shell’s', async ({ page }) => {
  const appShellScripts = recordAppShellScripts(page);
  await page.goto(`${DEMO.url}/`);
  await expect(page.getByRole('link', { name: 'Partecipa' }).or(page.getByRole('button', { name: 'Partecipa' }))).toBeVisible();
  for (const key of ['@mantine/core/later', '@mantine/hooks/later']) {
    expect(await sharedVersions(page, key)).toEqual([{ useIn: [], loaded: false }]);
  }
  expect(appShellScripts).toEqual([]);

  await signIn(page, DEMO.url, DEMO.admin);
  await page.getByRole('link', { name: 'Abbonamento' }).first().click();
  await expect(page).toHaveURL(`${DEMO.url}/admin/abbonamento`);
  await expect(page.getByRole('heading', { name: 'Limiti del piano' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Utenti' })).toBeVisible();
  await expect(page.getByText('Periodo di prova', { exact: true })).toBeVisible();

  // One copy, downloaded from the shell's build, used by both remotes.
  expect(appShellScripts).toHaveLength(1);
  expect(appShellScripts[0]).toMatch(/^\/shell\//);
  for (const key of ['@mantine/core', '@mantine/core/later']) {
    const versions = await sharedVersions(page, key);
    expect(versions).toHaveLength(1);
    expect(versions[0]?.useIn).toEqual(expect.arrayContaining(['incontra_backoffice', 'incontra_billing']));
  }
  expect(await sharedVersions(page, '@mantine/hooks/later')).toEqual([{ useIn: expect.arrayContaining(['incontra_backoffice']), loaded: true }]);
});

import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../fixtures/tenants';
import { acceptCookiesUpFront } from '../fixtures/cookies';

/**
 * Every copy of react-dom registers its renderer with the devtools hook when it loads. A stand-in
 * hook installed before any script counts them: one renderer means host and remotes share React.
 */
async function countReactRenderers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const renderers = new Map<number, unknown>();
    let nextId = 1;
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      configurable: true,
      value: {
        renderers,
        supportsFiber: true,
        inject(renderer: unknown) {
          renderers.set(nextId, renderer);
          return nextId++;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
  });
}

const rendererCount = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
  );

test('the shell and every remote it mounts share one React', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await countReactRenderers(page);
  await page.goto(`${DEMO.url}/`);
  await expect(page.getByRole('link', { name: 'Partecipa' }).or(page.getByRole('button', { name: 'Partecipa' }))).toBeVisible();

  // Client-side route changes mount two more remotes in the same page.
  await page.evaluate(() => window.history.pushState(null, '', '/admin/login'));
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  await page.evaluate(() => window.history.pushState(null, '', '/room/verifica'));
  await expect(page.getByText('Verifica dispositivi')).toBeVisible();

  expect(await rendererCount(page)).toBe(1);
  const reactUsers = await page.evaluate(() => {
    const share = (
      window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string; useIn: string[] }>>>> } }
    ).__FEDERATION__.__SHARE__;
    const versions = Object.values(share).flatMap((scopes) => Object.values(scopes.default?.react ?? {}));
    return versions.map((version) => ({ from: version.from, useIn: version.useIn }));
  });
  expect(reactUsers).toHaveLength(1);
  expect(reactUsers[0]?.from).toBe('incontra_shell');
  expect(reactUsers[0]?.useIn).toEqual(expect.arrayContaining(['incontra_visitor', 'incontra_backoffice', 'incontra_room']));
});

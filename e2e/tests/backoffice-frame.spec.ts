import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/backoffice-axe';
import { staffContext } from '../fixtures/rooms';
import { DEMO } from '../fixtures/tenants';

/*
 * The back office's frame in real Chromium: an unknown /admin/… path shows the back office's own
 * not-found view with its menu; the subscription page (the billing remote) shows inside the
 * back-office layout, reached from the menu and opened directly, and the menu leads on from it.
 */

const NAV = 'Navigazione dell’area riservata';

test('an unknown back-office path shows its not-found view inside the layout', async ({ browser }) => {
  const { context, page } = await staffContext(browser, DEMO.url, DEMO.admin);
  try {
    await page.goto(`${DEMO.url}/admin/non-esiste`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'La pagina non è stata trovata' })).toBeVisible();
    await expect(main).toContainText('La pagina ricercata non può essere raggiunta oppure non esite.');
    await expect(page.getByRole('navigation', { name: NAV })).toBeVisible();
    await expect(page).toHaveTitle(`${DEMO.name} 404 Pagina non trovata`);
    await expect(page).toHaveURL(`${DEMO.url}/admin/non-esiste`);
    await expectNoSeriousViolations(page, 'the back office not-found view');
    await main.getByRole('link', { name: 'Torna al pannello' }).click();
    await expect(page).toHaveURL(`${DEMO.url}/admin`);
    await expect(page.getByRole('heading', { level: 2, name: 'In questo momento' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Appuntamenti oggi' })).toContainText(/\d/);
    await expectNoSeriousViolations(page, 'the dashboard with its live figures');
  } finally {
    await context.close();
  }
});

test('the subscription page keeps the back-office layout, from the menu and opened directly', async ({ browser }) => {
  const { context, page } = await staffContext(browser, DEMO.url, DEMO.admin);
  try {
    const nav = page.getByRole('navigation', { name: NAV });
    await nav.getByRole('link', { name: 'Abbonamento', exact: true }).click();
    // The billing remote's page, inside the back office's content area, is the one main landmark.
    const main = page.getByRole('main');
    await expect(page.locator('#backoffice-main').getByRole('heading', { level: 1, name: 'Abbonamento' })).toBeVisible();
    await expect(main).toHaveCount(1);
    await expect(main).toContainText('Limiti del piano');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Abbonamento', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();

    await page.reload();
    await expect(main.getByRole('heading', { level: 1, name: 'Abbonamento' })).toBeVisible();
    await expect(nav).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('abbonamento-1280.png') });
    await expectNoSeriousViolations(page, 'the subscription inside the back office');

    // On to another section: the subscription goes, the layout stays.
    await nav.getByRole('link', { name: 'Agenda', exact: true }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
    await expect(main.getByText('Limiti del piano')).toHaveCount(0);
    await page.goBack();
    await expect(main.getByRole('heading', { level: 1, name: 'Abbonamento' })).toBeVisible();
  } finally {
    await context.close();
  }
});

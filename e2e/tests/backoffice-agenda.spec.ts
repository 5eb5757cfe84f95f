import { expect, test, type Page } from '@playwright/test';
import { bookFreeStart, clickCalendarDay, freeStarts, italianDay, onOwnStore, type OwnStore } from '../fixtures/backoffice-store';
import { ACME } from '../fixtures/tenants';

/*
 * The agenda's list and new appointments, in real Chromium, on a store of Acme's own (deleted
 * afterwards): the list starts from today whatever day the week view was on; an appointment
 * booked from the agenda shows its day with the appointment marked; the toast that says so
 * leaves «Esci» uncovered and clickable, on a laptop and on a phone.
 */

async function agendaOf(page: Page, store: OwnStore, query = ''): Promise<void> {
  await page.goto(`${ACME.url}/admin/agenda?punto-vendita=${store.storeId}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
}

test('the list starts from today, even after the week view went weeks ahead; «Esporta CSV» is enabled', async ({ browser }) => {
  test.setTimeout(60_000);
  await onOwnStore(browser, 'Elenco', async (page, store) => {
    const booked = await bookFreeStart(page, store);
    await agendaOf(page, store, '&vista=settimana');
    // Six weeks on: past the appointment, booked within the next four.
    for (let week = 0; week < 6; week += 1) await page.getByRole('button', { name: 'Settimana successiva' }).click();
    await expect(page.getByText('Nessun appuntamento in questa settimana.')).toBeVisible();

    // The view switch's radios are visually hidden behind their labels: the label is what is clicked.
    await page.getByRole('radiogroup', { name: 'Vista dell’agenda' }).getByText('Elenco', { exact: true }).click();
    const table = page.getByRole('table', { name: 'Elenco degli appuntamenti' });
    await expect(table.getByRole('row').filter({ hasText: booked.customer })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Esporta CSV' })).toBeEnabled();
  });
});

for (const width of [1280, 360]) {
  test(`at ${width} px a new appointment opens its day with the appointment marked, and the toast leaves «Esci» free`, async ({ browser }) => {
    test.setTimeout(90_000);
    await onOwnStore(browser, 'Nuovo', async (page, store) => {
      await page.setViewportSize({ width, height: 800 });
      // The day's last free start: the first may pass the minimum notice while the form is filled.
      const [day] = await freeStarts(page, store);
      await agendaOf(page, store, '&vista=settimana');
      // The agenda was elsewhere: two weeks on.
      await page.getByRole('button', { name: 'Settimana successiva' }).click();
      await page.getByRole('button', { name: 'Settimana successiva' }).click();

      await page.getByRole('button', { name: 'Nuovo appuntamento' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuovo appuntamento' });
      await dialog.getByRole('combobox', { name: /^Argomento/ }).selectOption({ label: store.topicName });
      await dialog.getByRole('button', { name: /^Data/ }).click();
      await clickCalendarDay(page.locator('.mantine-Popover-dropdown'), italianDay(day!.date));
      await dialog.getByRole('button', { name: day!.slots.at(-1)!.time, exact: true }).click();
      await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Teresa');
      await dialog.getByRole('textbox', { name: /^Cognome/ }).fill('Marchi');
      await dialog.getByRole('textbox', { name: /^E-mail/ }).fill('teresa.marchi@example.it');
      await dialog.getByRole('textbox', { name: /^Telefono/ }).fill('333 765 4321');
      await dialog.getByRole('button', { name: 'Prenota' }).click();

      const toast = page.locator('[data-position="top-right"]').getByText(/^Appuntamento prenotato per Teresa Marchi/);
      await expect(toast).toBeVisible();
      // The toast leaves «Esci» uncovered: their boxes do not meet, and a click would reach it.
      const signOut = page.getByRole('button', { name: 'Esci' });
      const [toastBox, signOutBox] = [(await toast.boundingBox())!, (await signOut.boundingBox())!];
      const overlap =
        toastBox.x < signOutBox.x + signOutBox.width &&
        signOutBox.x < toastBox.x + toastBox.width &&
        toastBox.y < signOutBox.y + signOutBox.height &&
        signOutBox.y < toastBox.y + toastBox.height;
      expect(overlap, `toast ${JSON.stringify(toastBox)} over «Esci» ${JSON.stringify(signOutBox)}`).toBe(false);
      await signOut.click({ trial: true });

      await expect(page.getByRole('heading', { level: 2, name: italianDay(day!.date) })).toBeVisible();
      const marked = page.locator('[data-testid="agenda-item"][data-highlighted="true"]');
      await expect(marked).toHaveCount(1);
      await expect(marked).toContainText('Teresa Marchi');
      await expect(marked).toContainText('Nuovo');
      await expect(marked).toBeInViewport();
      // The day view of that day (the week view's address gone).
      await expect(page).toHaveURL(new RegExp(`[?&]giorno=${day!.date}`));
      expect(new URL(page.url()).searchParams.get('vista')).toBeNull();
      await page.screenshot({ path: test.info().outputPath(`agenda-new-${width}.png`), fullPage: false });
    });
  });
}

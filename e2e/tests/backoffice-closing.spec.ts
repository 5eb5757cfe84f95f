import { expect, test } from '@playwright/test';
import { latestMailTo } from '../fixtures/auth';
import { expectToast, staffApi } from '../fixtures/backoffice';
import { expectNoSeriousViolations } from '../fixtures/backoffice-axe';
import { bookFreeStart, clickCalendarDay, italianDay, ok, onOwnStore } from '../fixtures/backoffice-store';
import { ACME } from '../fixtures/tenants';

/*
 * Closing time over booked appointments, in real Chromium: an admin closes, on the room's
 * calendar, the day of two appointments booked in it; before anything is saved a dialog lists
 * them (customer, day, time); the admin cancels them with a message, and each customer's e-mail
 * carries the message and the cancelling .ics. Keeping them saves the closure and leaves them
 * booked. On a store of Acme's own, deleted afterwards.
 */

test('closing a day with appointments booked in it asks first, then cancels them and tells each customer', async ({ browser }) => {
  test.setTimeout(90_000);
  await onOwnStore(browser, 'Chiusura', async (page, store) => {
    // Two appointments of one day: the first day with three free starts, its first and its third.
    const second = await bookFreeStart(page, store, 2);
    const first = await bookFreeStart(page, store, 0, second.date);

    await page.goto(`${ACME.url}/admin/stanze/${store.roomId}`);
    await expect(page.getByRole('heading', { level: 1, name: store.roomName })).toBeVisible();
    await clickCalendarDay(page.getByRole('region', { name: 'Eccezioni' }), italianDay(first.date));
    const form = page.getByRole('form', { name: `Eccezione del ${italianDay(first.date)}` });
    await expect(form.getByRole('checkbox', { name: 'Chiuso tutto il giorno' })).toBeChecked();
    await form.getByRole('textbox', { name: 'Nota' }).fill('Inventario');
    await form.getByRole('button', { name: 'Salva l’eccezione' }).click();

    const dialog = page.getByRole('dialog', { name: 'Appuntamenti fuori orario' });
    const listed = dialog.getByRole('listitem');
    await expect(listed).toHaveText([
      `${first.customer} · ${italianDay(first.date)}, ${first.time} · ${store.topicName}`,
      `${second.customer} · ${italianDay(second.date)}, ${second.time} · ${store.topicName}`,
    ]);
    // Nothing is saved yet: the day is still open and both appointments are booked.
    const opening = await ok(staffApi<{ exceptions: { date: string }[] }>(page, 'GET', `/api/room/${store.roomId}/opening`));
    expect(opening.exceptions).toEqual([]);
    await expect(dialog.getByRole('button', { name: 'Torna alla modifica' })).toBeFocused();
    await expectNoSeriousViolations(page, 'the closing dialog at 1280 px');
    await page.setViewportSize({ width: 360, height: 740 });
    // On a phone the dialog takes the screen, nothing wider than it.
    expect(await dialog.evaluate((element) => element.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousViolations(page, 'the closing dialog at 360 px');
    await page.screenshot({ path: test.info().outputPath('closing-dialog-360.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByRole('textbox', { name: 'Messaggio ai clienti (facoltativo)' }).fill('Il negozio resta chiuso per inventario: scusaci.');
    await dialog.getByRole('button', { name: 'Annulla gli appuntamenti e avvisa i clienti' }).click();
    await expectToast(page, 'Orari salvati; 2 appuntamenti annullati.');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table', { name: 'Eccezioni in programma' }).getByRole('row').filter({ hasText: 'Inventario' })).toBeVisible();

    for (const booked of [first, second]) {
      const reservation = await ok(staffApi<{ status: string; cancelledBy: string }>(page, 'GET', `/api/bo/reservations/${booked.id}`));
      expect(reservation).toMatchObject({ status: 'cancelled', cancelledBy: 'staff' });
      const mail = await latestMailTo(page, booked.email);
      expect(mail!.text).toContain('Messaggio di Acme:\nIl negozio resta chiuso per inventario: scusaci.');
      expect(mail!.attachments[0]!.content).toContain('METHOD:CANCEL');
    }
  });
});

test('keeping the appointments saves the closure and leaves them booked', async ({ browser }) => {
  test.setTimeout(90_000);
  await onOwnStore(browser, 'Chiusura', async (page, store) => {
    const booked = await bookFreeStart(page, store, 0);
    await page.goto(`${ACME.url}/admin/stanze/${store.roomId}`);
    await clickCalendarDay(page.getByRole('region', { name: 'Eccezioni' }), italianDay(booked.date));
    await page
      .getByRole('form', { name: `Eccezione del ${italianDay(booked.date)}` })
      .getByRole('button', { name: 'Salva l’eccezione' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Appuntamenti fuori orario' });
    await expect(dialog.getByRole('listitem')).toHaveText([`${booked.customer} · ${italianDay(booked.date)}, ${booked.time} · ${store.topicName}`]);
    await dialog.getByRole('button', { name: 'Mantieni l’appuntamento' }).click();
    await expectToast(page, 'Orari salvati; l’appuntamento resta prenotato.');
    const reservation = await ok(staffApi<{ status: string }>(page, 'GET', `/api/bo/reservations/${booked.id}`));
    expect(reservation.status).toBe('booked');
    const opening = await ok(staffApi<{ exceptions: { date: string; ranges: unknown[] }[] }>(page, 'GET', `/api/room/${store.roomId}/opening`));
    expect(opening.exceptions).toEqual([expect.objectContaining({ date: booked.date, ranges: [] })]);
  });
});

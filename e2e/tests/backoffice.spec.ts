import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { latestMailTo, signIn } from '../fixtures/auth';
import { confirmDeletion, expectToast, rowWith, solidPng, staffApi, uniqueName } from '../fixtures/backoffice';
import { closedAfterEachTest } from '../fixtures/contexts';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { staffContext } from '../fixtures/rooms';
import { ACME, DEMO, rgbOf } from '../fixtures/tenants';

/*
 * The back office's management area, driven as an admin would: stores, rooms with their opening,
 * topics, the company's look and privacy text, users and their invitation, the plan's limit and
 * the activity log — and what visitors see of it. Acme takes the changes; Demo only the checks at
 * the plan's limit and the look (see that test). Everything created has a name of its own and is
 * deleted, everything changed is put back: the suites after this one read both as seeded.
 */

const NAV = 'Navigazione dell’area riservata';

const closeAfterTest = closedAfterEachTest();

async function signedIn(browser: Browser, tenant: typeof ACME | typeof DEMO, credentials = tenant.admin): Promise<Page> {
  const staff = await staffContext(browser, tenant.url, credentials);
  closeAfterTest(staff.context);
  return staff.page;
}

/** A visitor in a browser context of its own; the cookie banner accepted unless asked otherwise. */
async function visitorPage(browser: Browser, { banner = false, width = 1280 } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  closeAfterTest(context);
  const page = await context.newPage();
  if (!banner) await acceptCookiesUpFront(page);
  return page;
}

async function openSection(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: NAV }).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

interface Named {
  id: string;
  name: string;
}

interface ManagedUserRow {
  id: string;
  username: string;
}

/** The store of the page's company named `name`, as its visitors' config lists it (or undefined). */
async function publicStore(page: Page, name: string): Promise<Named | undefined> {
  return page.evaluate(async (wanted) => {
    const config = (await (await fetch('/api/config/company')).json()) as { stores: { id: string; name: string }[] };
    return config.stores.find((store) => store.name === wanted);
  }, name);
}

/** Deletes, through the API, the stores named in `names` that are still there (a failed test's leftovers). */
async function deleteStoresNamed(page: Page, names: string[]): Promise<void> {
  const stores = await staffApi<Named[]>(page, 'GET', '/api/stores');
  for (const store of stores.body.filter((each) => names.includes(each.name))) {
    expect.soft((await staffApi(page, 'DELETE', `/api/store/${store.id}`)).status).toBe(200);
  }
}

/** Deletes, through the API, the users whose username starts with `prefix`. */
async function deleteUsersStartingWith(page: Page, prefix: string): Promise<void> {
  const users = await staffApi<{ items: ManagedUserRow[] }>(page, 'GET', `/api/users?${new URLSearchParams({ q: prefix, pageSize: '100' })}`);
  for (const user of users.body.items.filter((each) => each.username.startsWith(prefix))) {
    expect.soft((await staffApi(page, 'DELETE', `/api/users/${user.id}`)).status).toBe(200);
  }
}

test('a new store, its room with a week and a closed day, and a topic: the back office keeps them, visitors find the store', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signedIn(browser, ACME);
  // After «Acme Torino» in the visitors' list (sorted by name): the seeded store stays the first.
  const storeName = uniqueName('Acme Verona');
  const roomName = uniqueName('Sala Arena');
  const topicName = uniqueName('Garanzia');
  try {
    await test.step('Punti vendita: a new store', async () => {
      await openSection(page, 'Punti vendita');
      await page.getByRole('button', { name: 'Nuovo punto vendita' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuovo punto vendita' });
      await expect(dialog.getByRole('textbox', { name: 'Nome' })).toBeFocused();
      await page.keyboard.type(storeName);
      await dialog.getByRole('textbox', { name: 'Indirizzo' }).fill('Via Mazzini 1, 37121 Verona');
      await dialog.getByRole('button', { name: 'Crea' }).click();
      await expectToast(page, 'Punto vendita creato.');
      // The toast sits 16 px from the right, below the header: «Esci» stays uncovered; the rest
      // of the page stays the pointer's (the navigation is clicked next, with the toast still up).
      const toasts = (await page.locator('[data-position="top-right"]').boundingBox())!;
      const signOut = (await page.getByRole('button', { name: 'Esci' }).boundingBox())!;
      expect(page.viewportSize()!.width - toasts.x - toasts.width).toBe(16);
      expect(toasts.y).toBeGreaterThan(signOut.y + signOut.height);
      await expect(dialog).toBeHidden();
      await expect(rowWith(page, storeName)).toContainText('Via Mazzini 1, 37121 Verona');
    });

    await test.step('Stanze: a room in it, opened on its own page', async () => {
      await openSection(page, 'Stanze');
      await page.getByRole('button', { name: 'Nuova stanza' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuova stanza' });
      await dialog.getByRole('combobox', { name: 'Punto vendita' }).selectOption({ label: storeName });
      await dialog.getByRole('textbox', { name: 'Nome' }).fill(roomName);
      await dialog.getByRole('button', { name: 'Crea' }).click();
      await expectToast(page, 'Stanza creata.');
      // The list is a page the API searched: the new room is found by its name.
      await page.getByRole('searchbox', { name: 'Cerca' }).fill(roomName);
      await expect(page.getByRole('table', { name: 'Elenco delle stanze' }).getByRole('row')).toHaveCount(2);
      await expect(rowWith(page, roomName)).toContainText(storeName);
      await page.getByRole('link', { name: `Apri ${roomName}` }).click();
      await expect(page).toHaveURL(/\/admin\/stanze\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: roomName })).toBeVisible();
    });

    await test.step('the week: Monday 09:00–13:00 and 14:00–18:00, copied to Tuesday, saved', async () => {
      const monday = page.getByRole('group', { name: 'Lunedì', exact: true });
      await expect(monday).toContainText('Chiuso');
      await monday.getByRole('button', { name: 'Aggiungi fascia a Lunedì' }).click();
      await expect(monday.getByLabel('Lunedì, fascia 1: inizio')).toHaveValue('09:00');
      await expect(monday.getByLabel('Lunedì, fascia 1: fine')).toHaveValue('13:00');
      await monday.getByRole('button', { name: 'Aggiungi fascia a Lunedì' }).click();
      await monday.getByLabel('Lunedì, fascia 2: inizio').fill('14:00');
      await monday.getByLabel('Lunedì, fascia 2: fine').fill('18:00');

      await monday.getByRole('button', { name: 'Copia su… gli orari di Lunedì' }).click();
      const copy = page.getByRole('group', { name: 'Copia gli orari di Lunedì su' });
      await copy.getByRole('checkbox', { name: 'Martedì' }).check();
      await page.getByRole('button', { name: 'Copia', exact: true }).click();
      const tuesday = page.getByRole('group', { name: 'Martedì', exact: true });
      await expect(tuesday.getByLabel('Martedì, fascia 2: fine')).toHaveValue('18:00');

      await page.getByRole('button', { name: 'Salva gli orari' }).click();
      await expectToast(page, 'Orari settimanali salvati.');
    });

    let closedDayName = '';

    await test.step('an exception on the calendar: closed all day on the 15th of next month', async () => {
      await page.getByRole('button', { name: 'Mese successivo' }).click();
      // The 15th of the month the calendar shows, read from it: the calendar's month and the
      // company's can differ for an hour or two around a month's end (the browser's clock is not
      // the company's), so no date is computed here.
      const fifteenth = page.getByRole('button', { name: /^\S+ 15 \S+ \d{4}$/ });
      closedDayName = (await fifteenth.getAttribute('aria-label'))!;
      await fifteenth.click();
      const form = page.getByRole('form', { name: `Eccezione del ${closedDayName}` });
      await expect(form.getByRole('checkbox', { name: 'Chiuso tutto il giorno' })).toBeChecked();
      await form.getByRole('textbox', { name: 'Nota' }).fill('Inventario');
      await form.getByRole('button', { name: 'Salva l’eccezione' }).click();
      await expectToast(page, 'Eccezione salvata.');
      await expect(form).toBeHidden();
      await expect(rowWith(page.getByRole('table', { name: 'Eccezioni in programma' }), closedDayName)).toContainText(/Chiuso.*Inventario/);
    });

    await test.step('after a reload the room page shows the saved week and exception', async () => {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: roomName })).toBeVisible();
      for (const day of ['Lunedì', 'Martedì']) {
        const group = page.getByRole('group', { name: day, exact: true });
        await expect(group.getByLabel(`${day}, fascia 1: inizio`)).toHaveValue('09:00');
        await expect(group.getByLabel(`${day}, fascia 1: fine`)).toHaveValue('13:00');
        await expect(group.getByLabel(`${day}, fascia 2: inizio`)).toHaveValue('14:00');
        await expect(group.getByLabel(`${day}, fascia 2: fine`)).toHaveValue('18:00');
      }
      await expect(page.getByRole('group', { name: 'Mercoledì', exact: true })).toContainText('Chiuso');
      await expect(rowWith(page.getByRole('table', { name: 'Eccezioni in programma' }), closedDayName)).toContainText(/Chiuso.*Inventario/);
      // The calendar marks the day and says why in its name.
      await page.getByRole('button', { name: 'Mese successivo' }).click();
      await expect(page.getByRole('button', { name: `${closedDayName}: Chiuso`, exact: true })).toBeVisible();
    });

    await test.step('Argomenti: a topic of the store, served by the new room', async () => {
      await openSection(page, 'Argomenti');
      await page.getByRole('combobox', { name: 'Punto vendita' }).selectOption({ label: storeName });
      await expect(page.getByText('Questo punto vendita non ha ancora argomenti.')).toBeVisible();
      await page.getByRole('button', { name: 'Nuovo argomento' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuovo argomento' });
      await dialog.getByRole('textbox', { name: 'Nome' }).fill(topicName);
      const rooms = dialog.getByRole('combobox', { name: 'Stanze' });
      await rooms.click();
      // As a keyboard user picks it: the name, the first match, and Tab out (the list closes).
      await rooms.pressSequentially(roomName);
      await expect(page.getByRole('option', { name: roomName })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('listbox', { name: 'Stanze' })).toBeHidden();
      await expect(dialog).toContainText(roomName);
      await dialog.getByRole('button', { name: 'Crea' }).click();
      await expectToast(page, 'Argomento creato.');
      await expect(rowWith(page, topicName)).toContainText(roomName);
      await page.reload();
      await expect(rowWith(page, topicName)).toContainText(roomName);
    });

    await test.step("a visitor finds the store on the company's welcome screen and in the live flow", async () => {
      const visitor = await visitorPage(browser);
      await visitor.goto(`${ACME.url}/`);
      const store = await publicStore(visitor, storeName);
      expect(store, `${storeName} among the stores visitors are offered`).toBeDefined();
      // The store's own link (a QR code at the counter, say) names it in ?store=.
      await visitor.goto(`${ACME.url}/?store=${store!.id}`);
      await expect(visitor.getByText(`Punto vendita: ${storeName}`)).toBeVisible();
      await visitor.getByRole('link', { name: 'Partecipa' }).click();
      await expect(visitor).toHaveURL(`${ACME.url}/partecipa?store=${store!.id}`);
      await expect(visitor.getByText(`Punto vendita: ${storeName}`)).toBeVisible();
      await expect(visitor.getByTestId('live-name-form')).toBeVisible();
      const rooms = await visitor.evaluate(
        async (id) => ((await (await fetch(`/api/config/store/${id}`)).json()) as { rooms: { name: string }[] }).rooms.map((room) => room.name),
        store!.id,
      );
      expect(rooms).toEqual([roomName]);
    });

    await test.step('the store is deleted after confirmation, and visitors no longer find it', async () => {
      await openSection(page, 'Punti vendita');
      await rowWith(page, storeName).getByRole('button', { name: 'Elimina' }).click();
      await confirmDeletion(page, storeName);
      await expectToast(page, 'Punto vendita eliminato.');
      await expect(rowWith(page, storeName)).toHaveCount(0);
      expect(await publicStore(page, storeName)).toBeUndefined();
    });
  } finally {
    await deleteStoresNamed(page, [storeName]);
  }
});

test("the company's colour and style, chosen in Azienda → Aspetto, are the visitor site's", async ({ browser }) => {
  test.setTimeout(60_000);
  // On Demo, not Acme: Acme's seeded #1c7ed6 gives white button text 4.2:1, which the API now
  // refuses (below 4.5:1), so nothing could put it back; Demo's #f5a623 passes and is restored.
  const tenant = DEMO;
  const chosen = '#1b4f8a';
  const page = await signedIn(browser, tenant);
  const visitor = await visitorPage(browser);
  const join = visitor.getByRole('link', { name: 'Partecipa' });

  async function saveLook(color: string, style: 'Semplice' | 'Moderno' | 'Elegante') {
    const colour = page.getByRole('textbox', { name: 'Colore principale' });
    await colour.fill(color);
    await colour.press('Tab');
    await expect(colour).toHaveValue(color);
    await page.getByRole('radiogroup', { name: 'Stile' }).getByText(style, { exact: true }).click();
    await expect(page.getByRole('radio', { name: style })).toBeChecked();
    await page.getByRole('button', { name: 'Salva' }).click();
    await expectToast(page, 'Aspetto salvato.');
  }

  async function visitorSees(color: string, radius: string) {
    // Each write drops the company from the host cache: a fresh page load shows it at once.
    await visitor.goto(`${tenant.url}/`);
    await expect(join).toHaveCSS('background-color', rgbOf(color));
    await expect(join).toHaveCSS('border-radius', radius);
  }

  try {
    await openSection(page, 'Azienda');
    await page.getByRole('tab', { name: 'Aspetto' }).click();
    await expect(page.getByRole('textbox', { name: 'Colore principale' })).toHaveValue(tenant.primaryColor);

    // A mid blue under white text is refused as it is typed, and cannot be saved.
    await page.getByRole('textbox', { name: 'Colore principale' }).fill('#1c7ed6');
    await expect(page.getByText(/il testo bianco dei pulsanti ha un contrasto di 4,19:1, sotto il minimo di 4,50:1/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salva' })).toBeDisabled();

    await saveLook(chosen, 'Moderno');
    await expect(page.getByText(/^Contrasto del testo bianco sui pulsanti: 8,\d\d:1\.$/)).toBeVisible();
    await visitorSees(chosen, '16px');

    await saveLook(chosen, 'Elegante');
    await visitorSees(chosen, '0px');

    await saveLook(tenant.primaryColor, 'Semplice');
    await visitorSees(tenant.primaryColor, '8px');
  } finally {
    const company = await page.evaluate(async () => (await fetch(`/api/company/${location.hostname}`)).json() as Promise<{ id: string }>);
    const restored = await staffApi(page, 'POST', `/api/company/${company.id}`, { primaryColor: tenant.primaryColor, theme: 'easy' });
    expect.soft(restored.status).toBe(200);
  }
});

test("the privacy text written in the editor, with an image uploaded by its button, is behind the cookie banner's 'Scopri di più'", async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await signedIn(browser, ACME);
  const seeded = await page.evaluate(
    async () => (await fetch(`/api/company/${location.hostname}`)).json() as Promise<{ id: string; privacyPolicy: string | null }>,
  );
  const paragraph = `Acme tratta i dati dei visitatori solo per rispondere alle loro richieste (${uniqueName('rev.')}).`;
  try {
    await openSection(page, 'Azienda');
    await page.getByRole('tab', { name: 'Privacy' }).click();
    const editor = page.getByRole('textbox', { name: 'Informativa sulla privacy' });
    await expect(editor).toContainText('Acme protegge i tuoi dati personali.');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(paragraph);
    await page.keyboard.press('Enter');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Inserisci un’immagine' }).click();
    await (await chooser).setFiles({ name: 'timbro.png', mimeType: 'image/png', buffer: solidPng(12, 6, [27, 79, 138]) });
    // Uploaded, the image leaves its temporary blob: address for the one the API serves.
    const inEditor = editor.locator('img');
    await expect(inEditor).toHaveAttribute('src', /^\/api\/editor\/images\/[0-9a-f]{32}\.png$/);
    const imageUrl = (await inEditor.getAttribute('src'))!;

    await page.getByRole('button', { name: 'Salva' }).click();
    await expectToast(page, 'Informativa sulla privacy salvata.');

    // A visitor on a phone who has not answered the cookie banner yet.
    const visitor = await visitorPage(browser, { banner: true, width: 320 });
    await visitor.goto(`${ACME.url}/`);
    await visitor.getByRole('region', { name: 'Cookie' }).getByRole('link', { name: 'Scopri di più' }).click();
    await expect(visitor).toHaveURL(`${ACME.url}/privacy`);
    await expect(visitor.getByText(paragraph)).toBeVisible();
    const image = visitor.locator(`img[src="${imageUrl}"]`);
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(12);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  } finally {
    const restored = await staffApi(page, 'POST', `/api/company/${seeded.id}/privacy`, { privacyPolicy: seeded.privacyPolicy ?? '' });
    expect.soft(restored.status).toBe(200);
  }
});

test('an operator invited in Utenti chooses a password from the e-mail, signs in without the admin sections, and is deleted', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signedIn(browser, ACME);
  const username = uniqueName('e2e.operatore').replace(' ', '-');
  const email = `${username}@acme.incontra.local`;
  const password = 'Benvenuto2026!';
  try {
    await test.step('the admin invites an operator: no password to type', async () => {
      await openSection(page, 'Utenti');
      await page.getByRole('button', { name: 'Nuovo utente' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuovo utente' });
      await expect(dialog).toContainText('Riceverà un’e-mail con il link per scegliere la sua password');
      await expect(dialog.getByLabel(/password/i)).toHaveCount(0);
      await dialog.getByRole('textbox', { name: 'Nome utente' }).fill(username);
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
      await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Paola');
      await dialog.getByRole('textbox', { name: 'Cognome' }).fill('Invitata');
      await expect(dialog.getByRole('radio', { name: 'Operatore' })).toBeChecked();
      await dialog.getByRole('button', { name: 'Crea' }).click();
      await expectToast(page, 'Utente creato: gli abbiamo inviato l’invito.');
      const row = rowWith(page, username);
      await expect(row).toContainText('Operatore');
      await expect(row).toContainText('Invito inviato');
    });

    const link = await test.step('the invitation e-mail carries the link to choose a password', async () => {
      const mail = await latestMailTo(page, email);
      expect(mail?.subject).toBe('Acme: il tuo account è pronto');
      expect(mail?.text).toContain(`«${username}»`);
      const found = mail?.text.match(/https?:\/\/\S+\/admin\/reimposta-password\?token=[\w-]+/)?.[0];
      expect(found).toBeDefined();
      return found!;
    });

    await test.step('the operator chooses a password, signs in and sees no admin section', async () => {
      const context = await browser.newContext();
      closeAfterTest(context);
      const operator = await context.newPage();
      await acceptCookiesUpFront(operator);
      await operator.goto(link);
      await operator.getByLabel(/^Nuova password/).fill(password);
      await operator.getByLabel(/^Conferma la nuova password/).fill(password);
      await operator.getByRole('button', { name: 'Salva' }).click();
      await expect(operator.getByText('Password aggiornata. Ora puoi accedere.')).toBeVisible();
      await signIn(operator, ACME.url, { username, password });
      const nav = operator.getByRole('navigation', { name: NAV });
      await expect(nav.getByRole('link', { name: 'Stanze', exact: true })).toBeVisible();
      for (const section of ['Utenti', 'Azienda', 'Attività']) {
        await expect(nav.getByRole('link', { name: section, exact: true })).toHaveCount(0);
      }
      // Typed by hand, the section says the role may not open it.
      await operator.goto(`${ACME.url}/admin/utenti`);
      await expect(operator.getByRole('alert')).toHaveText('Il tuo ruolo non consente questa operazione.');
    });

    await test.step('the admin sees the password chosen, then deletes the operator after confirmation', async () => {
      await page.reload();
      const row = rowWith(page, username);
      await expect(row).toContainText('Attivo');
      await expect(row).not.toContainText('Invito inviato');
      await row.getByRole('button', { name: 'Elimina' }).click();
      await confirmDeletion(page, 'Paola Invitata');
      await expectToast(page, 'Utente eliminato.');
      await expect(rowWith(page, username)).toHaveCount(0);
    });
  } finally {
    await deleteUsersStartingWith(page, username);
  }
});

test("at Demo's user limit 'Nuovo utente' is disabled, says why and leads to Abbonamento", async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await signedIn(browser, DEMO);
  const prefix = uniqueName('e2e.limite').replace(' ', '-');
  try {
    const subscription = await staffApi<{ plan: { usersLimit: number }; usage: { users: number } }>(page, 'GET', '/api/subscription');
    const { usersLimit } = subscription.body.plan;
    const missing = usersLimit - subscription.body.usage.users;
    expect(missing, 'Demo starts below its users limit').toBeGreaterThan(0);
    // All but the last through the API; the last through the form, which then reaches the limit.
    for (let index = 1; index < missing; index += 1) {
      const created = await staffApi(page, 'POST', '/api/users', {
        username: `${prefix}-${index}`,
        email: `${prefix}-${index}@demo.incontra.local`,
        role: 'operator',
      });
      expect(created.status).toBe(201);
    }

    // The users above were made outside the page: the back office read the usage at sign-in (its
    // header's trial badge) and keeps it 30 s, so the page is loaded again to read it now.
    await page.reload();
    await openSection(page, 'Utenti');
    const create = page.getByRole('button', { name: 'Nuovo utente' });
    await expect(page.getByText(`${usersLimit - 1} / ${usersLimit} utenti`)).toBeVisible();
    await expect(create).toBeEnabled();
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo utente' });
    await dialog.getByRole('textbox', { name: 'Nome utente' }).fill(`${prefix}-${missing}`);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`${prefix}-${missing}@demo.incontra.local`);
    await dialog.getByRole('button', { name: 'Crea' }).click();
    await expectToast(page, 'Utente creato: gli abbiamo inviato l’invito.');

    await expect(page.getByText(`${usersLimit} / ${usersLimit} utenti`)).toBeVisible();
    await expect(create).toBeDisabled();
    const reason = 'Hai raggiunto il numero massimo di utenti previsto dal tuo piano.';
    await expect(create).toHaveAccessibleDescription(new RegExp(`^${reason}`));
    await expect(page.getByText(reason)).toBeVisible();
    const upgrade = page.getByRole('link', { name: 'Passa a un piano superiore' });
    await expect(upgrade).toHaveAttribute('href', '/admin/abbonamento');

    // After a reload too: the limit is the plan's, not the page's memory.
    await page.reload();
    await expect(create).toBeDisabled();
    await upgrade.click();
    await expect(page).toHaveURL(`${DEMO.url}/admin/abbonamento`);
  } finally {
    await deleteUsersStartingWith(page, prefix);
    const after = await staffApi<{ usage: { users: number } }>(page, 'GET', '/api/subscription');
    expect.soft(after.body.usage.users, 'Demo back to its two seeded users').toBe(2);
  }
});

test("Attività lists the admin's writes of this run, newest first, and filters them", async ({ browser }) => {
  const page = await signedIn(browser, ACME);
  const storeName = uniqueName('Acme Attività');
  const renamed = `${storeName} bis`;
  try {
    const created = await staffApi<Named>(page, 'POST', '/api/store', { name: storeName, address: null, requirePhoneVerification: null });
    expect(created.status).toBe(201);
    expect((await staffApi(page, 'POST', `/api/store/${created.body.id}`, { name: renamed })).status).toBe(200);
    expect((await staffApi(page, 'DELETE', `/api/store/${created.body.id}`)).status).toBe(200);

    await openSection(page, 'Attività');
    const log = page.getByRole('table', { name: 'Registro delle attività' });
    const lines = [`Eliminato il punto vendita «${renamed}»`, `Modificato il punto vendita «${renamed}»`, `Creato il punto vendita «${storeName}»`];
    for (const line of lines) {
      await expect(rowWith(log, line)).toContainText('Luca Verdi');
    }
    const summaries = async () => (await log.getByRole('row').allTextContents()).filter((text) => text.includes(storeName));
    const order = await summaries();
    expect(order.map((text) => lines.findIndex((line) => text.includes(line)))).toEqual([0, 1, 2]);
    await expect(rowWith(log, lines[0]!)).toContainText('Eliminazione');
    await expect(rowWith(log, lines[2]!)).toContainText('Creazione');

    await page.getByRole('combobox', { name: 'Tipo di elemento' }).selectOption({ label: 'Utente' });
    await expect(rowWith(log, storeName)).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Tipo di elemento' }).selectOption({ label: 'Punto vendita' });
    await page.getByRole('combobox', { name: 'Utente' }).selectOption({ label: 'Luca Verdi' });
    await expect(rowWith(log, storeName)).toHaveCount(3);
  } finally {
    await deleteStoresNamed(page, [storeName, renamed]);
  }
});

test('screenshots of Utenti, a room page and Azienda → Aspetto at 320 and 1280 px, for the visual review', async ({ browser }) => {
  test.setTimeout(60_000);
  const dir = '/tmp/shots';
  mkdirSync(dir, { recursive: true });
  const page = await signedIn(browser, ACME);
  await openSection(page, 'Stanze');
  const roomPath = await page.getByRole('link', { name: 'Apri Sala Acme' }).getAttribute('href');
  const pages = [
    { name: 'utenti', path: '/admin/utenti', ready: () => page.getByRole('table', { name: 'Elenco degli utenti' }) },
    { name: 'stanza', path: roomPath!, ready: () => page.getByRole('button', { name: 'Salva gli orari' }) },
    { name: 'azienda-aspetto', path: '/admin/azienda', ready: () => page.getByRole('textbox', { name: 'Colore principale' }) },
  ];
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const shot of pages) {
      await page.goto(`${ACME.url}${shot.path}`);
      if (shot.name === 'azienda-aspetto') await page.getByRole('tab', { name: 'Aspetto' }).click();
      await expect(shot.ready()).toBeVisible();
      await page.screenshot({ path: `${dir}/${shot.name}-${width}.png`, fullPage: true });
      // Nothing should widen the page beyond the screen: tables scroll inside their own area.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      test.info().annotations.push({ type: 'overflow', description: `${shot.name} at ${width}px: ${overflow}px wider than the screen` });
    }
  }
});

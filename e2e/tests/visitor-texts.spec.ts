import { expect, test, type Page } from '@playwright/test';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { ACME } from '../fixtures/tenants';
import { staffContext } from '../fixtures/rooms';

/*
 * What an admin writes in the back office, as a visitor sees it: the company's wall on the welcome
 * screen, and its privacy text (with an uploaded image) behind the cookie banner's 'Scopri di più'.
 * Acme's texts, put back as seeded at the end: the other suites read Demo's and Acme's as seeded.
 */

/** A 12×6 PNG in Acme's blue: small to send, drawn 1200×600 by the text to test the narrow column. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAwAAAAGCAIAAAB4jOjWAAAAEUlEQVR4nGOQqbtGEDEMVUUAr6Jnge+uOrYAAAAASUVORK5CYII=';
const PRIVACY_PARAGRAPH = 'Acme tratta i dati dei visitatori solo per rispondere alle loro richieste.';
const IMAGE_ALT = 'Il timbro del titolare del trattamento';
const WALL_PARAGRAPH = 'Questa settimana le consulenze video sono aperte anche il sabato.';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A call from the signed-in page, as the back office makes it: same origin, its CSRF header. */
async function staffCall(page: Page, path: string, body: { json: unknown } | { imageBase64: string }): Promise<Answer> {
  return page.evaluate(
    async ({ path, body }) => {
      const csrf = decodeURIComponent(/(?:^|; )incontra_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      let init: RequestInit;
      if ('json' in body) {
        init = { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(body.json) };
      } else {
        const bytes = Uint8Array.from(atob(body.imageBase64), (char) => char.charCodeAt(0));
        const form = new FormData();
        form.append('image', new Blob([bytes], { type: 'image/png' }), 'timbro.png');
        init = { method: 'POST', headers: { 'x-csrf-token': csrf }, body: form };
      }
      const response = await fetch(path, { ...init, credentials: 'same-origin' });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { path, body },
  );
}

/** The public company as any visitor's page reads it. */
async function publicCompany(page: Page): Promise<{ id: string; privacyPolicy: string | null; wall: string | null }> {
  return page.evaluate(
    async () => (await fetch(`/api/company/${location.hostname}`)).json() as Promise<{ id: string; privacyPolicy: string | null; wall: string | null }>,
  );
}

test("a visitor reads the company's wall, then its privacy text and image behind 'Scopri di più'", async ({ browser }) => {
  const admin = await staffContext(browser, ACME.url, ACME.admin);
  const seeded = await publicCompany(admin.page);
  try {
    const upload = await staffCall(admin.page, '/api/editor/upload-image', { imageBase64: PNG_BASE64 });
    expect(upload.status).toBe(201);
    const imageUrl = String(upload.body.url);
    expect(imageUrl).toMatch(/^\/api\/editor\/images\/[0-9a-f]{32}\.png$/);

    const privacyPolicy = `<p>${PRIVACY_PARAGRAPH}</p><p><img src="${imageUrl}" alt="${IMAGE_ALT}" width="1200" height="600"></p>`;
    const privacy = await staffCall(admin.page, `/api/company/${seeded.id}/privacy`, { json: { privacyPolicy } });
    expect(privacy.status).toBe(200);
    expect(String(privacy.body.privacyPolicy)).toContain(imageUrl);
    const wall = await staffCall(admin.page, `/api/company/${seeded.id}/wall`, { json: { wall: `<p>${WALL_PARAGRAPH}</p>` } });
    expect(wall.status).toBe(200);
    // Every process drops the company from its host cache on a write; the public read proves it.
    await expect.poll(async () => (await publicCompany(admin.page)).wall ?? '').toContain(WALL_PARAGRAPH);

    // A visitor on a phone, cookie banner not accepted yet.
    const visitorContext = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
    const page = await visitorContext.newPage();
    await page.goto(`${ACME.url}/`);
    const companyWall = page.getByRole('region', { name: IT_VISITOR_PAGES.wallOf(ACME.name) });
    await expect(companyWall).toContainText(WALL_PARAGRAPH);
    // Under the heading, where the first paint showed it, and above the actions.
    const join = page.getByRole('link', { name: 'Partecipa' });
    await expect(join).toBeVisible();
    const wallBox = (await companyWall.boundingBox())!;
    expect(wallBox.y).toBeGreaterThan((await page.getByRole('heading', { level: 1 }).boundingBox())!.y);
    expect(wallBox.y + wallBox.height).toBeLessThanOrEqual((await join.boundingBox())!.y);

    // The company wrote its own privacy text: the link stays in this tab and the shell follows it without reloading.
    const learnMore = page.getByRole('region', { name: 'Cookie' }).getByRole('link', { name: 'Scopri di più' });
    await expect(learnMore).toHaveAttribute('href', '/privacy');
    await expect(learnMore).not.toHaveAttribute('target');
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
    await learnMore.click();
    await expect(page).toHaveURL(`${ACME.url}/privacy`);
    await expect(page.getByRole('heading', { level: 1, name: IT_VISITOR_PAGES.privacy.title })).toBeVisible();
    await expect(page).toHaveTitle(IT_VISITOR_PAGES.documentTitle(IT_VISITOR_PAGES.privacy.title, ACME.name));
    expect(await page.evaluate(() => 'e2eSamePage' in window)).toBe(true);

    await expect(page.getByText(PRIVACY_PARAGRAPH)).toBeVisible();
    const image = page.getByRole('img', { name: IMAGE_ALT });
    await expect(image).toHaveAttribute('src', imageUrl);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(12);
    // Drawn 1200 px wide by the text, it fits the 320 px screen and keeps its proportions.
    const box = (await image.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(320);
    expect(Math.abs(box.height - box.width / 2)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await page.getByRole('link', { name: 'Torna alla home' }).click();
    await expect(page).toHaveURL(`${ACME.url}/`);
    await expect(companyWall).toBeVisible();
    await visitorContext.close();
  } finally {
    // '' clears a text: Acme goes back to its seeded privacy text and to no wall.
    await staffCall(admin.page, `/api/company/${seeded.id}/privacy`, { json: { privacyPolicy: seeded.privacyPolicy ?? '' } });
    await staffCall(admin.page, `/api/company/${seeded.id}/wall`, { json: { wall: seeded.wall ?? '' } });
    await admin.context.close();
  }
});

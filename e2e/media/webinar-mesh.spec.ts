import { expect, test, type Page } from '@playwright/test';
import { IT_WEBINAR_LIVE as L } from '@incontra/contracts/messages/it-webinar-live';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { auditState } from '../fixtures/axe';
import { onOwnStore } from '../fixtures/backoffice-store';
import { expectVideoFlowing } from '../fixtures/rooms';
import { expectFitsPhoneAndDesktop } from '../fixtures/screen-checks';
import {
  closeWebinar,
  createLiveWebinar,
  liveSounds,
  liveTab as tab,
  openTabByKeyboard,
  presenterJoins,
  pressByKeyboard,
  register,
  stage,
  viewerJoins,
  walkTo,
} from '../fixtures/webinar-live';

/*
 * A webinar's live session on the built-in mesh, in real Chromium (fake camera and microphone)
 * against the started system, inside the network namespace scripts/media-namespace.sh makes (the
 * browsers' media goes over its veth pair, never the machine's own address): Acme's admin presents from the back office, two registrants watch
 * from their phones. The viewers wait until the presenter starts, then see the presenter's video
 * and hear the microphone; a question is asked and answered and a raised hand is invited to speak
 * and heard by the presenter, all by keyboard alone (Tab, the tabs' arrow keys, Enter); the chat;
 * a viewer removed cannot stay; the end puts everyone out.
 * The webinar starts ten minutes from now (its join is open), in a store of the suite's own.
 */

const R = IT_WEBINAR_PAGES.registration;

test('a live webinar on the mesh: waiting, start, video and sound, a question, a hand invited to speak, the chat, a removal, the end', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await onOwnStore(browser, 'Diretta', async (staff, store) => {
    const webinar = await createLiveWebinar(staff, store);
    const giulia = await register(staff, webinar.id, 'Giulia');
    const marco = await register(staff, webinar.id, 'Marco');
    const viewers: Page[] = [];
    let ended = false;
    try {
      await test.step('the presenter enters from the back office and sees its own camera', async () => {
        await presenterJoins(staff, webinar.id);
        await expect(staff.getByRole('heading', { level: 1, name: webinar.title })).toBeVisible();
        await expect(staff.getByTestId('webinar-status')).toHaveText(L.status.published);
        await expect(staff.getByTestId('webinar-waiting')).toHaveText(L.waiting.presenter);
        await expectVideoFlowing(stage(staff).getByLabel(L.stage.ownPreview));
      });

      await test.step('a registrant waits for the start, on a phone', async () => {
        viewers.push(await viewerJoins(browser, giulia, webinar.id));
        const viewer = viewers[0]!;
        await expect(viewer.getByTestId('webinar-waiting')).toHaveText(L.waiting.viewer);
        await expect(stage(viewer)).toHaveCount(0);
        await tab(staff, L.tabs.attendees).click();
        await expect(staff.getByTestId('webinar-attendee').filter({ hasText: giulia.name })).toBeVisible();
        await auditState(viewer, 'webinar live: waiting', { structure: true });
        await expectFitsPhoneAndDesktop(viewer, testInfo, 'webinar-live-waiting');
      });

      await test.step('the start turns the waiting page live: the presenter’s video and microphone', async () => {
        await staff.getByRole('button', { name: L.console.start }).click();
        // The mesh does not record: the console says so rather than offer it.
        await expect(staff.getByText(L.console.notRecordable)).toBeVisible();
        const viewer = viewers[0]!;
        await expect(viewer.getByTestId('webinar-status')).toHaveText(L.status.live);
        await expect(viewer.getByTestId('webinar-waiting')).toHaveCount(0);
        await expectVideoFlowing(stage(viewer).locator('video').first());
        await expect.poll(() => liveSounds(viewer)).toBeGreaterThanOrEqual(1);
        await expect(staff.getByTestId('webinar-viewers')).toHaveText(L.viewers(1), { timeout: 15_000 });
        await auditState(viewer, 'webinar live: watching', { structure: true });
        await expectFitsPhoneAndDesktop(viewer, testInfo, 'webinar-live-watching');
      });

      await test.step('a question asked and answered, by keyboard alone', async () => {
        const viewer = viewers[0]!;
        await viewer.setViewportSize({ width: 320, height: 640 });
        await walkTo(viewer, viewer.getByRole('textbox', { name: L.questions.ask }));
        await viewer.keyboard.type('Le lenti progressive vanno bene anche per guidare?');
        await pressByKeyboard(viewer, viewer.getByRole('button', { name: L.questions.send }));
        await openTabByKeyboard(staff, L.tabs.questions);
        const asked = staff.getByTestId('webinar-question').filter({ hasText: 'anche per guidare' });
        await expect(asked).toContainText(L.questions.by(giulia.name));
        await pressByKeyboard(staff, asked.getByRole('button', { name: L.questions.markAnswered }));
        await expect(viewer.getByTestId('webinar-question').filter({ hasText: 'anche per guidare' })).toContainText(L.questions.answered);
      });

      await test.step('a raised hand, invited to speak, is heard by the presenter — by keyboard alone', async () => {
        const viewer = viewers[0]!;
        expect(await liveSounds(staff)).toBe(0);
        await openTabByKeyboard(viewer, L.tabs.hands);
        await pressByKeyboard(viewer, viewer.getByRole('button', { name: L.hands.raise }));
        await expect(viewer.getByText(L.hands.raised)).toBeVisible();
        await openTabByKeyboard(staff, L.tabs.hands);
        await pressByKeyboard(staff, staff.getByRole('button', { name: L.hands.inviteName(giulia.name) }));
        await expect(viewer.getByTestId('webinar-speaker')).toContainText(L.speaker.you);
        await expect(staff.getByTestId('webinar-speaker')).toContainText(L.speaker.other(giulia.name));
        await expect.poll(() => liveSounds(staff), { timeout: 15_000 }).toBe(1);
        await auditState(staff, 'webinar live: presenter with a speaker', { structure: true });
        await pressByKeyboard(viewer, viewer.getByRole('button', { name: L.speaker.stop }));
        await expect(viewer.getByTestId('webinar-speaker')).toHaveCount(0);
        await expect(staff.getByTestId('webinar-speaker')).toHaveCount(0);
      });

      await test.step('the chat, both ways', async () => {
        const viewer = viewers[0]!;
        await tab(staff, L.tabs.chat).click();
        await staff.getByRole('textbox', { name: L.chat.message }).fill('Benvenuti a tutti!');
        await staff.getByRole('button', { name: L.chat.send, exact: true }).click();
        await tab(viewer, L.tabs.chat).click();
        await expect(viewer.getByTestId('webinar-chat-line').filter({ hasText: 'Benvenuti a tutti!' })).toContainText(L.chat.presenterMark);
        await viewer.getByRole('textbox', { name: L.chat.message }).fill('Grazie!');
        await viewer.keyboard.press('Enter');
        await expect(staff.getByTestId('webinar-chat-line').filter({ hasText: 'Grazie!' })).toContainText(giulia.name);
      });

      await test.step('a viewer removed is put out, and cannot come back', async () => {
        viewers.push(await viewerJoins(browser, marco, webinar.id));
        const removed = viewers[1]!;
        await expect(removed.getByTestId('webinar-status')).toHaveText(L.status.live);
        await tab(staff, L.tabs.attendees).click();
        await staff.getByRole('button', { name: L.attendees.removeName(marco.name) }).click();
        const dialog = staff.getByRole('dialog', { name: L.attendees.removeTitle(marco.name) });
        await expect(dialog.getByRole('button', { name: L.console.cancel })).toBeFocused();
        await dialog.getByRole('button', { name: L.attendees.removeConfirm }).click();
        await expect(removed.getByTestId('webinar-ended')).toContainText(L.ended.removed);
        await removed.goto(marco.pageUrl);
        await removed.getByRole('button', { name: R.join }).click();
        await expect(removed.getByRole('alert')).toBeVisible();
        await expect(removed).toHaveURL(marco.pageUrl);
      });

      await test.step('the end, asked first, puts everyone out', async () => {
        await staff.getByRole('button', { name: L.console.end }).click();
        const dialog = staff.getByRole('dialog', { name: L.console.endTitle });
        await expect(dialog).toContainText(L.console.endBody);
        await dialog.getByRole('button', { name: L.console.endConfirm }).click();
        ended = true;
        await expect(viewers[0]!.getByTestId('webinar-ended')).toContainText(L.ended.ended);
        await expect(staff.getByTestId('webinar-ended')).toContainText(L.ended.ended);
        await auditState(viewers[0]!, 'webinar live: ended', { structure: true });
      });
    } finally {
      if (!ended) await closeWebinar(staff, webinar.id);
      await Promise.all(viewers.map((page) => page.context().close()));
    }
  });
});

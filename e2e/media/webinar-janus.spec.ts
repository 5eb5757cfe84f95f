import { expect, test, type Page } from '@playwright/test';
import { IT_WEBINAR_LIVE as L } from '@incontra/contracts/messages/it-webinar-live';
import { auditState } from '../fixtures/axe';
import { onOwnStore } from '../fixtures/backoffice-store';
import { expectVideoFlowing, videoIsFlowing } from '../fixtures/rooms';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import {
  closeWebinar,
  createLiveWebinar,
  liveSounds,
  liveTab,
  presenterJoins,
  pressByKeyboard,
  register,
  stage,
  viewerJoins,
  walkTo,
} from '../fixtures/webinar-live';
import { ACME } from '../fixtures/tenants';

/*
 * A webinar through a real Janus VideoRoom (scripts/media-namespace.sh runs this suite with Janus,
 * the API and Chromium inside a network namespace of their own): the presenter publishes from the
 * back office's live page, two registrants subscribe with the room's pin and see and hear the
 * presenter; a question of one is upvoted by the other and answered; a raised hand is invited to
 * speak, publishes its voice with the turn's token and is heard; one viewer is removed — its Janus
 * session ends, the other keeps watching — and the end puts everyone out. The presenter records it,
 * everyone is told, and after the end the replay plays on the registrant's page; in the back office
 * it can be downloaded and, after the question, deleted (by keyboard), which ends its links.
 */

const REPLAY = IT_WEBINAR_BACKOFFICE.replay;

test('a webinar through Janus: publish, two viewers subscribed, a question, a voice, a removal at the SFU, the end, the replay', async ({ browser }) => {
  test.setTimeout(180_000);
  await onOwnStore(browser, 'Janus', async (staff, store) => {
    const webinar = await createLiveWebinar(staff, store);
    const giulia = await register(staff, webinar.id, 'Giulia');
    const marco = await register(staff, webinar.id, 'Marco');
    const viewers: Page[] = [];
    try {
      await presenterJoins(staff, webinar.id);
      // The credential names Janus, and the page publishes there.
      expect(await staff.evaluate((id) => JSON.parse(sessionStorage.getItem(`incontra.webinar-join.${id}`) ?? '{}').engine, webinar.id)).toBe('janus');
      await expectVideoFlowing(stage(staff).getByLabel(L.stage.ownPreview));
      await staff.getByRole('button', { name: L.console.start }).click();
      await expect(staff.getByTestId('webinar-status')).toHaveText(L.status.live);
      // Recorded from here on, said to everyone who is (or comes) in.
      await staff.getByRole('button', { name: L.console.record }).click();
      await expect(staff.getByTestId('webinar-recording')).toHaveText(L.recording);

      for (const registrant of [giulia, marco]) viewers.push(await viewerJoins(browser, registrant, webinar.id));
      const [watching, removed] = viewers as [Page, Page];
      for (const viewer of viewers) {
        await expectVideoFlowing(stage(viewer).locator('video').first());
        await expect.poll(() => liveSounds(viewer)).toBeGreaterThanOrEqual(1);
        await expect(viewer.getByTestId('webinar-recording')).toHaveText(L.recording);
      }
      await expect(staff.getByTestId('webinar-viewers')).toHaveText(L.viewers(2), { timeout: 15_000 });
      await auditState(watching, 'webinar through Janus: watching', { structure: true });

      // A question of one viewer, upvoted by the other, answered by the presenter.
      const text = 'Si possono provare in negozio?';
      await watching.getByRole('textbox', { name: L.questions.ask }).fill(text);
      await watching.getByRole('button', { name: L.questions.send }).click();
      // The vote and the answer by keyboard alone.
      await pressByKeyboard(removed, removed.getByRole('button', { name: L.questions.voteFor(text) }));
      const asked = staff.getByTestId('webinar-question').filter({ hasText: text });
      await expect(asked).toContainText(L.questions.votes(1));
      await pressByKeyboard(staff, asked.getByRole('button', { name: L.questions.markAnswered }));
      await expect(watching.getByTestId('webinar-question').filter({ hasText: text })).toContainText(L.questions.answered);

      // A raised hand invited to speak: its voice published at Janus with the turn's token, heard by the presenter.
      expect(await liveSounds(staff)).toBe(0);
      await liveTab(watching, L.tabs.hands).click();
      await watching.getByRole('button', { name: L.hands.raise }).click();
      await liveTab(staff, L.tabs.hands).click();
      await staff.getByRole('button', { name: L.hands.inviteName(giulia.name) }).click();
      await expect(watching.getByTestId('webinar-speaker')).toContainText(L.speaker.you);
      await expect.poll(() => liveSounds(staff), { timeout: 20_000 }).toBe(1);
      await watching.getByRole('button', { name: L.speaker.stop }).click();
      await expect(staff.getByTestId('webinar-speaker')).toHaveCount(0);

      await liveTab(staff, L.tabs.attendees).click();
      await staff.getByRole('button', { name: L.attendees.removeName(marco.name) }).click();
      await staff
        .getByRole('dialog', { name: L.attendees.removeTitle(marco.name) })
        .getByRole('button', { name: L.attendees.removeConfirm })
        .click();
      await expect(removed.getByTestId('webinar-ended')).toContainText(L.ended.removed);
      // The other viewer's subscription is untouched by the new pin.
      expect(await videoIsFlowing(stage(watching).locator('video').first())).toBe(true);

      await staff.getByRole('button', { name: L.console.end }).click();
      await staff.getByRole('dialog', { name: L.console.endTitle }).getByRole('button', { name: L.console.endConfirm }).click();
      await expect(watching.getByTestId('webinar-ended')).toContainText(L.ended.ended);

      // The replay, made after the end from Janus' recording, plays on the registrant's page.
      await watching.goto(giulia.pageUrl);
      const replay = watching.getByTestId('registration-replay');
      await expect(async () => {
        await watching.reload();
        await expect(replay).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 90_000, intervals: [2000] });
      // Seconds of video, played: its decoded frames count up (the clip is short, so frames are
      // counted over the whole playback rather than in a window that could fall after its end).
      const played = await replay.evaluate(async (video: HTMLVideoElement) => {
        video.muted = true;
        await video.play();
        return { duration: video.duration, width: video.videoWidth };
      });
      expect(played.duration).toBeGreaterThan(3);
      await expect
        .poll(() => replay.evaluate((video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames), { timeout: 20_000 })
        .toBeGreaterThan(20);
      await expect.poll(() => replay.evaluate((video: HTMLVideoElement) => video.videoWidth)).toBeGreaterThan(0);
      await auditState(watching, 'webinar replay: the registrant’s page', { structure: true });

      // The back office's «Registrazione»: the replay to watch and to download, deleted by keyboard
      // after the question; the links already given stop working.
      await staff.goto(`${ACME.url}/admin/webinar/${webinar.id}`);
      const section = staff.getByRole('region', { name: REPLAY.title });
      await expect(section.getByLabel(REPLAY.player(webinar.title))).toBeVisible();
      const download = section.getByRole('link', { name: REPLAY.download });
      const href = await download.getAttribute('href');
      expect(href).toMatch(/^\/api\/replay\?token=/);
      const status = (path: string, range?: string) =>
        staff.evaluate(async ({ path, range }) => (await fetch(path, { headers: range ? { range } : {} })).status, { path, range });
      expect(await status(href!, 'bytes=0-3')).toBe(206);
      await auditState(staff, 'webinar replay: the back office', { structure: true });
      await pressByKeyboard(staff, section.getByRole('button', { name: REPLAY.delete }));
      const question = staff.getByRole('dialog', { name: REPLAY.deleteTitle });
      await expect(question.getByRole('button', { name: REPLAY.keep })).toBeFocused();
      await walkTo(staff, question.getByRole('button', { name: REPLAY.delete }));
      await staff.keyboard.press('Enter');
      await expect(section.getByText(REPLAY.none)).toBeVisible();
      expect(await status(href!)).toBe(404);
    } finally {
      await closeWebinar(staff, webinar.id);
      await Promise.all(viewers.map((page) => page.context().close()));
    }
  });
});

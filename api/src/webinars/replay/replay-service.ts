import type { Readable } from 'node:stream';
import { REPLAY_LINK_TTL_SECONDS, type WebinarReplay } from '@incontra/contracts/api/webinar-replays';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import type { Clock } from '../../common/clock';
import { afterCommit, type Database, type Tx } from '../../db/database';
import { HttpError } from '../../http/http-error';
import type { StaffContext } from '../../auth/authenticate';
import { sameToken } from '../../auth/tokens';
import { servesStore } from '../../tenancy/store-scope';
import type { UploadStore } from '../../uploads/upload-store';
import * as repository from '../repository';
import { REPLAY_PATH, signReplayToken, verifyReplayToken } from './replay-links';
import * as replays from './replay-state';

export interface ReplayServiceDeps {
  db: Database;
  clock: Clock;
  uploads: UploadStore;
  /** Signs the replay links (the video tokens' secret). */
  tokenSecret: string;
  /** Whether this engine records (Janus with a recordings folder). */
  recordable: boolean;
}

/** A replay file to send: its stream and the part of it. */
export interface ReplayFile {
  stream: Readable;
  bytes: number;
}

/**
 * The replay's calls: what staff and a registrant see of it (with signed links while it is
 * ready), the company's deletion, and the file behind a link. A cancelled registration, another
 * store's webinar, another company's id: 404 as for the webinar itself.
 */
export class ReplayService {
  constructor(private readonly deps: ReplayServiceDeps) {}

  forStaff(staff: StaffContext, webinarId: string): Promise<WebinarReplay> {
    const companyId = staff.company.id;
    return this.deps.db.withTenant(companyId, async (tx) => {
      await this.requireServed(tx, staff, webinarId);
      return this.view(companyId, webinarId, await replays.findReplay(tx, companyId, webinarId));
    });
  }

  forRegistrant(companyId: string, registrationId: string, token: string | null): Promise<WebinarReplay> {
    return this.deps.db.withTenant(companyId, async (tx) => {
      if (!token) throw new HttpError(401, IT_WEBINARS.tokenRequired);
      const found = await repository.findRegistrationWithWebinar(tx, companyId, registrationId);
      if (!found || !sameToken(found.registration.token, token) || found.registration.status !== 'registered') {
        throw new HttpError(404, IT_WEBINARS.registrationNotFound);
      }
      return this.view(companyId, found.webinar.id, await replays.findReplay(tx, companyId, found.webinar.id));
    });
  }

  /** Deleted by the company: the links stop working at once, the file goes once that is committed. */
  delete(staff: StaffContext, webinarId: string): Promise<WebinarReplay> {
    const companyId = staff.company.id;
    return this.deps.db.withTenant(companyId, async (tx) => {
      await this.requireServed(tx, staff, webinarId);
      const deleted = await replays.deleteReplay(tx, companyId, webinarId);
      const key = deleted?.fileKey;
      if (key) afterCommit(tx, () => this.deps.uploads.remove(key));
      return this.view(companyId, webinarId, null);
    });
  }

  /** The file a link opens (404 once expired, deleted or not ready). */
  async file(
    token: string,
    range: (bytes: number) => { start: number; end: number } | null,
  ): Promise<ReplayFile & { range: { start: number; end: number } | null }> {
    const claims = verifyReplayToken(token, this.deps.tokenSecret, this.deps.clock());
    if (!claims) throw new HttpError(404, IT_WEBINARS.replayNotFound);
    const row = await this.deps.db.withTenant(claims.cid, (tx) => replays.findReplay(tx, claims.cid, claims.wid));
    if (!row || row.status !== 'ready' || !row.fileKey || row.bytes === null) throw new HttpError(404, IT_WEBINARS.replayNotFound);
    const part = range(row.bytes);
    return { stream: await this.deps.uploads.open(row.fileKey, part ?? undefined), bytes: row.bytes, range: part };
  }

  private async requireServed(tx: Tx, staff: StaffContext, webinarId: string): Promise<void> {
    const companyId = staff.company.id;
    const found = await repository.findWebinar(tx, companyId, webinarId);
    if (!found || !(await servesStore(tx, companyId, staff.user.id, found.webinar.storeId))) throw new HttpError(404, IT_WEBINARS.notFound);
  }

  private view(companyId: string, webinarId: string, row: replays.ReplayRow | null): WebinarReplay {
    const none: WebinarReplay = { status: this.deps.recordable ? 'none' : 'unavailable', watchUrl: null, downloadUrl: null, expiresAt: null, bytes: null };
    if (!row) return none;
    if (row.status !== 'ready') return { ...none, status: row.status as WebinarReplay['status'] };
    const expiresAt = new Date(this.deps.clock().getTime() + REPLAY_LINK_TTL_SECONDS * 1000);
    const url = `${REPLAY_PATH}?${new URLSearchParams({ token: signReplayToken(companyId, webinarId, this.deps.tokenSecret, expiresAt) }).toString()}`;
    return { status: 'ready', watchUrl: url, downloadUrl: `${url}&download=1`, expiresAt: expiresAt.toISOString(), bytes: row.bytes };
  }
}

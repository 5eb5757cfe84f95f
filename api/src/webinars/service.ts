import {
  WEBINAR_ENGINE_CAPACITY,
  WEBINAR_JOIN_EARLY_MINUTES,
  WEBINAR_TRANSITIONS,
  WEBINARS_LISTED,
  type Webinar,
  type WebinarBody,
  type WebinarEngine,
  type WebinarJoin,
  type WebinarList,
  type WebinarRegistrationList,
  type WebinarsQuery,
  type WebinarStatus,
  type WebinarUpdate,
} from '@incontra/contracts/api/webinars';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { recordActivity } from '../activity/activity-log';
import type { StaffContext } from '../auth/authenticate';
import type { Clock } from '../common/clock';
import { displayNameOf } from '../common/staff-member';
import type { Database, Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import { sanitizeRichText } from '../rich-text/sanitize';
import { servesStore } from '../tenancy/store-scope';
import { checkJoinWindow, joinCredential, type JoinSettings } from './join';
import type { WebinarMedia } from './webinar-media';
import { storeNameOf } from '../stores/facade';
import * as replays from './replay/replay-state';
import { REPLAY_FIRST_ATTEMPT_DELAY_MS } from './replay/replay-sweep';
import * as repository from './repository';
import { remindersHandledAt } from './reminders';
import { joinOpensAt, registrantFacts, toWebinar } from './views';
import { registrantMail } from './webinar-mail';

const R = IT_WEBINARS.rules;

export interface WebinarServiceDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  engine: WebinarEngine;
  join: JoinSettings;
  /** The SFU's rooms (Janus, Twilio); null on the built-in mesh. */
  media: WebinarMedia | null;
  /** Tells the cancelled webinar's registrants now (the sweep does it otherwise). */
  sendCancellationNotices: (companyId: string) => Promise<unknown>;
  /** Tells the live session's sockets of a move (started: the waiting screens switch; ended: everyone is put out). */
  announceStatus?: (webinar: repository.WebinarRow) => Promise<void>;
}

/**
 * The staff's side of webinars: the list and the editor, the moves through the statuses
 * (publish, start, end, cancel), the registrations list and the presenter's join. Operators reach
 * only the webinars of the stores they serve (another store's is a 404, as another company's).
 */
export class WebinarService {
  constructor(private readonly deps: WebinarServiceDeps) {}

  list(staff: StaffContext, query: WebinarsQuery): Promise<WebinarList> {
    const companyId = staff.company.id;
    return this.deps.db.withTenant(companyId, async (tx) => {
      const rows = await repository.listWebinars(tx, companyId, staff.user.id, query, WEBINARS_LISTED);
      const presenters = await repository.presentersOf(
        tx,
        companyId,
        rows.map((row) => row.webinar.id),
      );
      return { webinars: rows.map((row) => toWebinar(row, presenters.get(row.webinar.id) ?? [], this.deps.engine)) };
    });
  }

  get(staff: StaffContext, id: string): Promise<Webinar> {
    return this.deps.db.withTenant(staff.company.id, async (tx) => this.view(tx, staff, await this.require(tx, staff, id, false)));
  }

  async create(staff: StaffContext, body: WebinarBody): Promise<Webinar> {
    const companyId = staff.company.id;
    const now = this.deps.clock();
    const description = await sanitizeRichText(body.description ?? '');
    return this.deps.db.withTenant(companyId, async (tx) => {
      if (!(await storeNameOf(tx, companyId, body.storeId)) || !(await servesStore(tx, companyId, staff.user.id, body.storeId))) {
        throw new HttpError(422, R.storeUnknown, 'storeId');
      }
      this.checkCapacity(body.capacity, 0);
      checkFuture(new Date(body.startsAt), now);
      await this.checkPresenters(tx, companyId, body.storeId, body.presenterIds);
      const fields = {
        storeId: body.storeId,
        title: body.title,
        description,
        startsAt: new Date(body.startsAt),
        durationMinutes: body.durationMinutes,
        capacity: body.capacity,
      };
      const id = await repository.insertWebinar(tx, companyId, fields, now);
      await repository.replacePresenters(tx, companyId, id, unique(body.presenterIds));
      await recordActivity(tx, companyId, staff.user, {
        action: 'create',
        entityType: 'webinar',
        entityId: id,
        summary: IT_WEBINARS.activity.created(body.title),
      });
      return this.view(tx, staff, (await repository.findWebinar(tx, companyId, id))!);
    });
  }

  /**
   * The fields given change (a draft or a published webinar), then `status` moves it. A new start
   * or length raises the calendar's sequence and is mailed to each registrant, their reminders
   * due again; cancelling tells them (cancellation notices, durable: the sweep's).
   */
  async update(staff: StaffContext, id: string, body: WebinarUpdate): Promise<Webinar> {
    const companyId = staff.company.id;
    const now = this.deps.clock();
    const description = body.description === undefined ? undefined : await sanitizeRichText(body.description);
    const { status, ...edits } = body;
    const editing = Object.values(edits).some((value) => value !== undefined);
    let cancelled = false;
    let moved: repository.WebinarRow | null = null;
    const answer = await this.deps.db.withTenant(companyId, async (tx) => {
      const found = await this.require(tx, staff, id, true);
      const { webinar } = found;
      const current = webinar.status as WebinarStatus;
      if (editing) {
        if (current !== 'draft' && current !== 'published') throw new HttpError(409, R.notEditable);
        if (edits.capacity !== undefined) this.checkCapacity(edits.capacity, webinar.registered);
        if (edits.startsAt !== undefined) checkFuture(new Date(edits.startsAt), now);
        if (edits.presenterIds) await this.checkPresenters(tx, companyId, webinar.storeId, edits.presenterIds);
        const startsAt = edits.startsAt === undefined ? webinar.startsAt : new Date(edits.startsAt);
        const durationMinutes = edits.durationMinutes ?? webinar.durationMinutes;
        const moved = startsAt.getTime() !== webinar.startsAt.getTime() || durationMinutes !== webinar.durationMinutes;
        await repository.updateWebinar(
          tx,
          companyId,
          id,
          {
            ...(edits.title === undefined ? {} : { title: edits.title }),
            ...(description === undefined ? {} : { description }),
            ...(edits.capacity === undefined ? {} : { capacity: edits.capacity }),
            startsAt,
            durationMinutes,
            ...(moved ? { sequence: webinar.sequence + 1 } : {}),
          },
          now,
        );
        if (edits.presenterIds) await repository.replacePresenters(tx, companyId, id, unique(edits.presenterIds));
        if (moved && current === 'published') await this.tellMoved(tx, companyId, id, startsAt, now);
        await recordActivity(tx, companyId, staff.user, {
          action: 'update',
          entityType: 'webinar',
          entityId: id,
          summary: IT_WEBINARS.activity.updated(edits.title ?? webinar.title),
        });
      }
      if (status !== undefined && status !== current) {
        const after = (await repository.findWebinar(tx, companyId, id))!.webinar;
        await repository.updateWebinar(tx, companyId, id, this.move(after, status, now), now);
        // What was recorded becomes the replay (the sweep's), once Janus has closed the room's files.
        if (status === 'ended') await replays.markProcessing(tx, companyId, id, new Date(now.getTime() + REPLAY_FIRST_ATTEMPT_DELAY_MS), now);
        cancelled = status === 'cancelled';
        moved = (await repository.findWebinar(tx, companyId, id))!.webinar;
        await recordActivity(tx, companyId, staff.user, {
          action: 'update',
          entityType: 'webinar',
          entityId: id,
          summary: IT_WEBINARS.activity.status(after.title, IT_WEBINARS.status[status]),
        });
      }
      return this.view(tx, staff, (await repository.findWebinar(tx, companyId, id))!);
    });
    if (cancelled) await this.deps.sendCancellationNotices(companyId);
    if (moved) await this.deps.announceStatus?.(moved);
    await this.followAtSfu(moved);
    return answer;
  }

  /**
   * The SFU follows a move, once committed: the room opened at the start (a presenter's join opens
   * it anyway, so a failure here is only logged), destroyed at the end or a cancellation.
   */
  private async followAtSfu(webinar: repository.WebinarRow | null): Promise<void> {
    const { media } = this.deps;
    if (!media || !webinar) return;
    if (webinar.status === 'live') await media.open(webinar).catch(() => undefined);
    if (webinar.status === 'ended' || webinar.status === 'cancelled') await media.close(webinar);
  }

  /** The webinar's registrations, oldest first (cancelled ones included, marked). */
  registrations(staff: StaffContext, id: string): Promise<WebinarRegistrationList> {
    const companyId = staff.company.id;
    return this.deps.db.withTenant(companyId, async (tx) => {
      await this.require(tx, staff, id, false);
      const rows = await repository.listRegistrations(tx, companyId, id);
      return {
        registrations: rows.map((row) => ({
          id: row.id,
          status: row.status as 'registered' | 'cancelled',
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          registeredAt: row.createdAt.toISOString(),
          cancelledAt: row.cancelledAt?.toISOString() ?? null,
        })),
      };
    });
  }

  /** A presenter's credential: only the webinar's presenters, only inside the join window. Changes nothing of ours (the SFU grants this join's token). */
  async presenterJoin(staff: StaffContext, id: string): Promise<WebinarJoin> {
    const companyId = staff.company.id;
    const now = this.deps.clock();
    const webinar = await this.deps.db.withTenant(companyId, async (tx) => {
      const found = await this.require(tx, staff, id, false);
      if (!(await repository.isPresenter(tx, companyId, id, staff.user.id))) throw new HttpError(403, R.notPresenter);
      checkJoinWindow(found.webinar, now);
      return found.webinar;
    });
    // The room and this join's publisher token at the SFU, outside any transaction.
    const media = this.deps.media ? await this.deps.media.presenterSeat(webinar, staff.user.id) : null;
    return joinCredential(this.deps.join, webinar, { role: 'presenter', seat: staff.user.id, displayName: displayNameOf(staff.user) }, now, media);
  }

  /** The webinar, or 404 (unknown, another company's, a store the operator does not serve). */
  private async require(tx: Tx, staff: StaffContext, id: string, lock: boolean): Promise<repository.WebinarWithStore> {
    const companyId = staff.company.id;
    const found = await repository.findWebinar(tx, companyId, id, lock);
    if (!found || !(await servesStore(tx, companyId, staff.user.id, found.webinar.storeId))) throw new HttpError(404, IT_WEBINARS.notFound);
    return found;
  }

  private async view(tx: Tx, staff: StaffContext, found: repository.WebinarWithStore): Promise<Webinar> {
    const presenters = await repository.presentersOf(tx, staff.company.id, [found.webinar.id]);
    return toWebinar(found, presenters.get(found.webinar.id) ?? [], this.deps.engine);
  }

  private checkCapacity(capacity: number, registered: number): void {
    const max = WEBINAR_ENGINE_CAPACITY[this.deps.engine];
    if (capacity > max) throw new HttpError(422, R.capacityOverEngine(max), 'capacity');
    if (capacity < registered) throw new HttpError(422, R.capacityBelowRegistered(registered), 'capacity');
  }

  private async checkPresenters(tx: Tx, companyId: string, storeId: string, ids: string[]): Promise<void> {
    const wanted = unique(ids);
    const serving = await repository.presentersServing(tx, companyId, storeId, wanted);
    if (serving.length !== wanted.length) throw new HttpError(422, R.presenterUnknown, 'presenterIds');
  }

  /** The columns of a move to `to`, or 409 for one WEBINAR_TRANSITIONS does not allow (or a start before the join opens, a publication of a past start). */
  private move(webinar: repository.WebinarRow, to: WebinarStatus, now: Date): Partial<repository.WebinarRow> {
    const from = webinar.status as WebinarStatus;
    if (!WEBINAR_TRANSITIONS[from].includes(to)) throw new HttpError(409, R.transition(IT_WEBINARS.status[from], IT_WEBINARS.status[to]), 'status');
    switch (to) {
      case 'published':
        checkFuture(webinar.startsAt, now);
        return { status: to };
      case 'live':
        if (now.getTime() < joinOpensAt(webinar).getTime()) throw new HttpError(409, R.joinNotYet(WEBINAR_JOIN_EARLY_MINUTES));
        return { status: to, startedAt: now };
      case 'ended':
        return { status: to, endedAt: now };
      case 'cancelled':
        return { status: to, cancelledAt: now, sequence: webinar.sequence + 1 };
      default:
        throw new HttpError(409, R.transition(IT_WEBINARS.status[from], IT_WEBINARS.status[to]), 'status');
    }
  }

  /** Each registrant told of the new time (with the calendar's update); reminders the new start has not reached are due again. */
  private async tellMoved(tx: Tx, companyId: string, webinarId: string, startsAt: Date, now: Date): Promise<void> {
    await repository.resetReminders(tx, companyId, webinarId, remindersHandledAt(startsAt, now));
    for (const found of await repository.activeRegistrationsWithWebinar(tx, companyId, webinarId)) {
      await enqueueMail(
        tx,
        this.deps.mailer,
        companyId,
        registrantMail(registrantFacts(found), 'moved', { organizerEmail: this.deps.mailer.sender, stamp: now }),
      );
    }
  }
}

function checkFuture(startsAt: Date, now: Date): void {
  if (startsAt.getTime() <= now.getTime()) throw new HttpError(422, R.startsInPast, 'startsAt');
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}

import { and } from 'drizzle-orm';
import { sourcesOf } from '@incontra/contracts/api/join-requests';
import { SIGNALLING } from '@incontra/contracts/realtime/signalling';
import type { LobbyDeps } from './deps';
import type { GuestSeats } from './guest-seats';
import * as repository from './repository';
import type { JoinedRequest } from './repository';

/**
 * A request is looked at only once it has been `joined`, unchanged, this long: a guest still on
 * the room's pre-join (admitted, not yet connected) or reconnecting within the grace has no seat
 * yet, or keeps it, inside this margin.
 */
export const SEATLESS_MARGIN_MS = SIGNALLING.reconnectGraceMs + 30_000;
/**
 * …and ended only when its guest has been found seatless for this long by this process. A room
 * whose process stopped is empty for a moment, until its sockets reconnect to the next one: a
 * single look in that moment must not end the call of a guest who is about to come back.
 */
export const SEATLESS_CONFIRM_MS = SIGNALLING.reconnectGraceMs;
/** A request found seatless but not looked at again for this long is forgotten (full batches only). */
const SEATLESS_FORGET_MS = 10 * SEATLESS_CONFIRM_MS;
/** Requests asked about per company and sweep, the longest unchanged first. */
export const SEATLESS_BATCH = 100;

/**
 * Ends `joined` requests whose guest holds no seat in the room: the owner of the room reports a
 * guest gone (`guestGone`), but an owner that stopped reports nobody, and a guest who closed the
 * tab before connecting was never in the room to be reported. The seat answers come from
 * `GuestSeats`, asked outside any transaction (an owner may take seconds to answer or none);
 * an unknown answer ends nothing. Each end is the compare-and-set joined → ended, also requiring
 * the guest identity asked about and no change since the margin (a reload in between wins).
 *
 * When a company has more than `batch` requests in the call, the others wait for their turn until
 * the longest ones end.
 */
export class SeatlessGuests {
  /** Per company, per request: when this process first found its guest seatless (ms). */
  private readonly seatlessSince = new Map<string, Map<string, number>>();

  private readonly seats: GuestSeats;
  private readonly batch: number;

  constructor({ seats, batch = SEATLESS_BATCH }: { seats: GuestSeats; batch?: number }) {
    this.seats = seats;
    this.batch = batch;
  }

  /** One company's sweep; answers how many requests it ended. */
  async sweep(deps: LobbyDeps, companyId: string): Promise<number> {
    const now = deps.clock();
    const cutoff = new Date(now.getTime() - SEATLESS_MARGIN_MS);
    const joined = await deps.db.withTenant(companyId, (tx) => repository.listJoinedBefore(tx, companyId, cutoff, this.batch));
    const answers = await Promise.all(joined.map((request) => this.askSeat(companyId, request)));
    const due = this.remember(companyId, joined, answers, now.getTime());
    if (due.length === 0) return 0;
    return deps.announcer.run(companyId, async (tx, changed) => {
      const ids: string[] = [];
      for (const request of due) {
        const extra = and(repository.requestConditions.guestIdentity(request.guestIdentity), repository.requestConditions.updatedBefore(cutoff));
        ids.push(...(await repository.moveRequests(tx, companyId, { ids: [request.id], from: sourcesOf('ended'), extra }, 'ended', {}, now)));
      }
      const rows = await repository.findRequests(tx, companyId, ids);
      for (const row of rows) changed(row);
      return rows.length;
    });
  }

  /** Forgets the companies no longer swept (their requests can no longer be ended here). */
  keepOnly(companyIds: readonly string[]): void {
    const kept = new Set(companyIds);
    for (const companyId of this.seatlessSince.keys()) if (!kept.has(companyId)) this.seatlessSince.delete(companyId);
  }

  /** The port's answer; one that fails is unknown. */
  private async askSeat(companyId: string, request: JoinedRequest): Promise<boolean | null> {
    try {
      return await this.seats.holdsSeat(companyId, request.roomId, request.guestIdentity);
    } catch {
      return null;
    }
  }

  /**
   * Records this look and answers the requests due to end. A seat found, or a request no longer
   * among those looked at, starts over; an unknown answer keeps what was known, without ending.
   * With a full batch, the requests beyond it are kept as they were (not looked at this time),
   * for a while: one not looked at again soon has ended some other way, or starts over.
   */
  private remember(companyId: string, joined: readonly JoinedRequest[], answers: readonly (boolean | null)[], now: number): JoinedRequest[] {
    const before = this.seatlessSince.get(companyId) ?? new Map<string, number>();
    const after = new Map<string, number>();
    if (joined.length >= this.batch) for (const [id, since] of before) if (now - since < SEATLESS_FORGET_MS) after.set(id, since);
    const due: JoinedRequest[] = [];
    joined.forEach((request, index) => {
      const answer = answers[index];
      const since = before.get(request.id);
      after.delete(request.id);
      if (answer === true) return;
      if (answer === null || answer === undefined) {
        if (since !== undefined) after.set(request.id, since);
        return;
      }
      if (since !== undefined && now - since >= SEATLESS_CONFIRM_MS) due.push(request);
      else after.set(request.id, since ?? now);
    });
    if (after.size > 0) this.seatlessSince.set(companyId, after);
    else this.seatlessSince.delete(companyId);
    return due;
  }
}

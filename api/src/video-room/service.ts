import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Ok } from '@incontra/contracts/api/common';
import { newIdentityFor, participantIdentitySchema, type JoinRoomResponse, type ParticipantRole } from '@incontra/contracts/api/video-room';
import { IT } from '@incontra/contracts/messages/it';
import { IT_VIDEO_ROOM } from '@incontra/contracts/messages/it-video-room';
import { SIGNALLING } from '@incontra/contracts/realtime/signalling';
import type { Clock } from '../common/clock';
import { TtlCache } from '../cache/ttl-cache';
import type { VideoConfig } from '../config/config';
import type { StaffContext } from '../auth/authenticate';
import { displayNameOf } from '../common/staff-member';
import type { Database, Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import type { HoldsSeat, RoomAccess } from '../signalling/room-access';
import { servesRoom } from '../tenancy/store-scope';
import type { GuestAdmission, GuestTicket } from './guest-admission';
import { iceServersFor } from '../realtime/ice-servers';
import * as repository from './repository';
import type { RoomParticipants } from './room-participants';
import { epochSeconds, signRoomToken, verifyRoomToken } from './room-token';
import type { RoomTokenIssuer } from './token-issuer';

export interface VideoRoomServiceOptions {
  db: Database;
  clock: Clock;
  video: VideoConfig;
  tokens: RoomTokenIssuer;
  participants: RoomParticipants;
  /** The lobby: lets approved visitors in as guests (without it, only staff enter). */
  guests?: GuestAdmission;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

type RoomRow = NonNullable<Awaited<ReturnType<typeof repository.findRoom>>>;

/** Revoked identities remembered per process at most. */
const MEMORY_BOUND = 100_000;

/** A staff member's entry into a room, revoked and to be put out once committed. */
export interface RevokedEntry {
  identity: string;
  roomId: string;
}

/** Which of a staff member's live entries a revocation takes: all of them unless narrowed. */
export interface EntryScope {
  /** Every entry but this session's (a password change keeps the session that made it). */
  keepSessionId?: string;
  /** Only this session's entries (signing out ends what that session was given, and nothing else). */
  onlySessionId?: string;
  /** Only the entries into rooms the user no longer serves, as the transaction now reads them. */
  unservedOnly?: boolean;
}

/**
 * What ends a staff member's presence in the video rooms when what they were given is taken
 * back (deactivated or deleted, sessions ended by a new password, stores narrowed): their live
 * entries revoked in the same transaction, then put out of their rooms.
 */
export interface StaffRoomEntries {
  revokeStaffEntries(tx: Tx, companyId: string, userId: string, revokedBy: string, scope?: EntryScope): Promise<RevokedEntry[]>;
  putOut(companyId: string, entries: readonly RevokedEntry[]): Promise<void>;
}

const notFound = () => new HttpError(404, IT.errors.notFound);
const unauthorized = () => new HttpError(401, IT.errors.unauthorized);

/**
 * The rules of the video room: who may enter, with which token and ICE servers, who may be put
 * out, and whether a room token still opens the signalling. Identities are new at every join,
 * so a kick revokes exactly one entry and never the person's next one.
 */
export class VideoRoomService implements StaffRoomEntries {
  /** Kicked identities of this process (key company/identity); the table is the shared truth. */
  private readonly revoked: TtlCache<true>;

  constructor(private readonly options: VideoRoomServiceOptions) {
    // Entries expire with their token; the bound only caps memory (a revocation evicted early is
    // found again in the table).
    const ttlMs = options.video.tokenTtlSeconds * 1000;
    const now = () => options.clock().getTime();
    this.revoked = new TtlCache({ ttlMs, maxEntries: MEMORY_BOUND, now });
  }

  /**
   * The staff member's session (its hash) is the entry's owner: the entry ends with it.
   * `chosenName` is the name picked on the pre-join page; the account's name otherwise.
   */
  async join(staff: StaffContext, roomId: string, chosenName?: string): Promise<JoinRoomResponse> {
    const { user, sessionId } = staff;
    const companyId = staff.company.id;
    const room = await this.roomWithSeat(companyId, roomId, user.id);
    const identity = newIdentityFor('staff', randomUUID());
    const answer = this.enter(companyId, room, identity, 'staff', chosenName ?? displayNameOf(user));
    // Whose entry it is, for every process: who may not kick it, whom deactivation puts out. Every
    // write that takes an entry back (deactivation, a new password, narrowed stores) holds the
    // user's row: one committed since the request was authenticated is seen here after the row's
    // lock, and leaves no entry behind (session ended: 401; room no longer served: 404).
    const now = this.options.clock();
    await this.options.db.withTenant(companyId, async (tx) => {
      if (!(await repository.lockActiveStaff(tx, companyId, user.id))) throw unauthorized();
      if (!(await repository.sessionExists(tx, companyId, sessionId))) throw unauthorized();
      if (!(await servesRoom(tx, companyId, user.id, room.id))) throw notFound();
      await repository.deleteExpiredStaffEntries(tx, companyId, now);
      await repository.insertStaffEntry(tx, { identity, companyId, roomId: room.id, userId: user.id, sessionId, expiresAt: new Date(answer.expiresAt) });
    });
    return answer;
  }

  /**
   * A visitor whose request was approved enters that request's room as a guest, with a new
   * identity (recorded on the request, so that its leaving ends the request). Any other room,
   * request or token is not found; a request not (or no longer) approved is refused.
   */
  async joinAsGuest(companyId: string, ticket: GuestTicket, chosenName?: string): Promise<JoinRoomResponse> {
    const { guests } = this.options;
    if (!guests) throw notFound();
    await guests.check(companyId, ticket);
    const room = await this.roomWithSeat(companyId, ticket.roomId);
    const identity = newIdentityFor('guest', randomUUID());
    const { displayName } = await guests.admit(companyId, ticket, identity);
    return this.enter(companyId, room, identity, 'guest', chosenName ?? displayName);
  }

  /**
   * Puts a participant out at once and revokes its identity until any token naming it has
   * expired. Kicking the same identity again changes nothing and answers the same. A room of a
   * store the staff member does not serve is not found.
   */
  async kick(staff: StaffContext, roomId: string, participantId: string): Promise<Ok> {
    const { user } = staff;
    const companyId = staff.company.id;
    if (!participantIdentitySchema.safeParse(participantId).success) {
      throw new HttpError(400, IT_VIDEO_ROOM.invalidParticipantId, 'participantId');
    }
    const { db, clock, video, tokens, participants } = this.options;
    const now = clock();
    const expiresAt = new Date(now.getTime() + video.tokenTtlSeconds * 1000);
    await db.withTenant(companyId, async (tx) => {
      if (!(await servesRoom(tx, companyId, user.id, roomId))) throw notFound();
      if ((await repository.findStaffEntryUser(tx, companyId, participantId)) === user.id) throw new HttpError(422, IT_VIDEO_ROOM.cannotKickYourself);
      await repository.deleteExpiredRevocations(tx, companyId, now);
      await repository.insertRevocation(tx, { identity: participantId, companyId, roomId, revokedBy: user.id, expiresAt });
    });
    this.revoked.set(`${companyId}/${participantId}`, true, expiresAt.getTime());
    await participants.remove({ companyId, roomId, roomName: tokens.roomNameFor(companyId, roomId) }, participantId);
    return { ok: true };
  }

  /**
   * In the transaction that takes back what `userId` was given (deactivation, deletion, sessions
   * ended, stores narrowed): revokes each of their entries in `scope` whose token is still good, so
   * that none opens the signalling or an upload again. Answers them, for `putOut` once committed.
   */
  async revokeStaffEntries(tx: Tx, companyId: string, userId: string, revokedBy: string, scope: EntryScope = {}): Promise<RevokedEntry[]> {
    const now = this.options.clock();
    const live = await repository.liveStaffEntriesOf(tx, companyId, userId, now, { except: scope.keepSessionId, only: scope.onlySessionId });
    const entries = [];
    for (const entry of live) if (!scope.unservedOnly || !(await servesRoom(tx, companyId, userId, entry.roomId))) entries.push(entry);
    if (entries.length === 0) return [];
    await repository.deleteExpiredRevocations(tx, companyId, now);
    for (const entry of entries) {
      await repository.insertRevocation(tx, { identity: entry.identity, companyId, roomId: entry.roomId, revokedBy, expiresAt: entry.expiresAt });
    }
    return entries.map(({ identity, roomId }) => ({ identity, roomId }));
  }

  /**
   * Once the revocations are committed: puts each entry out of its room at once, on whichever
   * process runs it. One that cannot be reached is logged, never the caller's error: its token is
   * already refused, so a reconnection cannot bring it back.
   */
  async putOut(companyId: string, entries: readonly RevokedEntry[]): Promise<void> {
    const { tokens, participants, video, clock, log } = this.options;
    const until = clock().getTime() + video.tokenTtlSeconds * 1000;
    await Promise.all(
      entries.map(async ({ identity, roomId }) => {
        this.revoked.set(`${companyId}/${identity}`, true, until);
        try {
          await participants.remove({ companyId, roomId, roomName: tokens.roomNameFor(companyId, roomId) }, identity);
        } catch (error) {
          log?.warn({ err: error, roomId }, 'a revoked staff entry could not be put out of its room');
        }
      }),
    );
  }

  /**
   * The signalling's door: a genuine, unrevoked token of a room that still exists, unexpired — or
   * expired while its participant still holds a seat, so that a long call survives a lost socket.
   */
  async authorize(token: string, holdsSeat: HoldsSeat = async () => false): Promise<RoomAccess | null> {
    const now = this.options.clock();
    const check = verifyRoomToken(token, this.options.video.tokenSecret, now);
    if (!check.ok && !(check.problem === 'expired' && (await holdsSeat(check.claims)))) return null;
    const { cid, rid, sub } = check.claims;
    const revocationKey = `${cid}/${sub}`;
    if (this.revoked.get(revocationKey)) return null;
    const found = await this.options.db.withTenant(cid, async (tx) => ({
      room: await repository.findRoom(tx, cid, rid),
      revocation: await repository.findLiveRevocation(tx, cid, sub, now),
    }));
    if (found.revocation) {
      this.revoked.set(revocationKey, true, found.revocation.expiresAt.getTime());
      return null;
    }
    if (!found.room) return null;
    return { claims: check.claims, maxParticipants: found.room.maxParticipants };
  }

  /**
   * The company's room, refused (409) when it already holds its maximum of live participants.
   * Staff (`staffUserId`) find only the rooms of the stores they serve; a guest's ticket names
   * its room already. A seat kept for a lost socket counts against staff, not against a guest:
   * an approved visitor takes it (see SignallingHub.join), so approval never leads to a room the
   * visitor cannot enter because of someone who already left.
   */
  private async roomWithSeat(companyId: string, roomId: string, staffUserId?: string) {
    const { db, tokens, participants } = this.options;
    const room = await db.withTenant(companyId, async (tx) =>
      staffUserId === undefined || (await servesRoom(tx, companyId, staffUserId, roomId)) ? repository.findRoom(tx, companyId, roomId) : null,
    );
    if (!room) throw notFound();
    const roomName = tokens.roomNameFor(companyId, roomId);
    const newcomer: ParticipantRole = staffUserId === undefined ? 'guest' : 'staff';
    if (room.maxParticipants !== null && (await participants.count({ companyId, roomId, roomName }, newcomer)) >= room.maxParticipants) {
      throw new HttpError(409, IT_VIDEO_ROOM.roomFull(room.maxParticipants));
    }
    return room;
  }

  private enter(companyId: string, room: RoomRow, identity: string, role: ParticipantRole, displayName: string): JoinRoomResponse {
    const { clock, video, tokens } = this.options;
    const issued = tokens.issue({ companyId, roomId: room.id, identity, role, displayName });
    // Twilio's token cannot be checked here: uploads get a local room token of the same entry,
    // which `authorize` checks like the signalling's (so a kick refuses it too).
    const uploadToken =
      tokens.provider === 'local'
        ? issued.token
        : signRoomToken(
            { cid: companyId, rid: room.id, sub: identity, role, name: displayName, iat: epochSeconds(clock()), exp: epochSeconds(issued.expiresAt) },
            video.tokenSecret,
          );
    return {
      provider: tokens.provider,
      token: issued.token,
      roomName: issued.roomName,
      identity,
      role,
      displayName,
      iceServers: iceServersFor({ urls: video.iceUrls, turnSecret: video.turnSecret, turnTtlSeconds: video.turnTtlSeconds }, identity, clock()),
      expiresAt: issued.expiresAt.toISOString(),
      room: { id: room.id, name: room.name, maxParticipants: room.maxParticipants },
      signallingPath: SIGNALLING.path,
      uploadToken,
    };
  }
}

import { WEBINAR_JOIN_EARLY_MINUTES, type WebinarEngine, type WebinarJoin } from '@incontra/contracts/api/webinars';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { HttpError } from '../http/http-error';
import { iceServersFor, type IceSettings } from '../realtime/ice-servers';
import { signWebinarToken } from './join-token';
import type { WebinarRow } from './repository';
import { endOf, joinOpensAt } from './views';
import type { JoinMedia } from './webinar-media';

const R = IT_WEBINARS.rules;

/** How webinar credentials are made: the engine, its secret, their lifetime. */
export interface JoinSettings {
  engine: WebinarEngine;
  /** Signs the built-in engine's tokens (the video rooms' secret). */
  tokenSecret: string;
  tokenTtlSeconds: number;
  /** The mesh's STUN/TURN servers (the video rooms' ICE_SERVERS, TURN_SECRET). */
  ice: IceSettings;
}

/**
 * The window a webinar can be joined in: from WEBINAR_JOIN_EARLY_MINUTES before its start until
 * it ends (ended by a presenter; or, never started, its scheduled end). 409 with why otherwise.
 */
export function checkJoinWindow(webinar: WebinarRow, now: Date): void {
  if (webinar.status === 'ended' || webinar.status === 'cancelled') throw new HttpError(409, webinar.status === 'ended' ? R.joinOver : R.closed);
  if (webinar.status === 'draft') throw new HttpError(409, R.closed);
  if (now.getTime() < joinOpensAt(webinar).getTime()) throw new HttpError(409, R.joinNotYet(WEBINAR_JOIN_EARLY_MINUTES));
  if (webinar.status !== 'live' && now.getTime() >= endOf(webinar).getTime()) throw new HttpError(409, R.joinOver);
}

/** The credential for one seat (the window checked before: checkJoinWindow), valid for the video tokens' lifetime (ROOM_TOKEN_TTL_SECONDS); `media`: the seat at the SFU. */
export function joinCredential(
  settings: JoinSettings,
  webinar: WebinarRow,
  seat: { role: 'presenter' | 'viewer'; seat: string; displayName: string },
  now: Date,
  media: JoinMedia | null = null,
): WebinarJoin {
  const expiresAt = new Date(now.getTime() + settings.tokenTtlSeconds * 1000);
  const token = signWebinarToken(
    { cid: webinar.companyId, wid: webinar.id, seat: seat.seat, role: seat.role, name: seat.displayName },
    settings.tokenSecret,
    now,
    expiresAt,
  );
  return {
    engine: settings.engine,
    role: seat.role,
    webinarId: webinar.id,
    seat: seat.seat,
    displayName: seat.displayName,
    token,
    expiresAt: expiresAt.toISOString(),
    iceServers: settings.engine === 'local' ? iceServersFor(settings.ice, seat.seat, now) : [],
    janus: media?.janus ?? null,
    twilio: media?.twilio ?? null,
  };
}

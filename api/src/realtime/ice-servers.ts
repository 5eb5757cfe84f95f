import { createHmac } from 'node:crypto';
import type { IceServer } from '@incontra/contracts/api/video-room';
import { epochSeconds } from '../common/compact-jwt';

export interface IceSettings {
  urls: string[];
  /** coturn's `static-auth-secret` (REST API scheme); null: no TURN credentials can be made. */
  turnSecret: string | null;
  turnTtlSeconds: number;
}

/**
 * coturn's REST API credentials: the username is `<expiry>:<identity>` and the password the
 * base64 HMAC-SHA1 of that username under the shared secret. coturn recomputes it, so nothing
 * is stored and a leaked pair dies at its expiry.
 */
export function turnCredentials(secret: string, identity: string, expiresAt: Date): { username: string; credential: string } {
  const username = `${epochSeconds(expiresAt)}:${identity}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

const isTurnUrl = (url: string) => /^turns?:/.test(url);

/**
 * What the browser passes to RTCPeerConnection for one participant. TURN URLs get credentials
 * derived per join; without a secret they are left out, because the browser refuses a TURN
 * server without credentials and would fail the whole connection.
 */
export function iceServersFor(settings: IceSettings, identity: string, now: Date): IceServer[] {
  const servers: IceServer[] = settings.urls.filter((url) => !isTurnUrl(url)).map((url) => ({ urls: url }));
  const turnUrls = settings.urls.filter(isTurnUrl);
  if (settings.turnSecret !== null && turnUrls.length > 0) {
    const expiresAt = new Date(now.getTime() + settings.turnTtlSeconds * 1000);
    const credentials = turnCredentials(settings.turnSecret, identity, expiresAt);
    for (const url of turnUrls) servers.push({ urls: url, ...credentials });
  }
  return servers;
}

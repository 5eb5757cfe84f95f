import twilio from 'twilio';
import type { Clock } from '../common/clock';
import type { TwilioConfig } from '../config/config';
import type { IssuedRoomToken, RoomTokenIssuer, RoomTokenRequest } from './token-issuer';

/** Twilio room names are global to the account: the company id keeps tenants apart. */
export function twilioRoomName(companyId: string, roomId: string): string {
  return `${companyId}-${roomId}`;
}

/**
 * Twilio Video: an access token with a VideoGrant for that one room only, living no longer than
 * a local token would. The token carries the identity; the display name travels in the room's
 * own state messages.
 */
export class TwilioTokenIssuer implements RoomTokenIssuer {
  readonly provider = 'twilio';

  private readonly credentials: TwilioConfig;
  private readonly ttlSeconds: number;
  private readonly clock: Clock;

  constructor({ credentials, ttlSeconds, clock }: { credentials: TwilioConfig; ttlSeconds: number; clock: Clock }) {
    this.credentials = credentials;
    this.ttlSeconds = ttlSeconds;
    this.clock = clock;
  }

  roomNameFor(companyId: string, roomId: string): string {
    return twilioRoomName(companyId, roomId);
  }

  issue(request: RoomTokenRequest): IssuedRoomToken {
    const roomName = this.roomNameFor(request.companyId, request.roomId);
    const { AccessToken } = twilio.jwt;
    const accessToken = new AccessToken(this.credentials.accountSid, this.credentials.apiKeySid, this.credentials.apiKeySecret, {
      identity: request.identity,
      ttl: this.ttlSeconds,
    });
    accessToken.addGrant(new AccessToken.VideoGrant({ room: roomName }));
    return { token: accessToken.toJwt(), roomName, expiresAt: new Date(this.clock().getTime() + this.ttlSeconds * 1000) };
  }
}

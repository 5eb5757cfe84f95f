import type { Clock } from '../common/clock';
import { epochSeconds, signRoomToken } from './room-token';
import type { IssuedRoomToken, RoomTokenIssuer, RoomTokenRequest } from './token-issuer';

/** The built-in engine: the room id is the room's name and the token is our own HS256 JWT. */
export class LocalTokenIssuer implements RoomTokenIssuer {
  readonly provider = 'local';

  private readonly secret: string;
  private readonly ttlSeconds: number;
  private readonly clock: Clock;

  constructor({ secret, ttlSeconds, clock }: { secret: string; ttlSeconds: number; clock: Clock }) {
    this.secret = secret;
    this.ttlSeconds = ttlSeconds;
    this.clock = clock;
  }

  roomNameFor(_companyId: string, roomId: string): string {
    return roomId;
  }

  issue(request: RoomTokenRequest): IssuedRoomToken {
    const iat = epochSeconds(this.clock());
    const exp = iat + this.ttlSeconds;
    const token = signRoomToken(
      { cid: request.companyId, rid: request.roomId, sub: request.identity, role: request.role, name: request.displayName, iat, exp },
      this.secret,
    );
    return { token, roomName: this.roomNameFor(request.companyId, request.roomId), expiresAt: new Date(exp * 1000) };
  }
}

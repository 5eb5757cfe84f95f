import type { OnMemberGone } from './cluster-signalling';

/**
 * Where the rooms tell that a member is gone for good. The rooms start first (the lobby asks them
 * about seats), so the lobby, built after them, connects its handler here once; until then nobody
 * can be in a room (no socket is served before the app is ready), and a call would be a wiring bug.
 */
export class MemberGoneRelay {
  private handler: OnMemberGone | null = null;

  connect(handler: OnMemberGone): void {
    if (this.handler) throw new Error('the member-gone relay is connected once');
    this.handler = handler;
  }

  readonly notify: OnMemberGone = (room, identity, reason) => {
    if (!this.handler) throw new Error('a member left a room before the lobby was connected to the rooms');
    return this.handler(room, identity, reason);
  };
}

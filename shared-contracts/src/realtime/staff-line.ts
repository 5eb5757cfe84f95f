import type { ServerLobbyMessage } from './lobby';

/*
 * The page's one line to the staff lobby socket, whichever remote needs it. The server counts a
 * staff session's lobby sockets, and a tab holds one: where the back office's layout is shown (its
 * own pages and the billing remote's framed ones) the back office offers its line here, and the
 * room offers one of its own where no back office is; another remote on the same page (the point
 * of sale's list) joins it instead of opening a socket of its own. The line opens with its first
 * user and closes with its last. The contracts are one module instance on the page (a shared singleton of the
 * federation), so what one remote offers here the others find. The shapes are those of the kit's
 * SharedSocketLink, which the back office's line is.
 */

export type StaffLineStatus = 'connecting' | 'up' | 'down' | 'refused' | 'closed';

export interface StaffLineUser {
  onMessage?(message: ServerLobbyMessage): void;
  onStatus?(status: StaffLineStatus, closeCode: number | null): void;
  /** Polled while the line is down or refused, stopped once it is up (the kit's PollerOptions). */
  fallback?: { intervalMs: number; poll(signal: AbortSignal): Promise<unknown> | void };
}

export interface StaffLine {
  /** Holds the line open for `user` until the answered function is called. */
  join(user: StaffLineUser): () => void;
}

interface Member {
  user: StaffLineUser;
  leave: (() => void) | null;
}

let offered: StaffLine | null = null;
const members = new Set<Member>();

/**
 * The socket's owner offers its line until the answered function is called. Users that joined
 * before (a remote mounted first) join it at once; a newer offer takes the users over.
 */
export function offerStaffLine(line: StaffLine): () => void {
  for (const member of members) member.leave?.();
  offered = line;
  for (const member of members) member.leave = line.join(member.user);
  return () => {
    if (offered !== line) return;
    offered = null;
    for (const member of members) {
      member.leave?.();
      member.leave = null;
    }
  };
}

/** Joins the page's line now, or as soon as one is offered; answers how to leave it. */
export function joinStaffLine(user: StaffLineUser): () => void {
  const member: Member = { user, leave: offered?.join(user) ?? null };
  members.add(member);
  return () => {
    if (!members.delete(member)) return;
    member.leave?.();
  };
}

/** Whether a line is offered on this page (a remote mounted alone, in its standalone server, has none). */
export function hasStaffLine(): boolean {
  return offered !== null;
}

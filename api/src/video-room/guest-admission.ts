/** What a guest presents at the room's door: its request and the visitor token of that request. */
export interface GuestTicket {
  requestId: string;
  token: string | null;
  roomId: string;
}

/**
 * The lobby's side of a guest's entry (implemented by the join-request service): a guest enters
 * only the room of its own approved request. `check` refuses without changing anything, so that
 * a full room refuses before the request is marked as joined; `admit` records the identity.
 */
export interface GuestAdmission {
  check(companyId: string, ticket: GuestTicket): Promise<void>;
  admit(companyId: string, ticket: GuestTicket, identity: string): Promise<{ displayName: string }>;
}

import { QUEUE_STATUSES, type StaffJoinRequest } from '@incontra/contracts/api/join-requests';

/** One row of the live queue. */
export interface QueueEntry {
  request: StaffJoinRequest;
  /**
   * Set for a few seconds when another staff member took the request, so that whoever was about
   * to answer it sees why it goes away: that member's name (null when the event does not say).
   */
  taken: { by: string | null } | null;
}

export function inQueue(request: StaffJoinRequest): boolean {
  return QUEUE_STATUSES.includes(request.status);
}

/** Approved or joined by somebody else than `selfId`: the moment to show who took it. */
function takenByOther(request: StaffJoinRequest, selfId: string): boolean {
  return (request.status === 'approved' || request.status === 'joined') && request.handledBy?.id !== selfId;
}

/**
 * The queue after a full list (the socket's `queue` or the fallback call): that list, in its order,
 * with the taken markers still showing kept where they were.
 */
export function replaceEntries(entries: readonly QueueEntry[], requests: readonly StaffJoinRequest[]): QueueEntry[] {
  const next: QueueEntry[] = requests.filter(inQueue).map((request) => ({ request, taken: null }));
  const listed = new Set(next.map((entry) => entry.request.id));
  entries.forEach((entry, index) => {
    if (entry.taken && !listed.has(entry.request.id)) next.splice(Math.min(index, next.length), 0, entry);
  });
  return next;
}

export interface UpsertResult {
  entries: QueueEntry[];
  /** The request was not in the queue before. */
  added: boolean;
  /** The request now shows a taken marker (to be removed after a while). */
  marked: boolean;
}

/** The queue after one request changed: updated in place, added at the end, marked taken or removed. */
export function upsertEntry(entries: readonly QueueEntry[], request: StaffJoinRequest, selfId: string): UpsertResult {
  const index = entries.findIndex((entry) => entry.request.id === request.id);
  if (inQueue(request)) {
    const entry = { request, taken: null };
    if (index === -1) return { entries: [...entries, entry], added: true, marked: false };
    return { entries: entries.map((current, i) => (i === index ? entry : current)), added: false, marked: false };
  }
  if (index === -1) return { entries: [...entries], added: false, marked: false };
  if (takenByOther(request, selfId)) {
    const entry = { request, taken: { by: request.handledBy?.name ?? null } };
    return { entries: entries.map((current, i) => (i === index ? entry : current)), added: false, marked: true };
  }
  return { entries: removeEntry(entries, request.id), added: false, marked: false };
}

export function removeEntry(entries: readonly QueueEntry[], id: string): QueueEntry[] {
  return entries.filter((entry) => entry.request.id !== id);
}

/**
 * The waiting requests after one changed: updated in place, added at the end, or gone once out of
 * the queue. The same array when nothing changed (a request that was not waiting, and still is not).
 */
export function withRequest(requests: readonly StaffJoinRequest[], request: StaffJoinRequest): readonly StaffJoinRequest[] {
  const index = requests.findIndex((current) => current.id === request.id);
  if (!inQueue(request)) return index === -1 ? requests : requests.filter((current) => current.id !== request.id);
  if (index === -1) return [...requests, request];
  return requests.map((current, i) => (i === index ? request : current));
}

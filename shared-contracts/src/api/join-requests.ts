import * as z from 'zod/mini';
import { IT_LOBBY } from '../messages/it-lobby';
import { ROUTES } from '../routes';
import { optionalVisitorNameSchema, visitorNameSchema } from './visitor-name';

/**
 * A visitor's request to talk, from the name to the end of the call. The states and the moves
 * between them are the contract; the API applies each move atomically (compare-and-set on the
 * current state), so two staff approving together have exactly one winner.
 */
export const JOIN_REQUEST_STATUSES = ['pending', 'verifying', 'verified', 'approved', 'rejected', 'busy', 'cancelled', 'expired', 'joined', 'ended'] as const;
export const joinRequestStatusSchema = z.enum(JOIN_REQUEST_STATUSES);
export type JoinRequestStatus = z.infer<typeof joinRequestStatusSchema>;

/**
 * Every legal move. `pending`: sent (in the queue unless the phone must be verified first);
 * `verifying`: a code was sent (sending again stays there); `verified`: the phone is proven, in
 * the queue; `busy`: staff asked to wait, still in the queue; `approved`: one staff member took
 * it; `joined`: the guest holds a room token (joining again after a reload stays there); `ended`:
 * the guest left the call. Rejected, cancelled, expired and ended are final.
 */
export const JOIN_REQUEST_TRANSITIONS: Readonly<Record<JoinRequestStatus, readonly JoinRequestStatus[]>> = {
  pending: ['verifying', 'approved', 'rejected', 'busy', 'cancelled', 'expired'],
  verifying: ['verifying', 'verified', 'cancelled', 'expired'],
  verified: ['approved', 'rejected', 'busy', 'cancelled', 'expired'],
  busy: ['approved', 'rejected', 'busy', 'cancelled', 'expired'],
  approved: ['joined', 'cancelled', 'expired'],
  joined: ['joined', 'ended'],
  rejected: [],
  cancelled: [],
  expired: [],
  ended: [],
};

export function canTransition(from: JoinRequestStatus, to: JoinRequestStatus): boolean {
  return JOIN_REQUEST_TRANSITIONS[from].includes(to);
}

/** The states a move to `to` may start from. */
export function sourcesOf(to: JoinRequestStatus): JoinRequestStatus[] {
  return JOIN_REQUEST_STATUSES.filter((from) => canTransition(from, to));
}

export function isFinal(status: JoinRequestStatus): boolean {
  return JOIN_REQUEST_TRANSITIONS[status].length === 0;
}

/** Waiting for staff: what the live queue shows (`pending` only when no verification is due). */
export const QUEUE_STATUSES: readonly JoinRequestStatus[] = ['pending', 'verified', 'busy'];

/** The visitor is still waiting (its page open): leaving withdraws the request. */
export const WAITING_STATUSES: readonly JoinRequestStatus[] = ['pending', 'verifying', 'verified', 'busy'];

export const JOIN_REQUEST_SOURCES = ['live', 'invitation', 'reservation'] as const;
export const joinRequestSourceSchema = z.enum(JOIN_REQUEST_SOURCES);
export type JoinRequestSource = z.infer<typeof joinRequestSourceSchema>;

/** Fixed rules of the lobby (the request expiry is configuration: JOIN_REQUEST_TIMEOUT_SECONDS). */
export const LOBBY_RULES = {
  codeLength: 6,
  codeTtlMs: 10 * 60_000,
  codeMaxAttempts: 5,
  /** Between two codes for the same request. */
  codeResendMs: 30_000,
  /** Different numbers one request may have codes sent to: more is a visitor cycling numbers (SMS pumping). */
  codePhoneNumbersMax: 2,
  messageMaxLength: 500,
  /** A reservation's join link opens this long before the start. */
  reservationEarlyMs: 15 * 60_000,
  invitationTtlMs: 24 * 60 * 60_000,
  /** An approved visitor who does not enter the room within this time loses the approval. */
  approvedJoinWindowMs: 5 * 60_000,
} as const;

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong));

/** POST /api/video-room/{store}/send-join-request */
export const sendJoinRequestBodySchema = z.object({
  name: visitorNameSchema,
  room: z.uuid({ error: IT_LOBBY.errors.roomRequired }),
});
export type SendJoinRequestBody = z.infer<typeof sendJoinRequestBodySchema>;

/** What both sides see of a request; each view adds its own fields. */
const joinRequestCommonSchema = z.object({
  id: z.uuid(),
  status: joinRequestStatusSchema,
  source: joinRequestSourceSchema,
  name: z.string(),
  storeId: z.uuid(),
  storeName: z.string(),
  roomId: z.uuid(),
  roomName: z.string(),
  /** The staff's message with a rejection or busy. */
  message: z.nullable(z.string()),
  createdAt: z.string(),
  /** When a still-waiting request expires (ISO). */
  expiresAt: z.string(),
});

/** What the visitor sees of its own request. */
export const visitorJoinRequestSchema = z.extend(joinRequestCommonSchema, {
  /** True while the phone still has to be proven before staff see the request. */
  verificationRequired: z.boolean(),
  /** The number a code was sent to (E.164), once one was. */
  phoneNumber: z.nullable(z.string()),
});
export type VisitorJoinRequest = z.infer<typeof visitorJoinRequestSchema>;

/**
 * The answer to every send-join-request: the request and, this once, the visitor's token. Every
 * later call about the request carries it (`Authorization: Bearer …`, or `hello` on the socket).
 */
export const sentJoinRequestSchema = z.object({
  request: visitorJoinRequestSchema,
  visitorToken: z.string(),
});
export type SentJoinRequest = z.infer<typeof sentJoinRequestSchema>;

/** POST /api/video-room/join-request/{id}/send-verification-code */
export const sendVerificationCodeBodySchema = z.object({
  phoneNumber: z
    .string({ error: IT_LOBBY.errors.phoneRequired })
    .check(z.trim(), z.minLength(1, IT_LOBBY.errors.phoneRequired), z.maxLength(32, IT_LOBBY.errors.phoneInvalid)),
});
export type SendVerificationCodeBody = z.infer<typeof sendVerificationCodeBodySchema>;

export const verificationCodeSentSchema = z.object({
  request: visitorJoinRequestSchema,
  /** The normalised number (E.164) the SMS went to. */
  phoneNumber: z.string(),
  codeExpiresAt: z.string(),
  /** Not before this may another code be asked for (ISO). */
  resendAfter: z.string(),
});
export type VerificationCodeSent = z.infer<typeof verificationCodeSentSchema>;

/** POST /api/video-room/join-request/{id}/verify-verification-code */
export const verifyCodeBodySchema = z.object({
  code: z.string({ error: IT_LOBBY.errors.codeFormat }).check(z.trim(), z.regex(/^\d{6}$/, IT_LOBBY.errors.codeFormat)),
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBodySchema>;

/** POST …/reject and …/busy */
export const staffMessageBodySchema = z.object({
  message: requiredText(IT_LOBBY.errors.messageRequired, LOBBY_RULES.messageMaxLength, IT_LOBBY.errors.messageTooLong),
});
export type StaffMessageBody = z.infer<typeof staffMessageBodySchema>;

/** What staff see of a request in the live queue. */
export const staffJoinRequestSchema = z.extend(joinRequestCommonSchema, {
  /** The verified phone number (E.164), null when none was verified. */
  phoneNumber: z.nullable(z.string()),
  /** Since when the visitor waits for an answer (reset by `busy`). */
  waitingSince: z.string(),
  /** The staff member who approved, rejected or marked it busy last. */
  handledBy: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  /** A reservation's request: its appointment's start (the queue says "Appuntamento 10:30"). Absent from an older API. */
  appointment: z.optional(z.nullable(z.object({ startsAt: z.string() }))),
});
export type StaffJoinRequest = z.infer<typeof staffJoinRequestSchema>;

/** GET /api/bo/join-requests: the live queue of the stores the staff member serves. */
export const liveQueueSchema = z.object({ requests: z.array(staffJoinRequestSchema) });
export type LiveQueue = z.infer<typeof liveQueueSchema>;

/** POST …/approve: the request, now the approver's, and the room to enter. */
export const approvedJoinRequestSchema = z.object({ request: staffJoinRequestSchema, roomId: z.uuid() });
export type ApprovedJoinRequest = z.infer<typeof approvedJoinRequestSchema>;

/** POST /api/bo/invitations */
export const createInvitationBodySchema = z.object({
  room: z.uuid({ error: IT_LOBBY.errors.roomRequired }),
  /** The same name rule as the visitor's own (visitor-name); empty means none. */
  name: optionalVisitorNameSchema,
});
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;

export const INVITATION_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITATION_CODE_LENGTH = 10;
/** Codes are typed by people: case and spaces or dashes do not matter. */
export function normalizeInvitationCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

export const invitationSchema = z.object({
  code: z.string(),
  /** The link to send: the live page with the code filled in. */
  url: z.string(),
  roomId: z.uuid(),
  storeId: z.uuid(),
  name: z.nullable(z.string()),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /api/video-room/invitation/send-join-request (the code in the body, never in a URL the server logs). */
export const invitationJoinRequestBodySchema = z.object({
  code: z
    .string({ error: IT_LOBBY.errors.invitationCodeRequired })
    .check(z.trim(), z.minLength(1, IT_LOBBY.errors.invitationCodeRequired), z.maxLength(40, IT_LOBBY.errors.invitationInvalid)),
  name: visitorNameSchema,
});
export type InvitationJoinRequestBody = z.infer<typeof invitationJoinRequestBodySchema>;

const joinTokenSchema = z.string().check(z.minLength(1), z.maxLength(200));

/**
 * POST /api/video-room/reservation/{id}/send-join-request: optional name (the reservation's
 * otherwise), and whose link it is: the customer's join token, or an invited participant's id and
 * token. Without either it leads nowhere (404), as a wrong or withdrawn one does.
 */
export const reservationJoinRequestBodySchema = z.object({
  name: z.optional(visitorNameSchema),
  /** The customer's join token, from their join link. */
  token: z.optional(joinTokenSchema),
  /** An invited participant's personal link: their id and token; they join under their own name. */
  participant: z.optional(z.object({ id: z.uuid(), token: joinTokenSchema })),
});
export type ReservationJoinRequestBody = z.infer<typeof reservationJoinRequestBodySchema>;

/** Where the visitor's tab keeps its credentials between the waiting step and the room. */
export function visitorCredentialsKey(requestId: string): string {
  return `incontra.joinRequest.${requestId}`;
}

/**
 * What the visitor's tab keeps under `visitorCredentialsKey(requestId)` (JSON): written by the
 * live page when the request is sent, read by the room to enter as a guest with the request's name.
 */
export const visitorCredentialsSchema = z.object({
  requestId: z.uuid(),
  visitorToken: z.string().check(z.minLength(1)),
  name: z.string(),
  storeId: z.uuid(),
  roomId: z.uuid(),
});
export type VisitorCredentials = z.infer<typeof visitorCredentialsSchema>;

/** The query parameter that takes a guest into the room: `/room/{roomId}?richiesta={requestId}`. */
export const GUEST_REQUEST_PARAM = 'richiesta';
/** The live page's query parameter carrying an invitation code: `/partecipa?invito=CODE`. */
export const INVITATION_PARAM = 'invito';
/** The live page's query parameter carrying a reservation id: `/partecipa?appuntamento=ID`. */
export const RESERVATION_PARAM = 'appuntamento';
/**
 * With RESERVATION_PARAM, the join token in PARTICIPANT_TOKEN_PARAM: the customer's, or with
 * PARTICIPANT_PARAM an invited participant's personal link (their id).
 */
export const PARTICIPANT_PARAM = 'partecipante';
export const PARTICIPANT_TOKEN_PARAM = 'token';
/** The invitation link's visitor name, as staff typed it: the live page starts with it filled in. */
export const INVITATION_NAME_PARAM = 'nome';

/** Whose join link: the customer's (their join token) or an invited participant's (their id and token). */
export type ReservationJoinAccess = { token: string } | { id: string; token: string };

/**
 * A reservation's join link, relative to the company's origin
 * (`/partecipa?appuntamento=ID&token=T`); an invited participant's carries their id too, and they
 * join under their own name.
 */
export function reservationJoinPath(reservationId: string, access: ReservationJoinAccess): string {
  const query = new URLSearchParams({ [RESERVATION_PARAM]: reservationId });
  if ('id' in access) query.set(PARTICIPANT_PARAM, access.id);
  query.set(PARTICIPANT_TOKEN_PARAM, access.token);
  return `${ROUTES.live}?${query.toString()}`;
}

/**
 * The link staff send: the invitation's link, with the visitor's name when staff gave one. The
 * visitor cannot read an invitation before using it, so the name travels with the code it came with.
 */
export function invitationLinkOf(invitation: Pick<Invitation, 'url' | 'name'>): string {
  if (!invitation.name) return invitation.url;
  const link = new URL(invitation.url);
  link.searchParams.set(INVITATION_NAME_PARAM, invitation.name);
  return link.toString();
}

import * as z from 'zod/mini';
import { signalPayloadSchema } from './signalling';

/**
 * A webinar's live session over the API WebSocket (`/api/realtime/webinar`): `hello` with the
 * credential of GET /api/webinar/{id}/join (presenter) or GET /api/webinar-reservation/{id}/join
 * (viewer), then the session's news and the participants' actions. The server reads the seat and
 * the role from the credential, never from what a browser says, and checks every action against
 * the role: only presenters start, end, moderate and (on the built-in mesh) send media; a viewer
 * sends audio only while invited to speak. Questions, votes, raised hands, the speaker, the chat's
 * mute and removed seats are kept in the database; news travels between API processes through the
 * pub/sub port. One seat per credential subject: a newer socket of the same seat replaces the older.
 */
export const WEBINAR_LIVE = {
  path: '/api/realtime/webinar',
  maxMessageBytes: 64 * 1024,
  rateBurst: 60,
  ratePerSecond: 20,
  maxBadMessages: 20,
  helloTimeoutMs: 5000,
  heartbeatIntervalMs: 10_000,
  maxMissedHeartbeats: 3,
  /** A chat message's length at most, in characters. */
  chatMax: 500,
  /** A question's length at most, in characters. */
  questionMax: 300,
  /** Questions one viewer may ask in one webinar. */
  questionsPerSeat: 20,
  /** Questions one webinar keeps at most (new ones are refused beyond). */
  questionsMax: 2000,
  /** How often each process tells the others how many viewers it holds (the viewer count). */
  tallyIntervalMs: 5000,
  /** A lost live socket is opened again after this, growing by `reconnectFactor` up to the maximum. */
  reconnectBaseMs: 500,
  reconnectMaxMs: 5000,
  reconnectFactor: 1.5,
} as const;

export const WEBINAR_LIVE_RECONNECT_BACKOFF = {
  firstMs: WEBINAR_LIVE.reconnectBaseMs,
  maxMs: WEBINAR_LIVE.reconnectMaxMs,
  factor: WEBINAR_LIVE.reconnectFactor,
} as const;

/** Close codes of the live socket. */
export const WEBINAR_LIVE_CLOSE = {
  unauthorized: 4001,
  /** A presenter removed this viewer: final, the seat cannot come back. */
  removed: 4003,
  /** The webinar ended (or was cancelled): final. */
  ended: 4004,
  helloTimeout: 4008,
  /** The same seat opened a newer socket (another tab or browser). Final for this one. */
  replaced: 4010,
  tooManyBadMessages: 4029,
  tooManyConnections: 4030,
} as const;

/** The close codes after which a client does not try again by itself. */
export const WEBINAR_LIVE_FINAL_CLOSES: readonly number[] = [
  WEBINAR_LIVE_CLOSE.unauthorized,
  WEBINAR_LIVE_CLOSE.removed,
  WEBINAR_LIVE_CLOSE.ended,
  WEBINAR_LIVE_CLOSE.replaced,
  WEBINAR_LIVE_CLOSE.tooManyConnections,
];

export const webinarLiveRoleSchema = z.enum(['presenter', 'viewer']);
export type WebinarLiveRole = z.infer<typeof webinarLiveRoleSchema>;

/** Someone in the session: the seat is a presenter's user id or a viewer's registration id. */
export const webinarAttendeeSchema = z.object({ seat: z.uuid(), name: z.string(), role: webinarLiveRoleSchema });
export type WebinarAttendee = z.infer<typeof webinarAttendeeSchema>;

export const WEBINAR_QUESTION_STATUSES = ['open', 'answered', 'hidden'] as const;
export const webinarQuestionStatusSchema = z.enum(WEBINAR_QUESTION_STATUSES);
export type WebinarQuestionStatus = z.infer<typeof webinarQuestionStatusSchema>;

/** A question as the session shows it (viewers never receive hidden ones). */
export const webinarQuestionSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  author: z.string(),
  votes: z.int(),
  status: webinarQuestionStatusSchema,
  askedAt: z.string(),
});
export type WebinarQuestion = z.infer<typeof webinarQuestionSchema>;

/** A raised hand, in the queue presenters see (oldest first). */
export const webinarHandSchema = z.object({ seat: z.uuid(), name: z.string(), raisedAt: z.string() });
export type WebinarHand = z.infer<typeof webinarHandSchema>;

const chatText = z.string().check(z.trim(), z.minLength(1), z.maxLength(WEBINAR_LIVE.chatMax));
const questionText = z.string().check(z.trim(), z.minLength(1), z.maxLength(WEBINAR_LIVE.questionMax));

/** A Twilio participant's sid: PA and 32 hexadecimal digits. */
export const TWILIO_PARTICIPANT_SID = /^PA[0-9a-f]{32}$/;

export const clientWebinarLiveMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), token: z.string().check(z.maxLength(4096)) }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('bye') }),
  z.object({ type: z.literal('chat'), text: chatText }),
  /** A viewer's question. */
  z.object({ type: z.literal('ask'), text: questionText }),
  /** A viewer's vote on a question (`up: false` takes it back). */
  z.object({ type: z.literal('vote'), question: z.uuid(), up: z.boolean() }),
  /** A presenter marks a question answered, hides it, or opens it again. */
  z.object({ type: z.literal('question'), question: z.uuid(), status: webinarQuestionStatusSchema }),
  /** A viewer raises or lowers a hand. */
  z.object({ type: z.literal('hand'), raised: z.boolean() }),
  /** A presenter invites a raised hand to speak (audio); one speaker at a time. */
  z.object({ type: z.literal('invite'), seat: z.uuid() }),
  /** A presenter, or the speaker itself, ends the speaking turn. */
  z.object({ type: z.literal('stop-speaking') }),
  /** A presenter removes a viewer (it cannot come back). */
  z.object({ type: z.literal('remove'), seat: z.uuid() }),
  z.object({ type: z.literal('mute-chat'), muted: z.boolean() }),
  /** A presenter turns the recording on or off (Janus only; `bad forbidden` elsewhere). */
  z.object({ type: z.literal('record'), on: z.boolean() }),
  /** The built-in mesh's media signalling, between a presenter (or the speaker) and a viewer. */
  z.object({ type: z.literal('signal'), to: z.uuid(), data: signalPayloadSchema }),
  /**
   * On Twilio: the browser is in the group room as this participant (its sid); the API checks it
   * is this seat's and sets what it receives (Twilio only; `bad forbidden` elsewhere).
   */
  z.object({ type: z.literal('media-joined'), participant: z.string().check(z.regex(TWILIO_PARTICIPANT_SID)) }),
]);
export type ClientWebinarLiveMessage = z.infer<typeof clientWebinarLiveMessageSchema>;

export const WEBINAR_LIVE_REFUSALS = [
  'rate-limited',
  'too-large',
  'malformed',
  'not-ready',
  'forbidden',
  'chat-muted',
  'not-found',
  'limit',
  'unknown-peer',
  /** The action's dependency (the database, the SFU) did not answer: nothing was changed, try again. */
  'unavailable',
] as const;
export type WebinarLiveRefusal = (typeof WEBINAR_LIVE_REFUSALS)[number];

export const webinarLiveStatusSchema = z.enum(['published', 'live', 'ended', 'cancelled']);

export const serverWebinarLiveMessageSchema = z.discriminatedUnion('type', [
  /**
   * Answer to hello: who I am, the session's state, the questions (hidden ones to presenters
   * only), the ids of those I voted for, the hand queue (presenters; a viewer gets its own hand
   * only), the speaker, who is present (presenters see every attendee; viewers the presenters).
   */
  z.object({
    type: z.literal('welcome'),
    self: webinarAttendeeSchema,
    status: webinarLiveStatusSchema,
    chatMuted: z.boolean(),
    questions: z.array(webinarQuestionSchema),
    voted: z.array(z.uuid()),
    hands: z.array(webinarHandSchema),
    speaker: z.nullable(webinarAttendeeSchema),
    attendees: z.array(webinarAttendeeSchema),
    viewers: z.int(),
    /** Janus records the session now (everyone is told). */
    recording: z._default(z.boolean(), false),
    /** Whether a presenter may record here (Janus with a recordings folder). */
    recordable: z._default(z.boolean(), false),
  }),
  z.object({ type: z.literal('status'), status: webinarLiveStatusSchema }),
  z.object({ type: z.literal('joined'), attendee: webinarAttendeeSchema }),
  z.object({ type: z.literal('left'), seat: z.uuid() }),
  z.object({ type: z.literal('viewers'), count: z.int() }),
  z.object({ type: z.literal('chat'), from: webinarAttendeeSchema, text: z.string(), at: z.string() }),
  z.object({ type: z.literal('chat-muted'), muted: z.boolean() }),
  z.object({ type: z.literal('recording'), on: z.boolean() }),
  /** A question asked or changed (a viewer receives a hidden one as `question-gone`). */
  z.object({ type: z.literal('question'), question: webinarQuestionSchema }),
  z.object({ type: z.literal('question-gone'), id: z.uuid() }),
  /** Presenters: the hand queue; a viewer: whether its own hand is raised. */
  z.object({ type: z.literal('hands'), hands: z.array(webinarHandSchema) }),
  z.object({ type: z.literal('speaker'), speaker: z.nullable(webinarAttendeeSchema) }),
  z.object({ type: z.literal('signal'), from: z.uuid(), data: signalPayloadSchema }),
  /**
   * On Janus, to the viewer invited to speak only: the publisher token its voice is published
   * with (in the room's allowed list until the turn ends, when its publisher is kicked too).
   */
  z.object({ type: z.literal('voice-grant'), token: z.string() }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('bad'), reason: z.enum(WEBINAR_LIVE_REFUSALS) }),
  z.object({ type: z.literal('bye'), reason: z.enum(['unauthorized', 'removed', 'ended', 'replaced', 'abuse']) }),
]);
export type ServerWebinarLiveMessage = z.infer<typeof serverWebinarLiveMessageSchema>;

import { z } from 'zod';
import { REMOTE_NAMES, type RemoteName } from '@incontra/contracts/routes';
import { DEFAULT_DATABASE_TIMEOUTS } from '../db/database-timeouts';
import { DEFAULT_REDIS_TIMEOUTS } from '../realtime/redis-timeouts';
import { DEFAULT_SOCKET_CAPS } from '../realtime/socket-caps';
import { DEFAULT_BOOKING_BREAKER, DEFAULT_STAFF_MAIL_LIMITS } from './flood-defaults';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = (max: number) =>
  z.coerce.number({ error: 'expected a number' }).int('expected a whole number').min(1, 'expected a positive number').max(max, `expected at most ${max}`);

/** An absolute http(s) URL or a same-origin path: where a remote's manifest lives. */
const remoteEntry = z
  .string()
  .refine((value) => value.startsWith('/') || /^https?:\/\/[^/]+/.test(value), {
    message: 'expected an http(s) URL or a path starting with /',
  })
  .refine((value) => value.startsWith('/') || URL.canParse(value), { message: 'expected a valid URL' });

/** `true`/`false`, a number of proxy hops, or a comma-separated list of trusted addresses. */
const trustProxy = z
  .string()
  .regex(/^[\w.:/, -]+$/, 'expected true, false, a hop count or a list of addresses')
  .transform((value): boolean | number | string => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  });

/** The public origin of every company's site, `{host}` standing for the company's host name. */
const publicUrl = z
  .string()
  .regex(/^https?:\/\/\{host\}(:\d{1,5})?\/?$/, 'expected http(s)://{host} with an optional :port, e.g. https://{host}')
  .transform((value) => value.replace(/\/$/, ''));

/** Comma-separated stun:, turn: or turns: URLs. */
const iceUrls = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .refine((urls) => urls.every((url) => /^(stun|turns?):[^\s]+$/.test(url)), {
    message: 'expected comma-separated stun:, turn: or turns: URLs',
  });

const remoteUrlVariables = Object.fromEntries(REMOTE_NAMES.map((name) => [remoteUrlVariable(name), remoteEntry.optional()])) as Record<
  `REMOTE_${Uppercase<RemoteName>}_URL`,
  z.ZodOptional<typeof remoteEntry>
>;

export function remoteUrlVariable(name: RemoteName): `REMOTE_${Uppercase<RemoteName>}_URL` {
  return `REMOTE_${name.toUpperCase() as Uppercase<RemoteName>}_URL`;
}

/** Every environment variable the API reads. Empty strings count as unset. */
/** A ws:// or wss:// URL (Janus' WebSocket transport). */
const webSocketUrl = z.string().refine((value) => /^wss?:\/\//.test(value) && URL.canParse(value), { message: 'expected a ws:// or wss:// URL' });

export const envSchema = z.object({
  PORT: positiveInt(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), {
      message: 'expected a postgres:// or postgresql:// URL',
    })
    .optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value) && URL.canParse(value), {
      message: 'expected an smtp:// or smtps:// URL',
    })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Incontra <no-reply@incontra.local>'),
  PUBLIC_URL: publicUrl.optional(),
  OUTBOX_VIEW: flag.default(false),
  STATIC_ROOT: z.string().min(1).optional(),
  SEED: flag.default(true),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt(100_000).default(20),
  BOOKING_RATE_LIMIT_PER_MINUTE: positiveInt(1_000_000).default(10),
  // Floods: the per-store breaker (booking/breaker.ts) and the staff's e-mail bounds (mail/staff-mail-limits.ts); defaults in flood-defaults.ts.
  BOOKING_BREAKER_BOOKINGS: positiveInt(100_000).default(DEFAULT_BOOKING_BREAKER.bookingsPerWindow),
  BOOKING_BREAKER_WINDOW_MINUTES: positiveInt(24 * 60).default(DEFAULT_BOOKING_BREAKER.windowMs / 60_000),
  BOOKING_BREAKER_HOLD_MINUTES: positiveInt(7 * 24 * 60).default(DEFAULT_BOOKING_BREAKER.holdMs / 60_000),
  MAIL_STAFF_PER_HOUR: positiveInt(1_000_000).default(DEFAULT_STAFF_MAIL_LIMITS.perStaffHour),
  MAIL_STAFF_PER_DAY: positiveInt(1_000_000).default(DEFAULT_STAFF_MAIL_LIMITS.perStaffDay),
  MAIL_COMPANY_STAFF_PER_HOUR: positiveInt(1_000_000).default(DEFAULT_STAFF_MAIL_LIMITS.perCompanyHour),
  MAIL_COMPANY_STAFF_PER_DAY: positiveInt(1_000_000).default(DEFAULT_STAFF_MAIL_LIMITS.perCompanyDay),
  ROOM_TOKEN_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  ROOM_TOKEN_TTL_SECONDS: positiveInt(24 * 3600).default(3600),
  ICE_SERVERS: iceUrls.optional(),
  TURN_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
  TURN_TTL_SECONDS: positiveInt(24 * 3600).default(3600),
  VIDEO_PROVIDER: z.enum(['local', 'twilio']).optional(),
  // Webinars through Janus VideoRoom (all four, or none: the built-in mesh); JANUS_PUBLIC_URL is what browsers connect to (JANUS_URL when unset).
  JANUS_URL: webSocketUrl.optional(),
  JANUS_ADMIN_URL: webSocketUrl.optional(),
  JANUS_ADMIN_KEY: z.string().min(16, 'expected at least 16 characters').optional(),
  JANUS_ADMIN_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
  JANUS_PUBLIC_URL: webSocketUrl.optional(),
  // The folder Janus writes its recordings to, readable by this process (same machine or a shared
  // volume): without it webinars are not recorded. The tools that make the replay's WebM from them.
  JANUS_RECORDINGS_DIR: z.string().min(1).optional(),
  JANUS_PP_REC_PATH: z.string().min(1).default('/usr/bin/janus-pp-rec'),
  MKVMERGE_PATH: z.string().min(1).default('/usr/bin/mkvmerge'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'expected AC followed by 32 hex digits')
    .optional(),
  TWILIO_API_KEY_SID: z
    .string()
    .regex(/^SK[0-9a-fA-F]{32}$/, 'expected SK followed by 32 hex digits')
    .optional(),
  TWILIO_API_KEY_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  UPLOAD_RATE_LIMIT_PER_MINUTE: positiveInt(1_000_000).default(10),
  UPLOAD_ROOM_MAX_FILES: positiveInt(1_000_000).default(200),
  UPLOAD_COMPANY_QUOTA_MB: positiveInt(10_000_000).default(1024),
  CHAT_FILE_RETENTION_DAYS: positiveInt(3650).default(7),
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\//.test(value) && URL.canParse(value), { message: 'expected a redis:// or rediss:// URL' })
    .optional(),
  JOIN_REQUEST_TIMEOUT_SECONDS: positiveInt(24 * 3600).default(300),
  JOIN_REQUEST_RATE_LIMIT_PER_MINUTE: positiveInt(1_000_000).default(10),
  LOBBY_RATE_LIMIT_PER_MINUTE: positiveInt(1_000_000).default(120),
  LOBBY_MAX_WAITING_PER_STORE: positiveInt(100_000).default(20),
  SOCKET_LIMIT_PER_IP: positiveInt(1_000_000).default(DEFAULT_SOCKET_CAPS.perAddress),
  SOCKET_LIMIT_PER_STAFF_SESSION: positiveInt(10_000).default(DEFAULT_SOCKET_CAPS.perStaffSession),
  SOCKET_LIMIT_PER_VISITOR_TOKEN: positiveInt(10_000).default(DEFAULT_SOCKET_CAPS.perVisitorToken),
  SOCKET_LIMIT_PER_ROOM_TOKEN: positiveInt(10_000).default(DEFAULT_SOCKET_CAPS.perRoomToken),
  SMS_LIMIT_PER_PHONE_PER_DAY: positiveInt(1_000_000).default(5),
  SMS_LIMIT_PER_IP_PER_DAY: positiveInt(1_000_000).default(20),
  SMS_LIMIT_PER_COMPANY_PER_DAY: positiveInt(10_000_000).default(200),
  PHONE_DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'expected a two-letter country code such as IT')
    .default('IT'),
  TWILIO_SMS_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'expected a phone number in E.164 form, such as +393331234567')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'expected MG followed by 32 hex digits')
    .optional(),
  // How long a call to PostgreSQL or Redis may take (milliseconds): see db/database-timeouts.ts, realtime/redis-timeouts.ts.
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(600_000).default(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  DATABASE_POOL_WAIT_MS: positiveInt(600_000).default(DEFAULT_DATABASE_TIMEOUTS.poolWaitMs),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(3_600_000).default(DEFAULT_DATABASE_TIMEOUTS.statementMs),
  DATABASE_LOCK_TIMEOUT_MS: positiveInt(3_600_000).default(DEFAULT_DATABASE_TIMEOUTS.lockMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt(3_600_000).default(DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs),
  REDIS_CONNECT_TIMEOUT_MS: positiveInt(600_000).default(DEFAULT_REDIS_TIMEOUTS.connectMs),
  REDIS_COMMAND_TIMEOUT_MS: positiveInt(600_000).default(DEFAULT_REDIS_TIMEOUTS.commandMs),
  ...remoteUrlVariables,
});

export type LogLevel = (typeof LOG_LEVELS)[number];
export type Env = z.infer<typeof envSchema>;

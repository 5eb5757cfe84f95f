import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@incontra/contracts/routes';
import type { DatabaseTimeouts } from '../db/database-timeouts';
import type { RedisTimeouts } from '../realtime/redis-timeouts';
import type { SocketCaps } from '../realtime/socket-caps';
import { envSchema, remoteUrlVariable, type Env, type LogLevel } from './env-schema';
import type { BookingBreakerConfig } from '../booking/breaker';
import type { StaffMailLimits } from '../mail/staff-mail-limits';
import { readBillingConfig, type BillingConfig } from '../billing/billing-config';
import { readStripeConfig, type StripeConfig } from '../payments/stripe/stripe-config';

/** The repository root: api/src/config (or api/dist/config once built) is three levels below it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export type DatabaseConfig =
  | { driver: 'pglite'; /** A folder, or `memory://` for a throw-away database. */ dataDir: string }
  | { driver: 'postgres'; url: string; /** DATABASE_*_TIMEOUT_MS, DATABASE_POOL_WAIT_MS; the defaults when absent. */ timeouts?: DatabaseTimeouts };

export interface RateLimitConfig {
  loginPerMinute: number;
  /**
   * Sign-ins of one account (company + username) that may follow each other without a wait; after
   * them each attempt waits `accountFirstDelayMs`, doubling up to `accountMaxDelayMs`. An account
   * left alone for `accountWindowMs` starts again from zero.
   */
  accountFailures: number;
  accountFirstDelayMs: number;
  accountMaxDelayMs: number;
  accountWindowMs: number;
  resetRequestsPerMinute: number;
  resetRequestsPerEmail: number;
  resetEmailWindowMs: number;
  notFoundPerMinute: number;
  /** POST /api/reservations per address. */
  bookingsPerMinute: number;
  /** A reservation's manage-link calls (view, move, cancel) per address. */
  manageCallsPerMinute: number;
}

export interface TwilioConfig {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
}

export interface VideoConfig {
  /** VIDEO_PROVIDER; unset: `twilio` when all three TWILIO_* variables are set, otherwise the built-in engine. */
  provider: 'local' | 'twilio';
  /** Signs `local` room tokens. Random per process when ROOM_TOKEN_SECRET is unset. */
  tokenSecret: string;
  tokenTtlSeconds: number;
  /** STUN/TURN URLs handed to browsers; empty means host candidates only. */
  iceUrls: string[];
  /** coturn's REST-API shared secret: TURN credentials are derived from it per join. */
  turnSecret: string | null;
  turnTtlSeconds: number;
  twilio: TwilioConfig | null;
}

export interface LobbyConfig {
  /** A request nobody answers expires after this (JOIN_REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutSeconds: number;
  /** Per IP: sending a join request (live, invitation, reservation). */
  sendPerMinute: number;
  /** Per IP: a visitor's other calls (status, verification, cancel, guest join). */
  visitorCallsPerMinute: number;
  /** Visitors waiting at once in one store (LOBBY_MAX_WAITING_PER_STORE); one more live request is 429. */
  maxWaitingPerStore: number;
  smsPerPhonePerDay: number;
  smsPerIpPerDay: number;
  smsPerCompanyPerDay: number;
  /** Phone numbers typed without a country prefix belong to this country (ISO 3166 alpha-2). */
  defaultCountry: string;
}

/** Twilio Messaging: the TWILIO_* credentials plus a sender (a number or a messaging service). */
export interface SmsConfig {
  twilio: (TwilioConfig & { from: string | null; messagingServiceSid: string | null }) | null;
}

/** The rooms' files: how many, how fast, how much, and how long chat files are kept. */
export interface UploadsConfig {
  /** Files one uploader (a staff member, a guest's entry) may store per minute (UPLOAD_RATE_LIMIT_PER_MINUTE). */
  perUploaderPerMinute: number;
  /** Files one room may hold, documents and chat files together (UPLOAD_ROOM_MAX_FILES). */
  roomMaxFiles: number;
  /** Bytes all of a company's files may take (UPLOAD_COMPANY_QUOTA_MB). */
  companyQuotaBytes: number;
  /** Chat files older than this are deleted, row and content (CHAT_FILE_RETENTION_DAYS). */
  chatRetentionDays: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Links in e-mails and invitations: `{host}` is replaced by the company's host name the call
   * came in on (one of its configured ones), never by the port or scheme the request claimed.
   */
  publicUrl: string;
  /** Serve GET /api/dev/outbox: the host company's outbox, for development and end-to-end tests. */
  outboxView: boolean;
  /** Where each remote's manifest lives (absolute URL or same-origin path). */
  remotes: Record<RemoteName, string>;
  /** The folder holding host/dist and mfe-<name>/dist. */
  staticRoot: string;
  seed: boolean;
  logLevel: LogLevel;
  trustProxy: boolean | number | string;
  rateLimits: RateLimitConfig;
  video: VideoConfig;
  /** Where the disk uploads adapter keeps files. */
  uploadsDir: string;
  uploads: UploadsConfig;
  /** Pub/sub (and shared rate limits) through Redis; in-process when null. */
  redisUrl: string | null;
  lobby: LobbyConfig;
  /** Sockets open at once per route and process: per client address, staff session, visitor token, room token. */
  sockets: SocketCaps;
  sms: SmsConfig;
  /** The per-store breaker against booking floods. */
  bookingBreaker: BookingBreakerConfig;
  /** How many e-mails staff actions may send. */
  staffMailLimits: StaffMailLimits;
  /** How long a call to Redis may take (REDIS_CONNECT_TIMEOUT_MS, REDIS_COMMAND_TIMEOUT_MS). */
  redisTimeouts: RedisTimeouts;
  /** Where the subscription's money goes: `stripe` with the STRIPE_* variables, else the built-in test mode. */
  paymentMode: 'test' | 'stripe';
  /** STRIPE_*: all of them or none (half a configuration is an error naming what is missing). */
  stripe: StripeConfig | null;
  /** VAT, the grace after a failed renewal, the seller of the invoices (BILLING_*). */
  billing: BillingConfig;
  /** JANUS_*: webinars' media through Janus VideoRoom; null: the built-in mesh (or Twilio with VIDEO_PROVIDER=twilio). */
  janus: JanusConfig | null;
}

export interface JanusConfig {
  /** JANUS_URL: the Janus API our API calls (rooms). */
  url: string;
  /** JANUS_ADMIN_URL: the Admin API (a removed viewer's session). */
  adminUrl: string;
  /** JANUS_ADMIN_KEY: the VideoRoom plugin's admin_key. */
  adminKey: string;
  /** JANUS_ADMIN_SECRET: the Admin API's secret. */
  adminSecret: string;
  /** JANUS_PUBLIC_URL: the Janus API browsers connect to (JANUS_URL when unset). */
  publicUrl: string;
  /** JANUS_RECORDINGS_DIR (absolute), JANUS_PP_REC_PATH, MKVMERGE_PATH: webinars are recorded only with a folder. */
  recordings: { folder: string; janusPpRec: string; mkvmerge: string } | null;
}

export class ConfigError extends Error {
  constructor(
    readonly variables: string[],
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== ''));
}

const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_API_KEY_SID', 'TWILIO_API_KEY_SECRET'] as const;
const JANUS_VARIABLES = ['JANUS_URL', 'JANUS_ADMIN_URL', 'JANUS_ADMIN_KEY', 'JANUS_ADMIN_SECRET'] as const;

/** All four Janus variables, or none (JANUS_PUBLIC_URL alone is optional). */
function janusConfig(values: Env): JanusConfig | null {
  const missing = JANUS_VARIABLES.filter((name) => values[name] === undefined);
  if (missing.length === JANUS_VARIABLES.length) {
    for (const name of ['JANUS_PUBLIC_URL', 'JANUS_RECORDINGS_DIR'] as const) {
      if (values[name] !== undefined) throw new ConfigError(['JANUS_URL'], `Invalid environment variable JANUS_URL: required with ${name}`);
    }
    return null;
  }
  if (missing.length > 0) {
    throw new ConfigError(missing, `Invalid environment variable ${missing.map((name) => `${name}: required with the other JANUS_* variables`).join('; ')}`);
  }
  return {
    url: values.JANUS_URL!,
    adminUrl: values.JANUS_ADMIN_URL!,
    adminKey: values.JANUS_ADMIN_KEY!,
    adminSecret: values.JANUS_ADMIN_SECRET!,
    publicUrl: values.JANUS_PUBLIC_URL ?? values.JANUS_URL!,
    recordings: values.JANUS_RECORDINGS_DIR
      ? { folder: path.resolve(values.JANUS_RECORDINGS_DIR), janusPpRec: values.JANUS_PP_REC_PATH, mkvmerge: values.MKVMERGE_PATH }
      : null,
  };
}

/** All three Twilio variables, or none: half a configuration is an error naming what is missing. */
function twilioConfig(values: Env): TwilioConfig | null {
  const missing = TWILIO_VARIABLES.filter((name) => values[name] === undefined);
  if (missing.length === TWILIO_VARIABLES.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(missing, `Invalid environment variable ${missing.map((name) => `${name}: required with the other TWILIO_* variables`).join('; ')}`);
  }
  return { accountSid: values.TWILIO_ACCOUNT_SID!, apiKeySid: values.TWILIO_API_KEY_SID!, apiKeySecret: values.TWILIO_API_KEY_SECRET! };
}

/** Reads and validates the environment; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const source = withoutEmptyValues(env);
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? 'environment');
      const got = source[variable];
      return { variable, text: `${variable}: ${issue.message}${got === undefined ? '' : ` (got "${got}")`}` };
    });
    throw new ConfigError(
      problems.map((problem) => problem.variable),
      `Invalid environment variable ${problems.map((problem) => problem.text).join('; ')}`,
    );
  }
  const values = parsed.data;
  const twilio = twilioConfig(values);
  const stripe = readStripeConfig(source);
  if (values.REDIS_URL && !values.ROOM_TOKEN_SECRET) {
    // Several processes behind one Redis must sign and check the same room tokens and links.
    throw new ConfigError(
      ['ROOM_TOKEN_SECRET'],
      'Invalid environment variable ROOM_TOKEN_SECRET: required with REDIS_URL (every process needs the same secret)',
    );
  }
  const smsSender = values.TWILIO_SMS_FROM ?? values.TWILIO_MESSAGING_SERVICE_SID;
  if (smsSender && !twilio) {
    throw new ConfigError([...TWILIO_VARIABLES], `Invalid environment variable ${TWILIO_VARIABLES.join(', ')}: required to send SMS through Twilio`);
  }
  if (values.VIDEO_PROVIDER === 'twilio' && !twilio) {
    throw new ConfigError([...TWILIO_VARIABLES], `Invalid environment variable ${TWILIO_VARIABLES.join(', ')}: required with VIDEO_PROVIDER=twilio`);
  }
  const videoProvider = values.VIDEO_PROVIDER ?? (twilio ? 'twilio' : 'local');
  const dataDir = path.resolve(values.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  const remotes = Object.fromEntries(REMOTE_NAMES.map((name) => [name, values[remoteUrlVariable(name)] ?? `/mfe/${name}/mf-manifest.json`])) as Record<
    RemoteName,
    string
  >;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    database: values.DATABASE_URL
      ? {
          driver: 'postgres',
          url: values.DATABASE_URL,
          timeouts: {
            connectMs: values.DATABASE_CONNECT_TIMEOUT_MS,
            poolWaitMs: values.DATABASE_POOL_WAIT_MS,
            statementMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
            lockMs: values.DATABASE_LOCK_TIMEOUT_MS,
            idleInTransactionMs: values.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
          },
        }
      : { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    smtpUrl: values.SMTP_URL ?? null,
    mailFrom: values.MAIL_FROM,
    publicUrl: values.PUBLIC_URL ?? (values.PORT === 80 ? 'http://{host}' : `http://{host}:${values.PORT}`),
    outboxView: values.OUTBOX_VIEW,
    remotes,
    staticRoot: path.resolve(values.STATIC_ROOT ?? REPO_ROOT),
    seed: values.SEED,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    bookingBreaker: {
      bookingsPerWindow: values.BOOKING_BREAKER_BOOKINGS,
      windowMs: values.BOOKING_BREAKER_WINDOW_MINUTES * 60_000,
      holdMs: values.BOOKING_BREAKER_HOLD_MINUTES * 60_000,
    },
    staffMailLimits: {
      perStaffHour: values.MAIL_STAFF_PER_HOUR,
      perStaffDay: values.MAIL_STAFF_PER_DAY,
      perCompanyHour: values.MAIL_COMPANY_STAFF_PER_HOUR,
      perCompanyDay: values.MAIL_COMPANY_STAFF_PER_DAY,
    },
    rateLimits: {
      loginPerMinute: values.LOGIN_RATE_LIMIT_PER_MINUTE,
      accountFailures: 5,
      accountFirstDelayMs: 1000,
      accountMaxDelayMs: 30_000,
      accountWindowMs: 15 * 60_000,
      resetRequestsPerMinute: 10,
      resetRequestsPerEmail: 3,
      resetEmailWindowMs: 15 * 60_000,
      notFoundPerMinute: 120,
      bookingsPerMinute: values.BOOKING_RATE_LIMIT_PER_MINUTE,
      manageCallsPerMinute: 60,
    },
    video: {
      provider: videoProvider,
      tokenSecret: values.ROOM_TOKEN_SECRET ?? randomBytes(32).toString('base64url'),
      tokenTtlSeconds: values.ROOM_TOKEN_TTL_SECONDS,
      iceUrls: values.ICE_SERVERS ?? [],
      turnSecret: values.TURN_SECRET ?? null,
      turnTtlSeconds: values.TURN_TTL_SECONDS,
      twilio,
    },
    uploadsDir: path.resolve(values.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    uploads: {
      perUploaderPerMinute: values.UPLOAD_RATE_LIMIT_PER_MINUTE,
      roomMaxFiles: values.UPLOAD_ROOM_MAX_FILES,
      companyQuotaBytes: values.UPLOAD_COMPANY_QUOTA_MB * 1024 * 1024,
      chatRetentionDays: values.CHAT_FILE_RETENTION_DAYS,
    },
    redisUrl: values.REDIS_URL ?? null,
    lobby: {
      requestTimeoutSeconds: values.JOIN_REQUEST_TIMEOUT_SECONDS,
      sendPerMinute: values.JOIN_REQUEST_RATE_LIMIT_PER_MINUTE,
      visitorCallsPerMinute: values.LOBBY_RATE_LIMIT_PER_MINUTE,
      maxWaitingPerStore: values.LOBBY_MAX_WAITING_PER_STORE,
      smsPerPhonePerDay: values.SMS_LIMIT_PER_PHONE_PER_DAY,
      smsPerIpPerDay: values.SMS_LIMIT_PER_IP_PER_DAY,
      smsPerCompanyPerDay: values.SMS_LIMIT_PER_COMPANY_PER_DAY,
      defaultCountry: values.PHONE_DEFAULT_COUNTRY,
    },
    sockets: {
      perAddress: values.SOCKET_LIMIT_PER_IP,
      perStaffSession: values.SOCKET_LIMIT_PER_STAFF_SESSION,
      perVisitorToken: values.SOCKET_LIMIT_PER_VISITOR_TOKEN,
      perRoomToken: values.SOCKET_LIMIT_PER_ROOM_TOKEN,
    },
    sms: {
      twilio:
        twilio && smsSender ? { ...twilio, from: values.TWILIO_SMS_FROM ?? null, messagingServiceSid: values.TWILIO_MESSAGING_SERVICE_SID ?? null } : null,
    },
    redisTimeouts: { connectMs: values.REDIS_CONNECT_TIMEOUT_MS, commandMs: values.REDIS_COMMAND_TIMEOUT_MS },
    paymentMode: stripe ? 'stripe' : 'test',
    stripe,
    billing: readBillingConfig(source),
    janus: janusConfig(values),
  };
}

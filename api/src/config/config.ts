import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@incontra/contracts/routes';
import { envSchema, remoteUrlVariable, type Env, type LogLevel } from './env-schema';

/** The repository root: api/src/config (or api/dist/config once built) is three levels below it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export type DatabaseConfig =
  | { driver: 'pglite'; /** A folder, or `memory://` for a throw-away database. */ dataDir: string }
  | { driver: 'postgres'; url: string };

export interface RateLimitConfig {
  loginPerMinute: number;
  /** Failed sign-ins of one account (company + username) allowed in `accountWindowMs`. */
  accountFailures: number;
  accountWindowMs: number;
  resetRequestsPerMinute: number;
  resetRequestsPerEmail: number;
  resetEmailWindowMs: number;
  notFoundPerMinute: number;
}

export interface TwilioConfig {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
}

export interface VideoConfig {
  /** `twilio` when all three TWILIO_* variables are set, otherwise the built-in engine. */
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

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  smtpUrl: string | null;
  mailFrom: string;
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
}

export class ConfigError extends Error {
  constructor(readonly variables: string[], message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== ''),
  );
}

const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_API_KEY_SID', 'TWILIO_API_KEY_SECRET'] as const;

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
  const dataDir = path.resolve(values.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, values[remoteUrlVariable(name)] ?? `/mfe/${name}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    database: values.DATABASE_URL
      ? { driver: 'postgres', url: values.DATABASE_URL }
      : { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    smtpUrl: values.SMTP_URL ?? null,
    mailFrom: values.MAIL_FROM,
    outboxView: values.OUTBOX_VIEW,
    remotes,
    staticRoot: path.resolve(values.STATIC_ROOT ?? REPO_ROOT),
    seed: values.SEED,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    rateLimits: {
      loginPerMinute: values.LOGIN_RATE_LIMIT_PER_MINUTE,
      accountFailures: 5,
      accountWindowMs: 15 * 60_000,
      resetRequestsPerMinute: 10,
      resetRequestsPerEmail: 3,
      resetEmailWindowMs: 15 * 60_000,
      notFoundPerMinute: 120,
    },
    video: {
      provider: twilio ? 'twilio' : 'local',
      tokenSecret: values.ROOM_TOKEN_SECRET ?? randomBytes(32).toString('base64url'),
      tokenTtlSeconds: values.ROOM_TOKEN_TTL_SECONDS,
      iceUrls: values.ICE_SERVERS ?? [],
      turnSecret: values.TURN_SECRET ?? null,
      turnTtlSeconds: values.TURN_TTL_SECONDS,
      twilio,
    },
    uploadsDir: path.resolve(values.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
  };
}

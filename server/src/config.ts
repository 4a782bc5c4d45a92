import { MIN_PASSWORD_LENGTH } from './contract/auth';
import { checkTimeZone } from './shopTime';

/**
 * Server configuration, read from the environment only (see docs/api-contract.md and server/README.md).
 * `loadConfig` parses and validates; it throws a ConfigError whose message is fit to print to an operator.
 */

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export interface AdminConfig {
  email: string;
  password: string;
}

export interface AppConfig {
  port: number;
  host: string;
  /** `postgres://…` → real PostgreSQL; undefined → embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Directory for the embedded database and the generated dev JWT secret; `memory://` keeps nothing. */
  dataDir: string;
  /** HS256 key for access tokens; undefined → generated once and kept in `dataDir` (never in production). */
  jwtSecret: string | undefined;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  refreshReuseLeewayMs: number;
  /** Origin of the SPA, where OAuth returns the browser (no trailing slash). */
  appUrl: string;
  /** Public origin of this API (no trailing slash); undefined → derived from each request's Host. */
  publicUrl: string | undefined;
  /** Google sign-in; null when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not set. */
  google: GoogleConfig | null;
  /** ADMIN account created at start when missing; null when ADMIN_EMAIL / ADMIN_PASSWORD are not set. */
  admin: AdminConfig | null;
  /** Login attempts per e-mail + client IP per `loginWindowMs` (LOGIN_MAX_ATTEMPTS); a success clears them. */
  loginMaxAttempts: number;
  loginWindowMs: number;
  /** Login attempts per client IP across accounts per `loginWindowMs` (LOGIN_MAX_ATTEMPTS_PER_IP). */
  loginMaxAttemptsPerIp: number;
  /** Customer + employee registrations per client IP per hour (REGISTRATIONS_PER_IP_PER_HOUR). */
  registrationsPerIpPerHour: number;
  /** /api requests per client IP per minute, health check exempt (REQUESTS_PER_IP_PER_MINUTE). */
  requestsPerIpPerMinute: number;
  /** Contact-form messages per client IP per hour; newsletter sign-ups get as many (CONTACT_MESSAGES_PER_IP_PER_HOUR). */
  contactMessagesPerIpPerHour: number;
  /** Public tracking-link requests (page data and stream) per client IP per minute (TRACKING_REQUESTS_PER_IP_PER_MINUTE). */
  trackingRequestsPerIpPerMinute: number;
  /** Active sessions per user; starting one more revokes the oldest (MAX_SESSIONS_PER_USER). */
  maxSessionsPerUser: number;
  /** Built SPA to serve (history fallback, security headers); undefined → API only. */
  staticDir: string | undefined;
  production: boolean;
  /** Trust X-Forwarded-* from a reverse proxy (client IP for the login limiter, protocol for redirect URIs). */
  trustProxy: boolean;
  logLevel: string;
  /** E-mail from the outbox through SMTP (issue 16); null when SMTP_URL is not set (mails wait in the outbox). */
  mail: MailSettings | null;
  /** IANA time zone of the shop's dates and slots ("today", "has this slot started?"). */
  shopTimeZone: string;
  /** Seed the demo workshop (accounts, jobs, time logs) once at start. */
  demoData: boolean;
  /** Timeouts and the connection cap of the HTTP server, and the shutdown grace period. */
  http: HttpLimits;
  /** The live event stream, GET /api/events (issue 16). */
  live: LiveSettings;
}

export interface LiveSettings {
  /** A heartbeat event this often on every stream (LIVE_HEARTBEAT_INTERVAL, default 25s). */
  heartbeatIntervalMs: number;
  /** Open streams per user on one instance; one more ends the oldest (LIVE_STREAMS_PER_USER, default 10). */
  streamsPerUser: number;
  /** Events are kept this long for Last-Event-ID resumes (LIVE_EVENTS_KEPT, default 10m). */
  resumeWindowMs: number;
}

/** See server/README.md § Environment. All durations in milliseconds. */
export interface HttpLimits {
  /** The whole request (headers and body) must arrive within this (408 otherwise). */
  requestTimeoutMs: number;
  /** The request's headers must arrive within this; also how long a new connection may stay silent. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way is closed after this (a response taking longer is cut off too). */
  connectionTimeoutMs: number;
  /** Connections beyond this many are dropped at once, keeping file descriptors for the ones served. */
  maxConnections: number;
  /** On SIGTERM/SIGINT, in-flight requests get this long to finish before their connections are closed. */
  shutdownGraceMs: number;
}

export interface LoadConfigOptions {
  /**
   * DEMO_DATA when the variable is unset: `npm start` / `npm run serve` (main.ts) seed the demo workshop unless
   * NODE_ENV=production; tests and tools that build the app themselves get an empty shop.
   */
  demoDataByDefault?: boolean;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses `500ms`, `30s`, `15m`, `12h`, `7d` into milliseconds. */
export function parseDuration(text: string, name: string): number {
  const match = /^(\d+)\s*(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) {
    throw new ConfigError(`${name} must be a duration like 30s, 15m, 12h or 7d (got "${text}")`);
  }
  return Number(match[1]) * UNIT_MS[match[2]];
}

export const MIN_JWT_SECRET_LENGTH = 32;
const LOGIN_WINDOW_MS = 15 * 60_000;
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function readDuration(env: Env, name: string, fallback: string, minMs: number): number {
  const ms = parseDuration(read(env, name) ?? fallback, name);
  if (ms < minMs) throw new ConfigError(`${name} must be at least ${minMs} ms`);
  return ms;
}

function readOrigin(env: Env, name: string, fallback?: string): string | undefined {
  const raw = read(env, name) ?? fallback;
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL (got "${raw}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1';
}

function readGoogle(env: Env): GoogleConfig | null {
  const clientId = read(env, 'GOOGLE_CLIENT_ID');
  const clientSecret = read(env, 'GOOGLE_CLIENT_SECRET');
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) {
    throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const issuer = readOrigin(env, 'GOOGLE_ISSUER', 'https://accounts.google.com') as string;
  const { protocol, hostname } = new URL(issuer);
  if (protocol === 'http:' && !isLoopbackHost(hostname)) {
    throw new ConfigError('GOOGLE_ISSUER must use https (plain http is allowed only for a localhost test issuer)');
  }
  return { clientId, clientSecret, issuer };
}

function readAdmin(env: Env): AdminConfig | null {
  const email = read(env, 'ADMIN_EMAIL');
  const password = env.ADMIN_PASSWORD;
  if (!email && !password) return null;
  if (!email || !password) throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  if (!SIMPLE_EMAIL.test(email)) throw new ConfigError('ADMIN_EMAIL is not a valid email address');
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new ConfigError(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  }
  return { email: email.toLowerCase(), password };
}

function readJwtSecret(env: Env, production: boolean): string | undefined {
  const secret = read(env, 'JWT_SECRET');
  if (secret === undefined) {
    if (production) {
      throw new ConfigError(
        'JWT_SECRET is required when NODE_ENV=production. Set it to a random string of at least ' +
          `${MIN_JWT_SECRET_LENGTH} characters, e.g. the output of: openssl rand -base64 48`,
      );
    }
    return undefined;
  }
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new ConfigError(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters long`);
  }
  return secret;
}

function readDatabaseUrl(env: Env): string | undefined {
  const url = read(env, 'DATABASE_URL');
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return url;
}

function readTimeZone(env: Env): string {
  const zone = read(env, 'SHOP_TIME_ZONE') ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    checkTimeZone(zone);
  } catch {
    throw new ConfigError(`SHOP_TIME_ZONE must be an IANA time zone such as America/Chicago or UTC (got "${zone}")`);
  }
  return zone;
}

function readFlag(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be 1 or 0 (got "${raw}")`);
}

export function loadConfig(env: Env = process.env, { demoDataByDefault = false }: LoadConfigOptions = {}): AppConfig {
  const production = env.NODE_ENV === 'production';
  return {
    port: readInt(env, 'PORT', 8080, 0, 65535),
    host: read(env, 'HOST') ?? '127.0.0.1',
    databaseUrl: readDatabaseUrl(env),
    dataDir: read(env, 'DATA_DIR') ?? './data',
    jwtSecret: readJwtSecret(env, production),
    accessTokenTtlMs: readDuration(env, 'ACCESS_TOKEN_TTL', '15m', 1000),
    refreshTokenTtlMs: readDuration(env, 'REFRESH_TOKEN_TTL', '7d', 1000),
    refreshReuseLeewayMs: readDuration(env, 'REFRESH_REUSE_LEEWAY', '10s', 0),
    appUrl: readOrigin(env, 'APP_URL', 'http://localhost:3000') as string,
    publicUrl: readOrigin(env, 'PUBLIC_URL'),
    google: readGoogle(env),
    admin: readAdmin(env),
    loginMaxAttempts: readInt(env, 'LOGIN_MAX_ATTEMPTS', 10, 1, 1_000_000),
    loginWindowMs: LOGIN_WINDOW_MS,
    loginMaxAttemptsPerIp: readInt(env, 'LOGIN_MAX_ATTEMPTS_PER_IP', 100, 1, 1_000_000),
    registrationsPerIpPerHour: readInt(env, 'REGISTRATIONS_PER_IP_PER_HOUR', 20, 1, 1_000_000),
    requestsPerIpPerMinute: readInt(env, 'REQUESTS_PER_IP_PER_MINUTE', 600, 1, 10_000_000),
    contactMessagesPerIpPerHour: readInt(env, 'CONTACT_MESSAGES_PER_IP_PER_HOUR', 5, 1, 1_000_000),
    trackingRequestsPerIpPerMinute: readInt(env, 'TRACKING_REQUESTS_PER_IP_PER_MINUTE', 60, 1, 10_000_000),
    maxSessionsPerUser: readInt(env, 'MAX_SESSIONS_PER_USER', 20, 1, 100_000),
    staticDir: read(env, 'STATIC_DIR'),
    production,
    trustProxy: read(env, 'TRUST_PROXY') === 'true',
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
    mail: readMail(env),
    shopTimeZone: readTimeZone(env),
    demoData: readFlag(env, 'DEMO_DATA', demoDataByDefault && !production),
    http: readHttpLimits(env),
    live: {
      heartbeatIntervalMs: readDuration(env, 'LIVE_HEARTBEAT_INTERVAL', '25s', 10),
      streamsPerUser: readInt(env, 'LIVE_STREAMS_PER_USER', 10, 1, 10_000),
      resumeWindowMs: readDuration(env, 'LIVE_EVENTS_KEPT', '10m', 1000),
    },
  };
}

function readHttpLimits(env: Env): HttpLimits {
  const requestTimeoutMs = readDuration(env, 'REQUEST_TIMEOUT', '30s', 100);
  const headersTimeoutMs = readDuration(env, 'HEADERS_TIMEOUT', '10s', 100);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError('HEADERS_TIMEOUT must not be longer than REQUEST_TIMEOUT');
  }
  return {
    requestTimeoutMs,
    headersTimeoutMs,
    keepAliveTimeoutMs: readDuration(env, 'KEEP_ALIVE_TIMEOUT', '5s', 100),
    connectionTimeoutMs: readDuration(env, 'CONNECTION_TIMEOUT', '60s', 100),
    maxConnections: readInt(env, 'MAX_CONNECTIONS', 1000, 1, 1_000_000),
    shutdownGraceMs: readDuration(env, 'SHUTDOWN_GRACE', '10s', 0),
  };
}

/** The outbox's SMTP worker (server/src/mail/worker.ts). */
export interface MailSettings {
  /** smtp:// or smtps:// URL with the credentials, as nodemailer reads it (SMTP_URL). Never logged. */
  smtpUrl: string;
  /** The From header (MAIL_FROM). */
  from: string;
  /** How often the worker looks for mail that is due (MAIL_POLL_INTERVAL, default 5s). */
  pollIntervalMs: number;
  /** Sending attempts before a mail is marked FAILED (MAIL_MAX_ATTEMPTS, default 8). */
  maxAttempts: number;
  /** Wait after the first failed attempt, doubled after each further one, at most an hour (MAIL_RETRY_DELAY, default 30s). */
  retryDelayMs: number;
  /**
   * How long a worker holds a mail it claimed (MAIL_LEASE, default 5m): a worker that died mid-send has its mail
   * sent again after this. The SMTP timeouts are kept to a third of it, so a live worker never overruns its lease.
   */
  leaseMs: number;
}

export const DEFAULT_MAIL_FROM = 'CarCare <no-reply@carcare.local>';

function readMail(env: Env): MailSettings | null {
  const smtpUrl = read(env, 'SMTP_URL');
  if (smtpUrl === undefined) return null;
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    // The URL may hold a password: never repeat it in the message.
    throw new ConfigError('SMTP_URL must be a URL like smtp://user:password@mail.example.com:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  return {
    smtpUrl,
    from: read(env, 'MAIL_FROM') ?? DEFAULT_MAIL_FROM,
    pollIntervalMs: readDuration(env, 'MAIL_POLL_INTERVAL', '5s', 10),
    maxAttempts: readInt(env, 'MAIL_MAX_ATTEMPTS', 8, 1, 100),
    retryDelayMs: readDuration(env, 'MAIL_RETRY_DELAY', '30s', 0),
    leaseMs: readDuration(env, 'MAIL_LEASE', '5m', 1000),
  };
}

export function isMemoryDataDir(dataDir: string): boolean {
  return dataDir.startsWith('memory://');
}

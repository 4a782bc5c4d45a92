/**
 * Server configuration, from the environment only. schema.ts lists every variable; `loadConfig` reads them
 * all, reports every invalid one at once (a ConfigError whose message is fit to print to an operator), and
 * assembles what the server uses.
 */
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { DEFAULT_MAIL_FROM, type Env, EnvSchema, MIN_JWT_SECRET_LENGTH } from './schema';
import { parseTrustProxy, type TrustProxy } from './trustProxy';
import { durationMs, type VariableMeta } from './variables';

export { DEFAULT_MAIL_FROM, MIN_JWT_SECRET_LENGTH };
export type { Env, TrustProxy };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface LoadConfigOptions {
  /**
   * DEMO_DATA when the variable is unset: `npm start` / `npm run serve` (main.ts) seed the demo workshop unless
   * NODE_ENV=production; tests and tools that build the app themselves get an empty shop.
   */
  demoDataByDefault?: boolean;
}

type RawEnv = Record<string, string | undefined>;
type Variable = TSchema & VariableMeta & { default?: unknown; minimum?: number; maximum?: number };

const LOGIN_WINDOW_MS = 15 * 60_000;
const NO_PROXY: TrustProxy = { kind: 'off' };

/** Parses `500ms`, `30s`, `15m`, `12h`, `7d` into milliseconds. */
export function parseDuration(text: string, name: string): number {
  const ms = durationMs(text);
  if (ms === null) throw new ConfigError(durationMessage(name, text));
  return ms;
}

const durationMessage = (name: string, got: string) => `${name} must be a duration like 30s, 15m, 12h or 7d (got "${got}")`;

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1';
}

export function isMemoryDataDir(dataDir: string): boolean {
  return dataDir.startsWith('memory://');
}

/** A variable's text as its type, or the message saying what it must look like. */
function parse(name: string, variable: Variable, raw: string): { value: unknown } | { error: string } {
  switch (variable['x-env']) {
    case 'integer':
      return /^\d+$/.test(raw) ? { value: Number(raw) } : { error: integerMessage(name, variable, raw) };
    case 'duration': {
      const ms = durationMs(raw);
      return ms === null ? { error: durationMessage(name, raw) } : { value: ms };
    }
    case 'flag':
      if (/^(1|true|yes|on)$/i.test(raw)) return { value: true };
      if (/^(0|false|no|off)$/i.test(raw)) return { value: false };
      return { error: `${name} must be 1 or 0 (got "${raw}")` };
    case 'trustProxy':
      return parseTrustProxy(raw);
    case 'url': {
      if (!URL.canParse(raw)) return { error: `${name} must be an absolute http(s) URL (got "${raw}")` };
      const { protocol } = new URL(raw);
      if (protocol !== 'http:' && protocol !== 'https:') return { error: `${name} must be an http(s) URL (got "${raw}")` };
      return { value: raw.replace(/\/+$/, '') };
    }
    default:
      return { value: raw };
  }
}

function integerMessage(name: string, variable: Variable, raw: string): string {
  return `${name} must be a whole number between ${variable.minimum} and ${variable.maximum} (got "${raw}")`;
}

/** The keywords whose failure is reported, first failing one wins (a URL that does not parse before its scheme). */
const KEYWORD_ORDER: readonly string[] = ['format', 'pattern', 'minLength', 'minimum', 'maximum'];

/** Why a parsed value breaks its variable's rules, or null. */
function ruleError(name: string, variable: Variable, value: unknown, raw: string): string | null {
  const failed: string[] = [...Value.Errors(variable, value)].map((error) => error.keyword);
  const keyword = KEYWORD_ORDER.find((candidate) => failed.includes(candidate)) ?? failed[0];
  if (keyword === undefined) return null;
  const own = variable['x-messages']?.[keyword];
  if (own !== undefined) return own.replace('{got}', raw);
  if (variable['x-env'] === 'integer') return integerMessage(name, variable, raw);
  if (keyword === 'minimum') return `${name} must be at least ${variable.minimum} ms`;
  if (keyword === 'minLength') return `${name} must be at least ${(variable as { minLength?: number }).minLength} characters long`;
  return `${name} is invalid`;
}

/** Every variable of the schema read from `env` (defaults filled in), and the message of each invalid one, in schema order. */
export function readEnv(env: RawEnv): { values: Env; errors: string[] } {
  const values: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const [name, schema] of Object.entries(EnvSchema.properties)) {
    const variable = schema as unknown as Variable;
    const given = env[name];
    const raw = variable['x-env'] === 'untrimmed' ? given : given?.trim();
    if (raw === undefined || raw === '') {
      if (variable.default !== undefined) values[name] = variable.default;
      continue;
    }
    const parsed = parse(name, variable, raw);
    const error = 'error' in parsed ? parsed.error : ruleError(name, variable, parsed.value, raw);
    if (error !== null) errors.push(error);
    else if ('value' in parsed) values[name] = parsed.value;
  }
  return { values: values as Env, errors };
}

/** What the variables mean together: pairs set together, production's secret, Google's https, the timeouts' order. */
function combinedErrors(env: Env, production: boolean): string[] {
  const errors: string[] = [];
  if ((env.GOOGLE_CLIENT_ID === undefined) !== (env.GOOGLE_CLIENT_SECRET === undefined)) {
    errors.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (env.GOOGLE_CLIENT_ID !== undefined && env.GOOGLE_CLIENT_SECRET !== undefined) {
    const { protocol, hostname } = new URL(env.GOOGLE_ISSUER);
    if (protocol === 'http:' && !isLoopbackHost(hostname)) {
      errors.push('GOOGLE_ISSUER must use https (plain http is allowed only for a localhost test issuer)');
    }
  }
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) errors.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  if (production && env.JWT_SECRET === undefined) {
    errors.push(
      'JWT_SECRET is required when NODE_ENV=production. Set it to a random string of at least ' +
        `${MIN_JWT_SECRET_LENGTH} characters, e.g. the output of: openssl rand -base64 48`,
    );
  }
  if (env.HEADERS_TIMEOUT > env.REQUEST_TIMEOUT) errors.push('HEADERS_TIMEOUT must not be longer than REQUEST_TIMEOUT');
  return errors;
}

/** A checked decimal with at most 2 decimals (`18.5`, `5000.00`) in hundredths, exactly (1850, 500000). */
function hundredthsOf(decimal: string): number {
  const [whole, fraction = ''] = decimal.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The configuration the server runs with, assembled from the checked variables. */
function assemble(env: Env, { demoDataByDefault = false }: LoadConfigOptions) {
  const production = env.NODE_ENV === 'production';
  return {
    port: env.PORT,
    host: env.HOST,
    /** `postgres://…` → real PostgreSQL; undefined → embedded PGlite in `dataDir`. */
    databaseUrl: env.DATABASE_URL,
    /** Directory for the embedded database and the generated dev JWT secret; `memory://` keeps nothing. */
    dataDir: env.DATA_DIR,
    /** HS256 key for access tokens; undefined → generated once and kept in `dataDir` (never in production). */
    jwtSecret: env.JWT_SECRET,
    accessTokenTtlMs: env.ACCESS_TOKEN_TTL,
    refreshTokenTtlMs: env.REFRESH_TOKEN_TTL,
    refreshReuseLeewayMs: env.REFRESH_REUSE_LEEWAY,
    appUrl: env.APP_URL,
    publicUrl: env.PUBLIC_URL,
    /** Google sign-in; null when it is not configured. */
    google:
      env.GOOGLE_CLIENT_ID !== undefined && env.GOOGLE_CLIENT_SECRET !== undefined
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
        : null,
    /** The ADMIN account created at start when missing; null when not configured. */
    admin: env.ADMIN_EMAIL !== undefined && env.ADMIN_PASSWORD !== undefined ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD } : null,
    loginMaxAttempts: env.LOGIN_MAX_ATTEMPTS,
    loginWindowMs: LOGIN_WINDOW_MS,
    loginMaxAttemptsPerIp: env.LOGIN_MAX_ATTEMPTS_PER_IP,
    registrationsPerIpPerHour: env.REGISTRATIONS_PER_IP_PER_HOUR,
    requestsPerIpPerMinute: env.REQUESTS_PER_IP_PER_MINUTE,
    contactMessagesPerIpPerHour: env.CONTACT_MESSAGES_PER_IP_PER_HOUR,
    trackingRequestsPerIpPerMinute: env.TRACKING_REQUESTS_PER_IP_PER_MINUTE,
    maxSessionsPerUser: env.MAX_SESSIONS_PER_USER,
    /** The account domain's links and limits (server/src/account). */
    account: {
      resetTokenTtlMs: env.RESET_TOKEN_TTL,
      verifyTokenTtlMs: env.VERIFY_TOKEN_TTL,
      resetRequestsPerIpPerHour: env.PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR,
      resetRequestsPerAddressPerHour: env.PASSWORD_RESET_REQUESTS_PER_ADDRESS_PER_HOUR,
      emailsPerUserPerHour: env.ACCOUNT_EMAILS_PER_USER_PER_HOUR,
    },
    staticDir: env.STATIC_DIR,
    production,
    /** Which peers' X-Forwarded-* headers are believed (config/trustProxy.ts). */
    trustProxy: env.TRUST_PROXY ?? NO_PROXY,
    /** Per-IP limits count an IPv6 client by its network of this many bits (limits/addresses.ts). */
    ipv6SubnetPrefix: env.IPV6_SUBNET_PREFIX,
    logLevel: env.LOG_LEVEL,
    /** The outbox's SMTP worker; null when SMTP_URL is not set (mails wait in the outbox). */
    mail:
      env.SMTP_URL === undefined
        ? null
        : {
            smtpUrl: env.SMTP_URL,
            from: env.MAIL_FROM,
            pollIntervalMs: env.MAIL_POLL_INTERVAL,
            maxAttempts: env.MAIL_MAX_ATTEMPTS,
            retryDelayMs: env.MAIL_RETRY_DELAY,
            /** The SMTP timeouts are kept to a third of it, so a live worker never overruns its lease. */
            leaseMs: env.MAIL_LEASE,
          },
    shopTimeZone: env.SHOP_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    demoData: env.DEMO_DATA ?? (demoDataByDefault && !production),
    /** How long a change's answer is kept for a retry with its Idempotency-Key (plugins/idempotency.ts). */
    idempotencyKeyTtlMs: env.IDEMPOTENCY_KEY_TTL,
    /** How many days back a time log may be dated. */
    timeLogMaxAgeDays: env.TIME_LOG_MAX_AGE_DAYS,
    http: {
      requestTimeoutMs: env.REQUEST_TIMEOUT,
      headersTimeoutMs: env.HEADERS_TIMEOUT,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT,
      connectionTimeoutMs: env.CONNECTION_TIMEOUT,
      maxConnections: env.MAX_CONNECTIONS,
      maxConnectionsPerIp: env.MAX_CONNECTIONS_PER_IP,
      shutdownGraceMs: env.SHUTDOWN_GRACE,
    },
    live: {
      heartbeatIntervalMs: env.LIVE_HEARTBEAT_INTERVAL,
      streamsPerUser: env.LIVE_STREAMS_PER_USER,
      trackingStreamsPerToken: env.TRACKING_STREAMS_PER_TOKEN,
      trackingStreamsPerIp: env.TRACKING_STREAMS_PER_IP,
      resumeWindowMs: env.LIVE_EVENTS_KEPT,
    },
    /** Billing (server/README.md § Billing): rates in the units the arithmetic uses. */
    billing: {
      taxRateBasisPoints: hundredthsOf(env.TAX_RATE_PERCENT),
      labourRateMinor: hundredthsOf(env.LABOUR_RATE),
      invoiceDueDays: env.INVOICE_DUE_DAYS,
      invoiceNumberPrefix: env.INVOICE_NUMBER_PREFIX,
    },
    /** The service reports' render threads and their queue. */
    reports: {
      workers: env.REPORT_WORKERS,
      queue: env.REPORT_QUEUE,
    },
  };
}

export type AppConfig = ReturnType<typeof assemble>;
export type GoogleConfig = NonNullable<AppConfig['google']>;
export type AdminConfig = NonNullable<AppConfig['admin']>;
export type MailSettings = NonNullable<AppConfig['mail']>;
export type AccountSettings = AppConfig['account'];
export type HttpLimits = AppConfig['http'];
export type LiveSettings = AppConfig['live'];
export type ReportSettings = AppConfig['reports'];
export type BillingSettings = AppConfig['billing'];

/** Reads the environment; throws one ConfigError listing every problem, a line each. */
export function loadConfig(env: RawEnv = process.env, options: LoadConfigOptions = {}): AppConfig {
  const { values, errors } = readEnv(env);
  const production = values.NODE_ENV === 'production';
  if (errors.length === 0) errors.push(...combinedErrors(values, production));
  if (errors.length > 0) throw new ConfigError(errors.join('\n'));
  return assemble(values, options);
}

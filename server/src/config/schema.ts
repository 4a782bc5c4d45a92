/**
 * Every environment variable the server reads, in one TypeBox schema: its type, default, rules and meaning.
 * loadConfig (index.ts) reads and checks the environment against it, and `npm run docs:config` writes the
 * table of server/README.md § Environment from it (a test fails when the two differ).
 */
import { type Static, Type } from 'typebox';
import { MIN_PASSWORD_LENGTH } from '../contract/auth';
import { TIME_LOG_MAX_AGE_DAYS } from '../contract/limits';
import { EMAIL_PATTERN } from '../contract/rules';
import {
  Duration,
  Flag,
  HttpUrl,
  OptionalHttpUrl,
  OptionalText,
  ProxyTrust,
  Text,
  TIME_ZONE_FORMAT,
  UntrimmedText,
  URL_FORMAT,
  WholeNumber,
} from './variables';

export const MIN_JWT_SECRET_LENGTH = 32;
export const DEFAULT_MAIL_FROM = 'CarCare <no-reply@carcare.local>';
const MILLION = 1_000_000;

export const EnvSchema = Type.Object({
  // Where it listens, what it stores in
  PORT: WholeNumber('the port the API listens on', { default: 8080, minimum: 0, maximum: 65535 }),
  HOST: Text('the address the API listens on', { default: '127.0.0.1' }),
  DATABASE_URL: OptionalText('`postgres://…` → PostgreSQL via `pg`; unset → embedded PostgreSQL (PGlite) in `DATA_DIR`', {
    pattern: '^postgres(ql)?://',
    messages: { pattern: 'DATABASE_URL must start with postgres:// or postgresql://' },
  }),
  DATA_DIR: Text(
    "embedded database (`pgdata/`), the dev JWT secret (`jwt-secret`), a pid lock (`server.pid`: a second server on the same directory exits, naming the first one's pid); `memory://` keeps nothing",
    { default: './data' },
  ),

  // Tokens and sign-in
  JWT_SECRET: OptionalText(`HS256 key, ≥ ${MIN_JWT_SECRET_LENGTH} characters; **required when \`NODE_ENV=production\`**`, {
    minLength: MIN_JWT_SECRET_LENGTH,
    docDefault: 'generated once into `DATA_DIR`',
  }),
  ACCESS_TOKEN_TTL: Duration('access token lifetime (`500ms`, `30s`, `15m`, `12h`, `7d`)', { default: '15m', minimumMs: 1000 }),
  REFRESH_TOKEN_TTL: Duration('refresh token lifetime; a session never outlives it', { default: '7d', minimumMs: 1000 }),
  REFRESH_REUSE_LEEWAY: Duration('a spent refresh token presented again within this gets the same new pair', { default: '10s', minimumMs: 0 }),
  APP_URL: HttpUrl("the SPA's origin; Google sign-in returns the browser to `APP_URL/oauth/callback`", { default: 'http://localhost:3000' }),
  PUBLIC_URL: OptionalHttpUrl("the API's public origin, for the OAuth redirect URI; unset → the request's own `Host`"),
  GOOGLE_CLIENT_ID: OptionalText('with `GOOGLE_CLIENT_SECRET`: enables Google sign-in'),
  GOOGLE_CLIENT_SECRET: OptionalText('with `GOOGLE_CLIENT_ID`: enables Google sign-in'),
  GOOGLE_ISSUER: HttpUrl('OpenID Connect discovery; `http://` only for a localhost test provider', { default: 'https://accounts.google.com' }),
  RESET_TOKEN_TTL: Duration(
    "how long a password-reset link (`APP_URL/reset-password#token=…`) works; a newer request spends the older links. The e-mail states it",
    { default: '30m', minimumMs: 60_000 },
  ),
  VERIFY_TOKEN_TTL: Duration('how long an e-mail verification link (`APP_URL/verify-email#token=…`, after registration, a resend or an e-mail change) works', {
    default: '48h',
    minimumMs: 60_000,
  }),
  ADMIN_EMAIL: OptionalText('with `ADMIN_PASSWORD`: this ADMIN account is created at start when missing', {
    pattern: EMAIL_PATTERN,
    messages: { pattern: 'ADMIN_EMAIL is not a valid email address' },
  }),
  ADMIN_PASSWORD: UntrimmedText(`the password of \`ADMIN_EMAIL\`'s account when it is created (≥ ${MIN_PASSWORD_LENGTH} characters)`, {
    minLength: MIN_PASSWORD_LENGTH,
  }),

  // Limits, kept in the database and shared by every instance on it
  LOGIN_MAX_ATTEMPTS: WholeNumber('login attempts per e-mail + client IP per 15 minutes, then 429 (a successful login clears the count)', {
    default: 10,
    minimum: 1,
    maximum: MILLION,
  }),
  LOGIN_MAX_ATTEMPTS_PER_IP: WholeNumber('login attempts per client IP per 15 minutes, whatever the account, then 429', { default: 100, minimum: 1, maximum: MILLION }),
  REGISTRATIONS_PER_IP_PER_HOUR: WholeNumber('customer + employee registration requests per client IP per hour, then 429', { default: 20, minimum: 1, maximum: MILLION }),
  REQUESTS_PER_IP_PER_MINUTE: WholeNumber('/api requests per client IP per minute (`GET /api/health` exempt), then 429; `check-email` gets a tenth of it', {
    default: 600,
    minimum: 1,
    maximum: 10 * MILLION,
  }),
  CONTACT_MESSAGES_PER_IP_PER_HOUR: WholeNumber(
    'contact-form messages (`POST /api/contact`) per client IP per hour, then 429 with Retry-After; newsletter sign-ups (`POST /api/newsletter`) get as many, counted separately',
    { default: 5, minimum: 1, maximum: MILLION },
  ),
  TRACKING_REQUESTS_PER_IP_PER_MINUTE: WholeNumber(
    'requests per client IP per minute to the public tracking endpoints (`GET /api/track/:token` and its `/events`), on top of `REQUESTS_PER_IP_PER_MINUTE`; then 429 with Retry-After',
    { default: 60, minimum: 1, maximum: 10 * MILLION },
  ),
  PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR: WholeNumber('password-reset requests (`POST /api/account/password/forgot`) per client IP per hour, whatever the address, then 429', {
    default: 20,
    minimum: 1,
    maximum: MILLION,
  }),
  PASSWORD_RESET_REQUESTS_PER_ADDRESS_PER_HOUR: WholeNumber(
    'password-reset requests per e-mail address per hour, from any client (counted whether or not the address has an account), then 429',
    { default: 5, minimum: 1, maximum: MILLION },
  ),
  ACCOUNT_EMAILS_PER_USER_PER_HOUR: WholeNumber(
    'verification links (`POST /api/account/email/resend`) and e-mail changes (`PUT /api/account/email`) per account per hour, together, then 429',
    { default: 5, minimum: 1, maximum: MILLION },
  ),
  MAX_SESSIONS_PER_USER: WholeNumber('active sessions per user; signing in once more revokes the oldest', { default: 20, minimum: 1, maximum: 100_000 }),

  // Live updates
  LIVE_HEARTBEAT_INTERVAL: Duration('a `heartbeat` event this often on every open event stream (keeps proxies from closing it; lets clients tell a dead one)', {
    default: '25s',
    minimumMs: 10,
  }),
  LIVE_STREAMS_PER_USER: WholeNumber("open event streams per user on one instance; one more closes that user's oldest", { default: 10, minimum: 1, maximum: 10_000 }),
  TRACKING_STREAMS_PER_TOKEN: WholeNumber('open live streams of one tracking link (`GET /api/track/:token/events`) on one instance; one more is refused with 429', {
    default: 10,
    minimum: 1,
    maximum: 10_000,
  }),
  TRACKING_STREAMS_PER_IP: WholeNumber('open tracking-link live streams per client IP on one instance, whatever the link; one more is refused with 429', {
    default: 20,
    minimum: 1,
    maximum: 100_000,
  }),
  LIVE_EVENTS_KEPT: Duration('how long `live_events` rows are kept for `Last-Event-ID` resumption; an older id gets `resync`', { default: '10m', minimumMs: 1000 }),

  // E-mail
  SMTP_URL: OptionalText(
    '`smtp://user:pass@host:587` or `smtps://…:465`: every instance started with it runs the e-mail worker; unset → no worker, mails wait in `email_outbox`. Never logged',
    {
      format: URL_FORMAT,
      pattern: '^smtps?://',
      // The URL may hold a password: these messages never repeat it.
      messages: { format: 'SMTP_URL must be a URL like smtp://user:password@mail.example.com:587', pattern: 'SMTP_URL must start with smtp:// or smtps://' },
    },
  ),
  MAIL_FROM: Text("the e-mails' sender", { default: DEFAULT_MAIL_FROM }),
  MAIL_POLL_INTERVAL: Duration('how often the worker looks for due mail', { default: '5s', minimumMs: 10 }),
  MAIL_MAX_ATTEMPTS: WholeNumber('attempts before a mail is marked `FAILED`', { default: 8, minimum: 1, maximum: 100 }),
  MAIL_RETRY_DELAY: Duration('wait after a failed attempt, doubled each time, at most 1 h', { default: '30s', minimumMs: 0 }),
  MAIL_LEASE: Duration('a mail claimed by a worker that died is sent again after this', { default: '5m', minimumMs: 1000 }),

  // Service reports
  REPORT_WORKERS: WholeNumber(
    'threads that render service reports (PDF) beside the main thread, started at the first report, each ending after 10 idle minutes; keep it below the number of cores, so the main thread keeps one',
    { default: 1, minimum: 1, maximum: 64 },
  ),
  REPORT_QUEUE: WholeNumber('reports waiting for a free thread at most; one more is answered 503 with Retry-After', { default: 32, minimum: 0, maximum: 10_000 }),

  // The shop
  SHOP_TIME_ZONE: OptionalText("IANA zone of the shop's dates and slots (`America/Chicago`, `UTC`, …)", {
    format: TIME_ZONE_FORMAT,
    docDefault: "the server's own zone",
    messages: { format: 'SHOP_TIME_ZONE must be an IANA time zone such as America/Chicago or UTC (got "{got}")' },
  }),
  DEMO_DATA: Flag('seed the demo workshop once at start (`1`/`0`)', {
    docDefault: '`1` for `npm start` / `npm run serve`, `0` with `NODE_ENV=production` or when the app is built by tests',
  }),
  IDEMPOTENCY_KEY_TTL: Duration(
    'how long the answer to a change sent with an `Idempotency-Key` is kept: a retry with the key within this gets it again instead of making the change twice (server/README.md § Retried changes)',
    { default: '24h', minimumMs: 60_000 },
  ),
  TIME_LOG_MAX_AGE_DAYS: WholeNumber(
    "how many days back (in the shop's calendar) a technician may date a time log; older is 400 on `date`. `GET /api/catalog` answers it (`timeLogMaxAgeDays`), so the SPA's Log Time form refuses the same dates",
    { default: TIME_LOG_MAX_AGE_DAYS, minimum: 1, maximum: 3650 },
  ),

  // Billing
  TAX_RATE_PERCENT: Text('tax on every job and invoice, in percent of the subtotal, at most 2 decimals (`18` = 18 % VAT); an issued invoice keeps its rate', {
    default: '0',
    pattern: '^(100(\\.0{1,2})?|\\d{1,2}(\\.\\d{1,2})?)$',
    messages: { pattern: 'TAX_RATE_PERCENT must be a number from 0 to 100 with at most 2 decimals (got "{got}")' },
  }),
  LABOUR_RATE: Text("the shop's labour rate per hour in currency units, at most 2 decimals: an estimate's labour item costs hours × this unless priced", {
    default: '5000.00',
    pattern: '^\\d{1,7}(\\.\\d{1,2})?$',
    messages: { pattern: 'LABOUR_RATE must be an amount from 0 to 9999999.99 with at most 2 decimals (got "{got}")' },
  }),
  INVOICE_DUE_DAYS: WholeNumber("an invoice is due this many days after the day it is issued (the shop's calendar), overdue after that", {
    default: 14,
    minimum: 0,
    maximum: 365,
  }),
  INVOICE_NUMBER_PREFIX: Text('the letters before the year in an invoice number (`INV` → `INV-2026-000123`)', {
    default: 'INV',
    pattern: '^[A-Z]{1,10}$',
    messages: { pattern: 'INVOICE_NUMBER_PREFIX must be 1 to 10 capital letters A-Z (got "{got}")' },
  }),

  // Serving
  STATIC_DIR: OptionalText('serve the built SPA from this directory (`npm run serve` sets `dist`)'),
  TRUST_PROXY: ProxyTrust(
    "the reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed: how many there are (`1` behind one nginx; only when the server is reachable through them alone) or their addresses and CIDR ranges, comma-separated (`127.0.0.1`, `10.0.0.0/8`, `loopback`); the client is the nearest address in the chain that is not a trusted proxy. Unset or `0`: the socket's own address. `true` (trust every hop) is refused: the client could name its own address",
    { docDefault: 'unset' },
  ),
  IPV6_SUBNET_PREFIX: WholeNumber(
    'per-IP limits (the rate limits, `MAX_CONNECTIONS_PER_IP`, `TRACKING_STREAMS_PER_IP`) count an IPv6 client by its network of this many leading bits, so one /64 is one client; `128`: each address. An IPv4-mapped address (`::ffff:1.2.3.4`) counts as the IPv4 address',
    { default: 64, minimum: 1, maximum: 128 },
  ),
  LOG_LEVEL: Text('pino log level (`warn`, `error`, `debug`, …); a request the client abandons is one `info` line', { default: 'info' }),
  REQUEST_TIMEOUT: Duration('the whole request (headers and body) must arrive within this, else 408 and the connection is closed', { default: '30s', minimumMs: 100 }),
  HEADERS_TIMEOUT: Duration("the request's headers must arrive within this (≤ `REQUEST_TIMEOUT`), counted for a new connection from when it opens: one that sends nothing, or not all its first headers, gets 408 and is closed after it", {
    default: '10s',
    minimumMs: 100,
  }),
  KEEP_ALIVE_TIMEOUT: Duration('an idle keep-alive connection is closed after this', { default: '5s', minimumMs: 100 }),
  CONNECTION_TIMEOUT: Duration('a socket with no traffic either way is closed after this (so is a response that takes longer)', { default: '60s', minimumMs: 100 }),
  MAX_CONNECTIONS: WholeNumber('open connections at most; more are dropped at once, so idle ones cannot exhaust file descriptors', {
    default: 1000,
    minimum: 1,
    maximum: MILLION,
  }),
  MAX_CONNECTIONS_PER_IP: WholeNumber(
    "open connections per client address (IPv6: per `IPV6_SUBNET_PREFIX` network), by the socket's own address; more from it are dropped at once. Peers that `TRUST_PROXY` trusts are not counted (with a hop count: every peer), so a proxy is never locked out: limit its clients at the proxy",
    { default: 100, minimum: 1, maximum: MILLION },
  ),
  SHUTDOWN_GRACE: Duration(
    'on SIGTERM/SIGINT the server stops accepting, closes idle connections, lets requests in flight finish for up to this long, then closes what is left, closes the database and exits 0',
    { default: '10s', minimumMs: 0 },
  ),
  NODE_ENV: UntrimmedText('`production` makes `JWT_SECRET` mandatory and turns `DEMO_DATA` off by default'),
});

/** The environment as the server reads it: each variable as its type, defaults filled in. */
export type Env = Static<typeof EnvSchema>;

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../../../server/src/app';
import { type AppConfig, loadConfig } from '../../../server/src/config';
import { MIGRATION_LOCK_KEY } from '../../../server/src/db/migrate';

export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** Where a test app keeps its data: PostgreSQL (a fresh schema) when DATABASE_URL is set, else PGlite. */
export interface TestDatabase {
  env: Record<string, string>;
  kind: 'postgres' | 'pglite';
  dispose(): Promise<void>;
}

export const usingPostgres = Boolean(process.env.DATABASE_URL);

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let extensionsReady: Promise<void> | undefined;

/**
 * Extensions belong to the whole database, not to a schema: create them once in `public` (which every test
 * schema's search_path includes) so the migrations find them and no test schema owns them. Two workers may
 * race to create them; the loser's duplicate error is harmless.
 */
function ensureExtensions(): Promise<void> {
  extensionsReady ??= withAdminClient(async (client) => {
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public');
    } catch (error) {
      if (!['23505', '42710'].includes((error as { code?: string }).code ?? '')) throw error;
    }
  });
  return extensionsReady;
}

/**
 * A fresh database. PostgreSQL: a new schema selected through the connection's search_path (then `public`, for
 * the extensions), dropped on dispose. PGlite: `memory://`, or a temporary directory when `onDisk` (removed on
 * dispose).
 */
export async function createTestDatabase({ onDisk = false } = {}): Promise<TestDatabase> {
  if (usingPostgres) {
    await ensureExtensions();
    const schema = `carcare_test_${randomBytes(6).toString('hex')}`;
    await withAdminClient((client) => client.query(`CREATE SCHEMA ${schema}`));
    const url = new URL(process.env.DATABASE_URL as string);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    return {
      kind: 'postgres',
      env: { DATABASE_URL: url.toString() },
      // Never while another worker's server migrates: Kysely's migrator lists every schema's tables.
      dispose: () =>
        withAdminClient(async (client) => {
          await client.query('BEGIN');
          await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
          await client.query(`DROP SCHEMA ${schema} CASCADE`);
          await client.query('COMMIT');
        }),
    };
  }
  if (!onDisk) return { kind: 'pglite', env: { DATA_DIR: 'memory://' }, dispose: async () => undefined };
  const dir = await mkdtemp(join(tmpdir(), 'carcare-test-'));
  return { kind: 'pglite', env: { DATA_DIR: dir }, dispose: () => rm(dir, { recursive: true, force: true }) };
}

export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string | undefined>;
  database?: TestDatabase;
  clock?: TestClock;
  logger?: FastifyServerOptions['logger'];
  onRoute?: BuildAppOptions['onRoute'];
}

/**
 * Rate limits, the session cap and the connections per address for test apps: the suite registers and signs in
 * many people from one address (inject's 127.0.0.1), so the defaults would refuse it. The limit tests
 * (test/server/limits) set small ones.
 */
export const GENEROUS_LIMITS: Record<string, string> = {
  LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
  REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
  REQUESTS_PER_IP_PER_MINUTE: '10000000',
  MAX_SESSIONS_PER_USER: '100000',
  MAX_CONNECTIONS_PER_IP: '1000000',
  PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR: '1000000',
  PASSWORD_RESET_REQUESTS_PER_ADDRESS_PER_HOUR: '1000000',
  ACCOUNT_EMAILS_PER_USER_PER_HOUR: '1000000',
};

/** Builds the real app (buildApp) on a fresh database with a controllable clock. */
export async function startTestApp({ env = {}, database, clock = testClock(), logger, onRoute }: TestAppOptions = {}): Promise<TestApp> {
  const ownDatabase = database === undefined;
  const db = database ?? (await createTestDatabase());
  const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, ...GENEROUS_LIMITS, ...db.env, ...env });
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { now: clock.now, logger, onRoute });
  } catch (error) {
    if (ownDatabase) await db.dispose();
    throw error;
  }
  return {
    app,
    config,
    clock,
    close: async () => {
      await app.close();
      if (ownDatabase) await db.dispose();
    },
  };
}

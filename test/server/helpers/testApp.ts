import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../../../server/src/app';
import { type AppConfig, loadConfig } from '../../../server/src/config';
import { migrateToLatest } from '../../../server/src/db/migrate';
import type { Database } from '../../../server/src/db/schema';

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

const TEMPLATE_LOCK_KEY = 4_172_903_119;

/** A name for the migrated template that changes whenever a migration file does (a stale one is never reused). */
function templateName(): string {
  const dir = join(__dirname, '../../../server/src/db/migrations');
  const digest = createHash('sha256');
  for (const file of readdirSync(dir).sort()) digest.update(file).update(readFileSync(join(dir, file)));
  return `carcare_template_${digest.digest('hex').slice(0, 16)}`;
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates `name` empty, with the extensions the migrations use (they belong to a database, not to a schema). */
async function createEmptyDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`CREATE DATABASE ${name}`);
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS btree_gist');
  } finally {
    await client.end();
  }
}

let templateReady: Promise<string> | undefined;

/**
 * A database with every migration and sql/ file applied, made once per run (the first worker to ask makes it,
 * under an advisory lock; the others wait and reuse it): each test database is then a copy (CREATE DATABASE …
 * TEMPLATE, a file copy) instead of running the migrations again — about 1 s an app on PostgreSQL. It is built
 * under another name and renamed when complete, so a run that died half-way never leaves a broken template.
 */
function migratedTemplate(): Promise<string> {
  templateReady ??= withAdminClient(async (admin) => {
    const name = templateName();
    await admin.query('SELECT pg_advisory_lock($1::bigint)', [TEMPLATE_LOCK_KEY]);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) {
        const building = `${name}_${randomBytes(4).toString('hex')}`;
        await createEmptyDatabase(admin, building);
        const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(building), max: 1 }) }) });
        try {
          await migrateToLatest(db);
        } finally {
          await db.destroy();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1::bigint)', [TEMPLATE_LOCK_KEY]);
    }
    return name;
  });
  return templateReady;
}

export interface TestDatabaseOptions {
  /** PGlite: in a temporary directory instead of memory. */
  onDisk?: boolean;
  /**
   * PostgreSQL: without the migrations (a test that loads an old dump and upgrades it). On PGlite a test opens
   * the directory itself with options (not a path) to skip the migrated template test/server/setup.ts clones.
   */
  empty?: boolean;
}

/**
 * A fresh database. PostgreSQL: a new database of its own, copied from the migrated template (or empty), dropped
 * on dispose. PGlite: `memory://`, or a temporary directory when `onDisk` (removed on dispose).
 */
export async function createTestDatabase({ onDisk = false, empty = false }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (usingPostgres) {
    const name = `carcare_test_${randomBytes(6).toString('hex')}`;
    const template = empty ? undefined : await migratedTemplate();
    await withAdminClient(async (admin) => {
      if (template) await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      else await createEmptyDatabase(admin, name);
    });
    return {
      kind: 'postgres',
      env: { DATABASE_URL: databaseUrl(name) },
      dispose: () =>
        withAdminClient(async (admin) => {
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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

/**
 * Setup for the jest "server" project (node environment), run before every server test file.
 *
 * 1. An unexpected console.error fails the test (or the file, when it happens in a before/after hook).
 *    A test that expects one silences it with `jest.spyOn(console, 'error').mockImplementation(() => {})`.
 *
 * 2. Two server dependencies are loaded by Node's own module loader instead of jest's CommonJS sandbox,
 *    which cannot run them on Node 20 (toolchain.md):
 *    - PGlite (the embedded PostgreSQL): its Emscripten loader uses dynamic `import()`, refused by the sandbox
 *      without --experimental-vm-modules;
 *    - @fastify/static: loaded natively too, so that an ESM-only dependency in a future version (10.x requires
 *      content-disposition 3, which also needs Node 22) cannot break the suite. Fastify's inject
 *      (light-my-request, pinned to 6.6.0 in package.json's overrides) uses cookie 1, plain CommonJS.
 *    They then live in Node's realm, so values crossing into them must not depend on `instanceof` (the server
 *    writes timestamps as ISO strings for this and for driver neutrality).
 *    Fresh databases (in memory, or in a new directory) are also cloned from one initialised and migrated data
 *    directory per worker, which skips initdb (~2-3 s) and the migrations (~0.3 s) for every app a test builds.
 *    The migrations still run from scratch once per worker here, and for every app on PostgreSQL.
 */
import type * as Argon2 from '@node-rs/argon2';
import type * as Fs from 'node:fs';
import type * as NodeModule from 'node:module';
import type * as Path from 'node:path';
import { format } from 'node:util';
import type * as PGliteModule from '@electric-sql/pglite';
import type { PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrateToLatest } from '../../server/src/db/migrate';
import type { Database } from '../../server/src/db/schema';

// Building an app opens a database and hashes passwords; leave room for a busy machine.
jest.setTimeout(30_000);

/** require() through Node's loader, outside jest's module registry (cached for the whole worker). */
function requireNatively<T>(id: string): T {
  const { Module } = jest.requireActual<typeof NodeModule>('node:module');
  return new Module(__filename).require(require.resolve(id)) as T;
}

jest.mock('@fastify/static', () => requireNatively<unknown>('@fastify/static'));

/**
 * Password hashing at a test cost: argon2id still, with 1 MiB and 1 pass instead of the production 19 MiB and 2
 * (about 0.6 ms instead of 24 ms a hash; the suite signs up and in thousands of times). `verify` reads the cost from
 * the hash itself, so it is cheap too. The production parameters are asserted by
 * test/server/auth/passwordCost.test.ts, which unmocks this.
 */
jest.mock('@node-rs/argon2', () => {
  const real = jest.requireActual<typeof Argon2>('@node-rs/argon2');
  return {
    ...real,
    hash: (password: string, options: Parameters<typeof real.hash>[1]) => real.hash(password, { ...options, memoryCost: 1024, timeCost: 1 }),
  };
});

jest.mock('@electric-sql/pglite', () => {
  const real = requireNatively<typeof PGliteModule>('@electric-sql/pglite');

  /**
   * Test databases are small and short-lived, and the suite opens hundreds: every one starts with 16 MB of shared
   * buffers instead of PostgreSQL's 128 MB, which it would otherwise set up at each start (about half of PGlite's
   * start-up CPU, ~0.5 s of ~1 s), and the template is initialised with 1 MB WAL segments instead of 16 MB (the copy
   * each test database loads holds one segment: 9 MB instead of 25 MB to unpack). Production keeps the defaults.
   */
  const startParams = [...real.PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  const forTests = (options?: PGliteOptions): PGliteOptions => ({ startParams, ...options });

  // Cached on the natively loaded module object, which outlives each test file's module registry.
  const cache = real as unknown as { carcareTemplate?: Promise<Blob>; carcareTemplateReady?: Blob };
  const prepareMemoryTemplate = async (): Promise<void> => {
    cache.carcareTemplate ??= (async () => {
      const seed = new real.PGlite('memory://', forTests({ extensions: { btree_gist }, initDbStartParams: ['--wal-segsize=1'] }));
      await seed.waitReady;
      const db = new Kysely<Database>({ dialect: new PGliteDialect(seed) });
      await migrateToLatest(db);
      // The app uses one database: without template0 and template1 (300 files and 7 MB each) and with a checkpoint
      // behind it, the copy every test app loads is a third smaller and starts without replaying the migrations' WAL.
      await seed.exec("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
      await seed.exec('DROP DATABASE template0');
      await seed.exec('DROP DATABASE template1');
      await seed.exec('CHECKPOINT');
      const dump = await seed.dumpDataDir('none');
      await db.destroy();
      return dump;
    })();
    cache.carcareTemplateReady = await cache.carcareTemplate;
  };

  const { existsSync } = jest.requireActual<typeof Fs>('node:fs');
  const { join } = jest.requireActual<typeof Path>('node:path');
  const isFresh = (dataDir: string) => dataDir === 'memory://' || !existsSync(join(dataDir, 'PG_VERSION'));

  class PGlite extends real.PGlite {
    constructor(dataDirOrOptions?: string | PGliteOptions, options?: PGliteOptions) {
      const template = cache.carcareTemplateReady;
      if (typeof dataDirOrOptions === 'string' && isFresh(dataDirOrOptions) && template && !options?.loadDataDir) {
        super(dataDirOrOptions, forTests({ ...options, loadDataDir: template }));
      } else if (typeof dataDirOrOptions === 'string') {
        super(dataDirOrOptions, forTests(options));
      } else {
        super(forTests(dataDirOrOptions));
      }
    }
  }

  return { ...real, PGlite, prepareMemoryTemplate };
});

beforeAll(async () => {
  if (process.env.DATABASE_URL) return;
  const mocked = jest.requireMock<{ prepareMemoryTemplate: () => Promise<void> }>('@electric-sql/pglite');
  await mocked.prepareMemoryTemplate();
}, 60_000);

const originalConsoleError = console.error;
let unexpectedErrors: string[] = [];

function guardedConsoleError(...args: unknown[]): void {
  unexpectedErrors.push(format(...args));
  originalConsoleError(...args);
}
console.error = guardedConsoleError;

function failOnConsoleErrors(): void {
  // A test that silenced console.error (jest.spyOn) gets the guard back for the next test.
  console.error = guardedConsoleError;
  const errors = unexpectedErrors;
  unexpectedErrors = [];
  if (errors.length > 0) {
    throw new Error(`Unexpected console.error (${errors.length}):\n${errors.join('\n---\n')}`);
  }
}

afterEach(failOnConsoleErrors);
afterAll(failOnConsoleErrors);

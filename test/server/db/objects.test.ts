/**
 * The replaceable objects (db/objects.ts): found in the domains' sql/ folders, ordered by number, domain and name,
 * applied when their checksum changes, all or none; and the numbered migrations, found in their folder.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../../server/src/config';
import { type OpenedDatabase, openDatabase } from '../../../server/src/db/connect';
import { discoverMigrations, migrateToLatest } from '../../../server/src/db/migrate';
import { applySchemaObjects, discoverSchemaObjects, DOMAINS_ROOT } from '../../../server/src/db/objects';
import type { Db } from '../../../server/src/db/schema';
import { createTestDatabase, TEST_JWT_SECRET, type TestDatabase } from '../helpers/testApp';

const roots: string[] = [];

/** A throw-away server/src with these files (`domain/sql/file` → text). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'carcare-objects-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('discovery', () => {
  it('orders by number, then domain folder, then file name, whatever the folders are called', () => {
    const root = tree({
      'zeta/sql/10_checks.sql': 'SELECT 1;',
      'alpha/sql/30_triggers.sql': 'SELECT 2;',
      'alpha/sql/10_b.sql': 'SELECT 3;',
      'alpha/sql/10_a.sql': 'SELECT 4;',
      'beta/sql/9_first.sql': 'SELECT 5;',
      'beta/sql/100_last.sql': 'SELECT 6;',
      'gamma/notes.md': 'not a sql/ folder',
    });
    expect(discoverSchemaObjects(root).map((file) => file.name)).toEqual([
      'beta/9_first.sql',
      'alpha/10_a.sql',
      'alpha/10_b.sql',
      'zeta/10_checks.sql',
      'alpha/30_triggers.sql',
      'beta/100_last.sql',
    ]);
  });

  it('splits a .sql file into statements and takes a .ts module’s statements; the checksum follows the SQL only', () => {
    const root = tree({
      'one/sql/10_file.sql': 'SELECT 1;\r\nSELECT 2;\r\n',
      'one/sql/20_module.ts': "// a comment is not SQL\nexport const statements = ['SELECT 3', 'SELECT 4'];\n",
    });
    const [file, module] = discoverSchemaObjects(root);
    expect(file.statements).toEqual(['SELECT 1', 'SELECT 2']);
    expect(module.statements).toEqual(['SELECT 3', 'SELECT 4']);
    // Line endings do not count.
    expect(discoverSchemaObjects(tree({ 'one/sql/10_file.sql': 'SELECT 1;\nSELECT 2;\n' }))[0].checksum).toBe(file.checksum);
    expect(discoverSchemaObjects(tree({ 'one/sql/10_file.sql': 'SELECT 1;\nSELECT 22;\n' }))[0].checksum).not.toBe(file.checksum);
  });

  it('refuses a file in sql/ that does not say its place, and a module without statements', () => {
    expect(() => discoverSchemaObjects(tree({ 'one/sql/triggers.sql': 'SELECT 1;' }))).toThrow('one/sql/triggers.sql: name it NN_name.sql or NN_name.ts');
    expect(() => discoverSchemaObjects(tree({ 'one/sql/10_bad.ts': 'export const sql = 1;\n' }))).toThrow('must export statements: string[]');
  });

  it("finds every domain's files: each list check before the triggers, each .sql file replaceable", () => {
    const files = discoverSchemaObjects();
    const names = files.map((file) => file.name);
    expect(names).toEqual(expect.arrayContaining(['appointments/10_checks.ts', 'history/30_job_history.sql', 'notifications/30_notify.sql', 'events/30_live_events.sql', 'analytics/30_rollups.sql']));
    const checks = names.filter((name) => name.endsWith('_checks.ts'));
    expect(names.slice(0, checks.length)).toEqual(checks);
    for (const name of names.filter((each) => each.endsWith('.sql'))) {
      const text = readFileSync(join(DOMAINS_ROOT, name.replace('/', '/sql/')), 'utf8');
      // A plain CREATE would fail the second time the file is applied.
      expect([name, text.match(/\bCREATE\s+(?!OR\s+REPLACE\b)(FUNCTION|TRIGGER|VIEW|PROCEDURE)\b/i)]).toEqual([name, null]);
    }
  });
});

describe('numbered migrations', () => {
  it('are every NNNN_name.ts of migrations/, in order, and hold tables, indexes, constraints and data only', () => {
    const migrations = discoverMigrations();
    const dir = join(DOMAINS_ROOT, 'db', 'migrations');
    expect(Object.keys(migrations)).toEqual(
      readdirSync(dir)
        .sort()
        .map((file) => file.replace(/\.ts$/, '')),
    );
    expect(Object.keys(migrations).slice(0, 3)).toEqual(['0001_init', '0002_shop', '0003_limits']);
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect([file, text.match(/\bCREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER|VIEW|PROCEDURE|RULE)\b/i)?.[0] ?? null]).toEqual([file, null]);
    }
  });

  it('refuse a file that does not say its place', () => {
    expect(() => discoverMigrations(join(tree({ 'migrations/0001_init.ts': 'export async function up() {}\n', 'migrations/init2.ts': '' }), 'migrations'))).toThrow(
      'migrations/init2.ts: name it NNNN_name.ts',
    );
  });
});

describe('applying', () => {
  let database: TestDatabase;
  let opened: OpenedDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    opened = await openDatabase(loadConfig({ JWT_SECRET: TEST_JWT_SECRET, ...database.env }), () => undefined);
    db = opened.db;
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await opened?.close();
    await database?.dispose();
  });

  const recorded = async () => (await db.selectFrom('schema_objects').select(['name', 'checksum', 'applied_at']).orderBy('name').execute()).map((row) => ({ ...row, applied_at: row.applied_at.getTime() }));
  const answer = async (fn: string) => (await sql<{ answer: string }>`SELECT ${sql.raw(fn)}() AS answer`.execute(db)).rows[0].answer;
  const exists = async (fn: string) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_proc WHERE proname = ${fn} AND pronamespace = current_schema()::regnamespace`.execute(db)).rows[0].n > 0;

  const v1 = {
    'shop/sql/20_words.sql': "CREATE OR REPLACE FUNCTION objects_test_word() RETURNS text LANGUAGE sql AS $$ SELECT 'one' $$;",
    'shop/sql/30_uses.sql': 'CREATE OR REPLACE FUNCTION objects_test_uses() RETURNS text LANGUAGE sql AS $$ SELECT objects_test_word() $$;',
  };

  it('applies the files in order and records them; a second run applies nothing; a changed file is applied alone', async () => {
    expect(await applySchemaObjects(db, discoverSchemaObjects(tree(v1)))).toEqual(['shop/20_words.sql', 'shop/30_uses.sql']);
    expect(await answer('objects_test_uses')).toBe('one');
    const first = await recorded();
    expect(first.map((row) => row.name)).toEqual(['shop/20_words.sql', 'shop/30_uses.sql']);

    expect(await applySchemaObjects(db, discoverSchemaObjects(tree(v1)))).toEqual([]);
    expect(await recorded()).toEqual(first);

    const v2 = { ...v1, 'shop/sql/20_words.sql': v1['shop/sql/20_words.sql'].replace("'one'", "'two'") };
    expect(await applySchemaObjects(db, discoverSchemaObjects(tree(v2)))).toEqual(['shop/20_words.sql']);
    expect(await answer('objects_test_uses')).toBe('two');
    const second = await recorded();
    expect(second[0].checksum).not.toBe(first[0].checksum);
    expect(second[1]).toEqual(first[1]);
  });

  it('is all or none: a failing file names itself and nothing of the run stays', async () => {
    const before = await recorded();
    const broken = {
      ...v1,
      'shop/sql/20_words.sql': "CREATE OR REPLACE FUNCTION objects_test_word() RETURNS text LANGUAGE sql AS $$ SELECT 'three' $$;",
      'shop/sql/25_new.sql': 'CREATE OR REPLACE FUNCTION objects_test_new() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;',
      'shop/sql/40_broken.sql': 'CREATE OR REPLACE VIEW objects_test_view AS SELECT * FROM no_such_table;',
    };
    await expect(applySchemaObjects(db, discoverSchemaObjects(tree(broken)))).rejects.toThrow('Schema object shop/40_broken.sql failed: relation "no_such_table" does not exist');
    expect(await answer('objects_test_uses')).toBe('two');
    expect(await exists('objects_test_new')).toBe(false);
    expect(await recorded()).toEqual(before);
  });

  it("drops what a domain's 00_retired.sql says, before the files that replace it, and forgets files that are gone", async () => {
    const renamed = {
      'shop/sql/00_retired.sql': 'DROP FUNCTION IF EXISTS objects_test_uses();\nDROP FUNCTION IF EXISTS objects_test_word();',
      'shop/sql/20_words.sql': "CREATE OR REPLACE FUNCTION objects_test_term() RETURNS text LANGUAGE sql AS $$ SELECT 'renamed' $$;",
    };
    expect(await applySchemaObjects(db, discoverSchemaObjects(tree(renamed)))).toEqual(['shop/00_retired.sql', 'shop/20_words.sql']);
    expect(await exists('objects_test_word')).toBe(false);
    expect(await exists('objects_test_uses')).toBe(false);
    expect(await answer('objects_test_term')).toBe('renamed');
    expect((await recorded()).map((row) => row.name)).toEqual(['shop/00_retired.sql', 'shop/20_words.sql']);
  });
});

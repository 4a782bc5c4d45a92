import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import type { Db } from './schema';
import { splitStatements } from './sqlText';

/**
 * Trigger functions, triggers, views and the contract's CHECK lists, kept by each domain in server/src/<domain>/sql/
 * (found at start, listed nowhere): NN_name.sql (CREATE OR REPLACE …, DROP … IF EXISTS …) or NN_name.ts exporting
 * `statements`. Order: NN, then domain, then file — 10 checks, 20 shared functions, 30 triggers, 40 views; a file may
 * use every table and what sorts before it. A 00_retired.sql drops what was renamed or removed.
 */
export interface SchemaObjectFile {
  /** `<domain>/<file>`: its row in schema_objects. */
  name: string;
  checksum: string;
  statements: readonly string[];
}

/** server/src: every domain folder with a sql/ folder in it contributes. */
export const DOMAINS_ROOT = resolve(__dirname, '..');

const FILE_NAME = /^(\d+)_[a-z0-9_-]+\.(sql|ts)$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function statementsOf(path: string): string[] {
  // jest's require (ts-jest) and tsx's both compile the module; import() would escape jest's module registry.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(path) as { statements?: unknown };
  const { statements } = loaded;
  if (!Array.isArray(statements) || !statements.every((statement) => typeof statement === 'string')) {
    throw new Error(`${path} must export statements: string[]`);
  }
  return statements;
}

/** Every domain's sql/ files, in the order they are applied. */
export function discoverSchemaObjects(root = DOMAINS_ROOT): SchemaObjectFile[] {
  const found: (SchemaObjectFile & { order: number; domain: string; file: string })[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const dir = join(root, entry.name, 'sql');
    if (!entry.isDirectory() || !existsSync(dir)) continue;
    for (const file of readdirSync(dir)) {
      const match = FILE_NAME.exec(file);
      if (!match) throw new Error(`${entry.name}/sql/${file}: name it NN_name.sql or NN_name.ts (NN: its place in the order)`);
      const path = join(dir, file);
      let statements: string[];
      let checksum: string;
      if (match[2] === 'sql') {
        // One checksum whatever line endings a checkout gives the file.
        const text = readFileSync(path, 'utf8').replace(/\r\n/g, '\n');
        statements = splitStatements(text);
        checksum = sha256(text);
      } else {
        statements = statementsOf(path);
        checksum = sha256(statements.join(';\n'));
      }
      found.push({ name: `${entry.name}/${file}`, checksum, statements, order: Number(match[1]), domain: entry.name, file });
    }
  }
  return found
    .sort((a, b) => a.order - b.order || byCodeUnits(a.domain, b.domain) || byCodeUnits(a.file, b.file))
    .map(({ name, checksum, statements }) => ({ name, checksum, statements }));
}

/**
 * Applies the files whose checksum differs from the one recorded, in order, in one transaction (all or none), and
 * records them; forgets the rows of files that are gone. Returns the names applied. Run under the migration lock.
 */
export async function applySchemaObjects(db: Db, files: readonly SchemaObjectFile[] = discoverSchemaObjects()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const recorded = new Map((await trx.selectFrom('schema_objects').select(['name', 'checksum']).execute()).map((row) => [row.name, row.checksum]));
    const changed = files.filter((file) => recorded.get(file.name) !== file.checksum);
    for (const file of changed) {
      for (const statement of file.statements) {
        try {
          await sql.raw(statement).execute(trx);
        } catch (error) {
          // Read the message without instanceof: PGlite's errors may come from another realm (the tests load it natively).
          const message = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
          throw new Error(`Schema object ${file.name} failed: ${message}`, { cause: error });
        }
      }
      await trx
        .insertInto('schema_objects')
        .values({ name: file.name, checksum: file.checksum })
        .onConflict((oc) => oc.column('name').doUpdateSet({ checksum: file.checksum, applied_at: sql<string>`statement_timestamp()` }))
        .execute();
    }
    const current = new Set(files.map((file) => file.name));
    const gone = [...recorded.keys()].filter((name) => !current.has(name));
    if (gone.length > 0) await trx.deleteFrom('schema_objects').where('name', 'in', gone).execute();
    return changed.map((file) => file.name);
  });
}

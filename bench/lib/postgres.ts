import { existsSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './paths';
import { spawnTracked, stopProcess } from './processes';

/** A throw-away PostgreSQL cluster made by scripts/with-postgres.sh, the same one `npm run test:server:pg` uses. */
export interface BenchPostgres {
  url: string;
  /** `postgres --version`, e.g. "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)". */
  version: string;
  /** The cluster's settings that matter for timings, read from the server. */
  settings: string;
  stop(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 60_000;
const REPORTED_SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes', 'max_connections'];

/**
 * The command with-postgres.sh runs: print DATABASE_URL, then hold the cluster until stdin closes. Closing stdin
 * (stop(), or this process dying) lets the script stop the cluster and delete its directory.
 */
const HOLD = "process.stdout.write(process.env.DATABASE_URL + '\\n'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));";

/** PG_BIN, else the newest /usr/lib/postgresql/<version>/bin with initdb (where with-postgres.sh looks). */
function findPostgresBin(): string | null {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [])
        .filter((v) => /^\d+(\.\d+)?$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => path.join('/usr/lib/postgresql', v, 'bin'));
  return candidates.find((bin) => existsSync(path.join(bin, 'initdb'))) ?? null;
}

/** Why PostgreSQL cannot run here, or null when it can. */
export function postgresUnavailable(): string | null {
  if (!findPostgresBin()) return 'PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin or PG_BIN; Debian: apt-get install -y postgresql)';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no `postgres` user to run the cluster as';
    }
  }
  return null;
}

async function readSettings(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>('SELECT name, setting FROM pg_settings WHERE name = ANY($1) ORDER BY name', [REPORTED_SETTINGS]);
    return rows.map((r) => `${r.name}=${r.setting}`).join(', ');
  } finally {
    await client.end();
  }
}

export async function startPostgres(): Promise<BenchPostgres> {
  const env = { ...process.env };
  delete env.DATABASE_URL; // the script would otherwise run against that database instead of making one
  const child = spawnTracked('bash', [path.join(ROOT, 'scripts/with-postgres.sh'), process.execPath, '-e', HOLD], {
    cwd: ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin?.end();
    const timer = setTimeout(() => void stopProcess(child), STARTUP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start within ${STARTUP_TIMEOUT_MS / 1000} s:\n${stderr}`)), STARTUP_TIMEOUT_MS);
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = stdout.split('\n').find((l) => l.startsWith('postgres://'));
        if (line) {
          clearTimeout(timer);
          resolve(line.trim());
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`scripts/with-postgres.sh exited (${code}) before the cluster was ready:\n${stderr}`));
      });
    });
    // with-postgres.sh: "with-postgres: postgres (PostgreSQL) 15.18 (…) at postgres://…"
    const version = /with-postgres: (.*) at postgres:/.exec(stderr)?.[1] ?? 'PostgreSQL';
    return { url, version, settings: await readSettings(url), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The databases the data-heavy sections run on, each section on both unless its environment variable narrows it. */
export const BENCH_DATABASES = ['pglite', 'postgresql'] as const;
export type BenchDatabaseKind = (typeof BENCH_DATABASES)[number];
export const BENCH_DATABASE_LABEL: Record<BenchDatabaseKind, string> = { pglite: 'PGlite (embedded, default)', postgresql: 'PostgreSQL' };

/** `variable`=pglite,postgresql (default both); an unknown name is an error. */
export function benchDatabasesFrom(variable: string): BenchDatabaseKind[] {
  const raw = process.env[variable]?.trim();
  if (!raw) return [...BENCH_DATABASES];
  const names = raw.split(',').map((s) => s.trim().toLowerCase());
  const unknown = names.filter((n) => !(BENCH_DATABASES as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`Unknown database "${unknown.join(', ')}" in ${variable} (known: ${BENCH_DATABASES.join(', ')})`);
  return BENCH_DATABASES.filter((k) => names.includes(k));
}

/** How a section's database was set up, for the report. */
export function benchDatabaseSettings(postgres: BenchPostgres | null): string {
  return postgres ? `throw-away cluster of scripts/with-postgres.sh (trust auth, loopback), ${postgres.settings}; server pool max 10` : `DATA_DIR on the local disk, in the server's own thread`;
}

export type SkippedDatabase = { kind: BenchDatabaseKind; database: string; skipped: string };
export type FailedDatabase = { kind: BenchDatabaseKind; database: string; error: string };

/**
 * Runs a section on each database its `variable` selects, in turn: PostgreSQL is skipped (with the reason) where it
 * cannot run, and a failure on one database is reported without stopping the other.
 */
export async function runOnEachDatabase<R>(
  variable: string,
  section: string,
  log: (line: string) => void,
  run: (kind: BenchDatabaseKind) => Promise<R>,
): Promise<(R | SkippedDatabase | FailedDatabase)[]> {
  const outcomes: (R | SkippedDatabase | FailedDatabase)[] = [];
  for (const kind of benchDatabasesFrom(variable)) {
    const database = BENCH_DATABASE_LABEL[kind];
    const unavailable = kind === 'postgresql' ? postgresUnavailable() : null;
    if (unavailable) {
      log(`${section}: skipping PostgreSQL: ${unavailable}`);
      outcomes.push({ kind, database, skipped: unavailable });
      continue;
    }
    try {
      outcomes.push(await run(kind));
    } catch (error) {
      console.error(`[bench] ${section} on ${kind} failed:`, error);
      outcomes.push({ kind, database, error: error instanceof Error ? error.message.split('\n').slice(0, 6).join(' ') : String(error) });
    }
  }
  return outcomes;
}

import { execFileSync } from 'node:child_process';
import { chownSync, closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, makeTempDir, removeTempDir, runCommand, sleep, spawnTracked, stopProcess } from './processes';

/**
 * A throw-away PostgreSQL cluster, the way scripts/with-postgres.sh makes one (initdb in a temporary directory,
 * trust auth, loopback only, fsync/synchronous_commit/full_page_writes off), except that `postgres` runs in the
 * foreground as a tracked child of the bench, so the bench's clean-up (finally, Ctrl+C, exit) stops it too.
 */
export interface BenchPostgres {
  url: string;
  /** `postgres --version`, e.g. "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)". */
  version: string;
  stop(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 60_000;
export const POSTGRES_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300'];

/** PG_BIN, else the newest /usr/lib/postgresql/<version>/bin with initdb and postgres; null when there is none. */
export function findPostgresBin(): string | null {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [])
        .filter((v) => /^\d+(\.\d+)?$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => path.join('/usr/lib/postgresql', v, 'bin'));
  return candidates.find((bin) => existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'postgres'))) ?? null;
}

/** Why PostgreSQL cannot run here, or null when it can. */
export function postgresUnavailable(): string | null {
  const bin = findPostgresBin();
  if (!bin) return 'PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin or PG_BIN; Debian: apt-get install -y postgresql)';
  if (process.getuid?.() === 0 && ownerIds() === null) return 'running as root and there is no `postgres` user to run the cluster as';
  return null;
}

/** uid and gid of the `postgres` user (PostgreSQL refuses to run as root), or null. */
function ownerIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

async function waitForConnection(adminUrl: string, hasExited: () => boolean, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error(`PostgreSQL exited during start-up:\n${readFileSync(logFile, 'utf8').slice(-3_000)}`);
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch {
      // not accepting connections yet
    } finally {
      await client.end().catch(() => undefined);
    }
    await sleep(200);
  }
  throw new Error(`PostgreSQL did not accept connections within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

export async function startPostgres(): Promise<BenchPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found');
  const dir = makeTempDir('pg');
  const owner = process.getuid?.() === 0 ? ownerIds() : null;
  if (process.getuid?.() === 0 && !owner) throw new Error('running as root and there is no `postgres` user');
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const asOwner = (command: string, args: string[]): [string, string[]] => (owner ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const port = await freePort();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;

  await runCommand(...asOwner(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']), { cwd: dir });
  const logFd = openSync(logFile, 'a');
  if (owner) chownSync(logFile, owner.uid, owner.gid);
  const settings = ['listen_addresses=127.0.0.1', ...POSTGRES_SETTINGS].flatMap((s) => ['-c', s]);
  const child = spawnTracked(...asOwner(path.join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), '-k', dir, ...settings]), {
    cwd: dir,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const stop = async () => {
    await stopProcess(child);
    removeTempDir(dir);
  };
  try {
    await waitForConnection(adminUrl, () => child.exitCode !== null || child.signalCode !== null, logFile);
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query('CREATE DATABASE carcare');
    } finally {
      await client.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const version = execFileSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
  return { url: `postgres://postgres@127.0.0.1:${port}/carcare`, version, stop };
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
  return postgres ? `throw-away cluster (initdb, trust auth, loopback), ${POSTGRES_SETTINGS.join(', ')}; server pool max 10` : `DATA_DIR on the local disk, in the server's own thread`;
}

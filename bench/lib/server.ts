import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/src/config';
import { DIST, ROOT } from './paths';
import { freePort, makeTempDir, removeTempDir, sleep, spawnTracked, stopProcess } from './processes';

export interface ServerOptions {
  /** ACCESS_TOKEN_TTL, e.g. `1h`. */
  accessTokenTtl: string;
  /**
   * A temporary directory the caller made (and removes): the server uses `serverDataDir(workDir)` as DATA_DIR and
   * writes its log there, e.g. after the caller has seeded that database. Default: a fresh one, removed by stop().
   */
  workDir?: string;
  /** DATABASE_URL: a URL → that PostgreSQL; null → the embedded database; default: as the bench's environment says. */
  databaseUrl?: string | null;
  /** STATIC_DIR; null serves the API only (no build needed). Default: the build (lib/paths.ts DIST). */
  staticDir?: string | null;
  /** More environment variables for the server (e.g. DEMO_DATA, SHOP_TIME_ZONE). */
  env?: Record<string, string>;
}

export interface BenchServer {
  origin: string;
  apiBase: string;
  jwtSecret: string;
  admin: { email: string; password: string };
  /** The server process's id (its memory, for the live section). */
  pid: number | undefined;
  stop(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 60_000;

/** 48 random characters (base64url of 36 bytes). */
export function randomSecret(): string {
  return randomBytes(36).toString('base64url');
}

async function waitForHealth(origin: string, hasExited: () => boolean, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error(`The API server exited during start-up:\n${readFileSync(logFile, 'utf8').slice(-3_000)}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`The API server did not answer /api/health within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/** The DATA_DIR a server started with `workDir` uses (the embedded database's files). */
export function serverDataDir(workDir: string): string {
  return path.join(workDir, 'db');
}

/**
 * `npm run serve` equivalent: `tsx server/src/main.ts` (as `node --import tsx`, one process) serving dist/ and
 * the API on a free loopback port, on a fresh embedded database in a temporary directory (removed by stop()).
 * The options let the shop section start it on a database it has seeded (`workDir`, `databaseUrl`), API only.
 */
export async function startServer({ accessTokenTtl, workDir, databaseUrl, staticDir = DIST, env = {} }: ServerOptions): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = workDir ?? makeTempDir('data');
  const logFile = path.join(dataDir, 'server.log');
  const jwtSecret = randomSecret();
  const admin = { email: 'bench-admin@carcare.test', password: `Adm-${randomSecret().slice(0, 16)}` };
  const logFd = openSync(logFile, 'a');
  const inherited = { ...process.env };
  delete inherited.STATIC_DIR;
  if (databaseUrl !== undefined) delete inherited.DATABASE_URL;
  const child = spawnTracked(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(staticDir !== null && { STATIC_DIR: staticDir }),
      ...(typeof databaseUrl === 'string' && { DATABASE_URL: databaseUrl }),
      DATA_DIR: serverDataDir(dataDir),
      JWT_SECRET: jwtSecret,
      // The bench's load all comes from 127.0.0.1: raise the rate limits, the session cap and the connections per
      // address so it measures the server's work, not its 429s and dropped connections (server/README.md § Environment).
      LOGIN_MAX_ATTEMPTS: '100000',
      LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
      REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
      REQUESTS_PER_IP_PER_MINUTE: '10000000',
      MAX_SESSIONS_PER_USER: '100000',
      MAX_CONNECTIONS_PER_IP: '1000000',
      ACCESS_TOKEN_TTL: accessTokenTtl,
      REFRESH_TOKEN_TTL: '2h',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      APP_URL: origin,
      // The bench builds its own users and data; the demo workshop (on by default for main.ts) stays out.
      DEMO_DATA: '0',
      ...env,
    },
  });
  closeSync(logFd);
  const stop = async () => {
    await stopProcess(child);
    if (!workDir) removeTempDir(dataDir);
  };
  try {
    await waitForHealth(origin, () => child.exitCode !== null || child.signalCode !== null, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, apiBase: `${origin}/api`, jwtSecret, admin, pid: child.pid, stop };
}

/**
 * The configuration of an app the bench builds in its own process (buildApp): a fresh in-memory PGlite, no demo
 * data, the bench's admin, day-long access tokens and no rate limit in the way of its load. `extra` adds or
 * overrides variables.
 */
export function inProcessConfig(admin: { email: string; password: string }, timeZone: string, extra: Record<string, string> = {}) {
  return loadConfig({
    JWT_SECRET: randomSecret(),
    DATA_DIR: 'memory://',
    DEMO_DATA: '0',
    SHOP_TIME_ZONE: timeZone,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ACCESS_TOKEN_TTL: '1d',
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
    REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
    REQUESTS_PER_IP_PER_MINUTE: '10000000',
    ...extra,
  });
}

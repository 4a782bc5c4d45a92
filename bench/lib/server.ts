import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';
import { freePort, makeTempDir, removeTempDir, sleep, spawnTracked, stopProcess } from './processes';

export interface ServerOptions {
  /** ACCESS_TOKEN_TTL, e.g. `1h`. */
  accessTokenTtl: string;
}

export interface BenchServer {
  origin: string;
  apiBase: string;
  jwtSecret: string;
  admin: { email: string; password: string };
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

/**
 * `npm run serve` equivalent: `tsx server/src/main.ts` (as `node --import tsx`, one process) serving dist/ and
 * the API on a free loopback port, on a fresh embedded database in a temporary directory (removed by stop()).
 */
export async function startServer({ accessTokenTtl }: ServerOptions): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = makeTempDir('data');
  const logFile = path.join(dataDir, 'server.log');
  const jwtSecret = randomSecret();
  const admin = { email: 'bench-admin@carcare.test', password: `Adm-${randomSecret().slice(0, 16)}` };
  const logFd = openSync(logFile, 'a');
  const child = spawnTracked(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: 'dist',
      DATA_DIR: path.join(dataDir, 'db'),
      JWT_SECRET: jwtSecret,
      LOGIN_MAX_ATTEMPTS: '100000',
      ACCESS_TOKEN_TTL: accessTokenTtl,
      REFRESH_TOKEN_TTL: '2h',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      APP_URL: origin,
    },
  });
  closeSync(logFd);
  const stop = async () => {
    await stopProcess(child);
    removeTempDir(dataDir);
  };
  try {
    await waitForHealth(origin, () => child.exitCode !== null || child.signalCode !== null, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, apiBase: `${origin}/api`, jwtSecret, admin, stop };
}

import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const LOCK_FILE = 'server.pid';
const RETRY_MS = 200;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(path: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(path, 'utf8')).trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * The embedded database is single-process: two servers on one DATA_DIR would corrupt it. A pid file guards it;
 * a stale file (dead pid) is taken over, and a live owner is waited for a little (`tsx watch` restarts overlap).
 * Returns the release function.
 */
export async function lockDataDir(dir: string, waitMs = 5000): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await writeFile(path, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readOwner(path);
      if (owner === process.pid) break;
      if (owner === null || !isAlive(owner)) {
        await unlink(path).catch(() => undefined);
        continue;
      }
      if (Date.now() >= deadline) {
        throw new Error(`Another CarCare server (pid ${owner}) is using DATA_DIR ${dir}. Stop it or choose another DATA_DIR.`);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
  return async () => {
    if ((await readOwner(path)) === process.pid) await unlink(path).catch(() => undefined);
  };
}

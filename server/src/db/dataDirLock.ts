import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const LOCK_FILE = 'server.pid';
/** Held (as a directory: mkdir is atomic) by the one process that is removing a stale lock file. */
const BREAK_GUARD = 'server.pid.break';
/** A break guard older than this was left by a process that died while breaking; it is removed. */
const BREAK_GUARD_STALE_MS = 10_000;
const RETRY_MS = 100;

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/** The lock file's text, or null when there is none. */
async function readLock(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function ownerOf(text: string): number | null {
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Creates the lock file holding our pid, atomically and complete: the pid is written to a private file first,
 * which is then hard-linked to the lock's name — link() fails with EEXIST when the name is taken, so exactly one
 * process wins, and nobody ever reads a half-written (empty) lock file.
 */
async function tryCreate(dir: string, path: string): Promise<boolean> {
  const temp = join(dir, `${LOCK_FILE}.${process.pid}.${randomUUID()}.tmp`);
  await writeFile(temp, String(process.pid), { flag: 'wx' });
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/**
 * Removes a lock file whose owner is gone — but only while it still holds the text found stale, and only one
 * process at a time (the break guard), so a lock that another starting process has just taken is never removed.
 */
async function breakStaleLock(dir: string, path: string, staleText: string): Promise<void> {
  const guard = join(dir, BREAK_GUARD);
  try {
    await mkdir(guard);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    const guardStat = await stat(guard).catch(() => null);
    if (guardStat && Date.now() - guardStat.mtimeMs > BREAK_GUARD_STALE_MS) await rmdir(guard).catch(() => undefined);
    return; // someone else is breaking it: try again
  }
  try {
    if ((await readLock(path)) === staleText) await unlink(path).catch(() => undefined);
  } finally {
    await rmdir(guard).catch(() => undefined);
  }
}

/**
 * The embedded database is single-process: two servers on one DATA_DIR would corrupt it. A pid file guards it,
 * created atomically; a stale file (its process is gone) is taken over, and a live owner is waited for a little
 * (`tsx watch` restarts overlap). Returns the release function.
 */
export async function lockDataDir(dir: string, waitMs = 5000): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (await tryCreate(dir, path)) break;
    const text = await readLock(path);
    if (text === null) continue; // released just now
    const owner = ownerOf(text);
    // Our own pid: a restarted container (pid 1 again) whose previous run left its file behind.
    if (owner === process.pid) break;
    if (owner === null || !isAlive(owner)) {
      await breakStaleLock(dir, path, text);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_MS));
      continue;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `Another CarCare server (pid ${owner}) is using DATA_DIR ${dir}. Stop it or choose another DATA_DIR. ` +
          `(If no CarCare server is running, delete ${path}.)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
  return async () => {
    const text = await readLock(path).catch(() => null);
    if (text !== null && ownerOf(text) === process.pid) await unlink(path).catch(() => undefined);
  };
}

import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Everything the bench starts or creates is registered here, so `cleanupAll` (run in `finally` and on
 * SIGINT/SIGTERM) can stop exactly those processes (by their own process group id) and remove those directories.
 */
const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `carcare-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** A free loopback TCP port (bound once, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not find a free port'))));
    });
  });
}

/** Spawns a process in its own process group (so wrappers like /usr/bin/chromium and their children stop together). */
export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM to the child's process group, SIGKILL after `graceMs`. Resolves once the child has exited. */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (hasExited(child)) {
    signalGroup(child, 'SIGKILL'); // grandchildren of an exited wrapper
    children.delete(child);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  signalGroup(child, 'SIGKILL');
  children.delete(child);
}

/** Stops every tracked process and removes every tracked temporary directory. */
export async function cleanupAll(): Promise<void> {
  await Promise.all([...children].map((child) => stopProcess(child, 5_000)));
  for (const dir of [...tempDirs]) removeTempDir(dir);
}

/** Synchronous last resort (process 'exit'): SIGKILL whatever is still running, remove the directories. */
export function cleanupAllSync(): void {
  for (const child of children) signalGroup(child, 'SIGKILL');
  for (const dir of [...tempDirs]) {
    try {
      removeTempDir(dir);
    } catch {
      // Best effort on exit.
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs a command to completion; rejects with the tail of its output on a non-zero exit. */
export function runCommand(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnTracked(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output.slice(-4_000)}`));
    });
  });
}

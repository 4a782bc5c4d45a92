import { execFileSync } from 'node:child_process';
import { sleep, freePort, makeTempDir, removeTempDir, spawnTracked, stopProcess } from './processes';

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** The project's Chromium flags (docs/toolchain.md, playwright.config.ts). */
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromeVersion(): string {
  try {
    return execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

export interface DebuggableChrome {
  port: number;
  stop(): Promise<void>;
}

/** chrome-launcher style: headless Chromium with a remote-debugging port and a throw-away profile. */
export async function launchDebuggableChrome(): Promise<DebuggableChrome> {
  const port = await freePort();
  const profile = makeTempDir('chrome');
  const child = spawnTracked(
    CHROME_PATH,
    [...CHROME_FLAGS, '--headless=new', `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const stop = async () => {
    await stopProcess(child, 5_000);
    removeTempDir(profile);
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return { port, stop };
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  await stop();
  throw new Error(`Chromium (${CHROME_PATH}) did not open its debugging port`);
}

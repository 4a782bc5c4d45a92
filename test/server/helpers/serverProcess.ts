import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const REPO = resolve(__dirname, '../../..');

/** The real server (server/src/main.ts, as `npm run serve` runs it) in a child process, with its output. */
export interface ServerProcess {
  child: ChildProcess;
  /** Everything written so far (stdout and stderr), line by line. */
  lines: string[];
  /** Resolves with the port once the server listens; rejects when it exits first. */
  port: Promise<number>;
  /** Resolves with the exit code (or the signal's name) once the process has exited and its output is read. */
  exited: Promise<number | string>;
  /** Resolves with the first line matching `pattern` (already written or still to come). */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGKILL, when still running (cleanup after a failed test). */
  kill(): void;
}

export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', DEMO_DATA: '0', LOG_LEVEL: 'info', SHOP_TIME_ZONE: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  const onText = (buffered: { text: string }) => (chunk: Buffer) => {
    buffered.text += chunk.toString();
    const parts = buffered.text.split('\n');
    buffered.text = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.pattern.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  child.stdout?.on('data', onText({ text: '' }));
  child.stderr?.on('data', onText({ text: '' }));

  const exited = new Promise<number | string>((done) =>
    child.on('close', (code, signal) => {
      done(code ?? signal ?? 'unknown');
      // Nothing more will be written: a line still awaited never comes.
      for (const waiter of waiters.splice(0)) waiter.reject(new Error(`The server exited (${code ?? signal}). Output:\n${lines.join('\n')}`));
    }),
  );
  const waitForLine = (pattern: RegExp, timeoutMs = 60_000) => {
    const seen = lines.find((line) => pattern.test(line));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise<string>((resolveLine, reject) => {
      const timer = setTimeout(() => reject(new Error(`No line matching ${pattern} in ${timeoutMs} ms. Output:\n${lines.join('\n')}`)), timeoutMs);
      waiters.push({
        pattern,
        resolve: (line) => {
          clearTimeout(timer);
          resolveLine(line);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  };
  const port = Promise.race([
    waitForLine(/CarCare API listening on http:\/\/[^:]+:\d+/).then((line) => Number(/:(\d+) /.exec(line)?.[1])),
    exited.then((code) => {
      throw new Error(`The server exited (${code}) before listening. Output:\n${lines.join('\n')}`);
    }),
  ]);
  port.catch(() => undefined); // observed by the test that awaits it
  return {
    child,
    lines,
    port,
    exited,
    waitForLine,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

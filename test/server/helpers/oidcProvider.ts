import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const CLIENT_ID = 'carcare-test-client';
export const CLIENT_SECRET = 'carcare-test-client-secret';

/** A port that was free a moment ago (for a child process that must know its port up front). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProvider {
  issuer: string;
  stop(): Promise<void>;
}

/** Starts test/server/fixtures/oidc-provider.mjs with `node` and waits for its READY line. */
export function startOidcProvider(port: number, redirectUri: string): Promise<RunningProvider> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, '..', 'fixtures', 'oidc-provider.mjs')], {
    env: { ...process.env, PORT: String(port), CLIENT_ID, CLIENT_SECRET, REDIRECT_URI: redirectUri },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const ready = /READY (\S+)/.exec(stdout);
      if (ready) resolve({ issuer: ready[1], stop });
    });
    child.once('exit', (code) => reject(new Error(`OIDC provider exited (${code}): ${stderr}`)));
    child.once('error', reject);
  });
}

/** Cookies per origin, enough to carry a browser through redirects (paths and expiry dates are ignored). */
export class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();

  header(url: string): string | undefined {
    const cookies = this.byOrigin.get(new URL(url).origin);
    if (!cookies || cookies.size === 0) return undefined;
    return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(url: string, response: Response): void {
    const origin = new URL(url).origin;
    const cookies = this.byOrigin.get(origin) ?? new Map<string, string>();
    this.byOrigin.set(origin, cookies);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const removed = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (removed) cookies.delete(name);
      else cookies.set(name, pair.slice(index + 1).trim());
    }
  }

  has(url: string, name: string): boolean {
    return this.byOrigin.get(new URL(url).origin)?.has(name) ?? false;
  }
}

export interface Hop {
  url: string;
  response: Response;
}

/** One request like a browser makes it: cookies in and out, redirects not followed. */
export async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Hop> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, response);
  return { url, response };
}

/** Follows redirects (GET) until one leaves for `stopAt` or a page is answered. Returns the last hop and the next URL. */
export async function follow(jar: CookieJar, url: string, stopAt: string): Promise<{ last: Hop; next: string | null }> {
  let current = url;
  for (let hops = 0; hops < 20; hops += 1) {
    const hop = await browse(jar, current);
    const location = hop.response.headers.get('location');
    await hop.response.arrayBuffer();
    if (!location || hop.response.status < 300 || hop.response.status >= 400) return { last: hop, next: null };
    const next = new URL(location, current).href;
    if (next.startsWith(stopAt)) return { last: hop, next };
    current = next;
  }
  throw new Error(`too many redirects from ${url}`);
}

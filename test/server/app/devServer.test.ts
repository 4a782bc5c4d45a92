import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from '../helpers/serverProcess';

/**
 * `npm start`'s dev server (webpack.config.js `devServer`, exactly as configured) must work at http://localhost:3000
 * and http://127.0.0.1:3000, live reload included. It runs here in a child process on a free port, compiling a
 * one-line entry instead of the app (the dev server's options are what is under test, not the app's build).
 */

jest.setTimeout(120_000);

let dir: string;
let child: ChildProcess;
let port: number;
let output = '';

/** A free port on 127.0.0.1 (and, where there is IPv6, the same number on ::1 is practically always free too). */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

async function ipv6LoopbackAvailable(): Promise<boolean> {
  const probe = createServer();
  try {
    probe.listen(0, '::1');
    await once(probe, 'listening');
    return true;
  } catch {
    return false;
  } finally {
    probe.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'carcare-devserver-'));
  await writeFile(join(dir, 'main.js'), "document.body.append('CarCare dev');\n");
  port = await freePort();
  const script = `
    const webpack = require('webpack');
    const WebpackDevServer = require('webpack-dev-server');
    const config = require('./webpack.config.js')({}, { mode: 'development' });
    config.entry = { main: ${JSON.stringify(join(dir, 'main.js'))} };
    const server = new WebpackDevServer(config.devServer, webpack(config));
    server.start().then(() => console.log('DEV SERVER READY'));
    process.on('SIGTERM', () => server.stop().then(() => process.exit(0)));`;
  child = spawn(process.execPath, ['-e', script], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', WEB_PORT: String(port), API_PROXY_TARGET: 'http://127.0.0.1:9' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((ready, fail) => {
    const timer = setInterval(() => {
      if (output.includes('DEV SERVER READY')) {
        clearInterval(timer);
        ready();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        fail(new Error(`the dev server exited: ${output}`));
      }
    }, 50);
  });
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  await rm(dir, { recursive: true, force: true });
});

/** GET with an explicit Host header (as a browser at that address sends it). */
function get(path: string, host: string, address = '127.0.0.1'): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: address, port, path, headers: { host, accept: 'text/html' }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Opens the live-reload socket (/ws) the way the page's client does; resolves with the status and the messages. */
function openLiveReload(host: string, origin: string): Promise<{ status: number; messages: string[] }> {
  return new Promise((done, fail) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/ws',
      agent: false,
      headers: {
        host,
        origin,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    req.on('response', (res) => done({ status: res.statusCode ?? 0, messages: [] }));
    req.on('upgrade', (res, socket: Socket, head: Buffer) => {
      let data = head;
      socket.on('data', (chunk: Buffer) => (data = Buffer.concat([data, chunk])));
      // The server speaks first (hot, liveReload, overlay… or an error): collect what it says in a moment.
      setTimeout(() => {
        socket.destroy();
        done({ status: res.statusCode ?? 0, messages: textFrames(data) });
      }, 500);
    });
    req.on('error', fail);
    req.end();
  });
}

/** The text frames of an unmasked server-to-client WebSocket stream. */
function textFrames(data: Buffer): string[] {
  const frames: string[] = [];
  let offset = 0;
  while (offset + 2 <= data.length) {
    const opcode = data[offset] & 0x0f;
    let length = data[offset + 1] & 0x7f;
    let start = offset + 2;
    if (length === 126) {
      length = data.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      length = Number(data.readBigUInt64BE(start));
      start += 8;
    }
    if (opcode === 1) frames.push(data.subarray(start, start + length).toString('utf8'));
    offset = start + length;
  }
  return frames;
}

describe('the dev server (npm start) at localhost and at 127.0.0.1', () => {
  it.each(['localhost', '127.0.0.1'])('serves the app to a browser at http://%s', async (name) => {
    const page = await get('/', `${name}:${port}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<div id="root">/);
    expect(page.body).not.toMatch(/Invalid Host/);
    // A client-side route (history API fallback) too.
    expect((await get('/dashboard', `${name}:${port}`)).status).toBe(200);
  });

  it('still refuses other host names (DNS rebinding)', async () => {
    const page = await get('/', `evil.example:${port}`);
    expect(page.status).toBe(403);
    expect(page.body).toBe('Invalid Host header');
  });

  // The last two: a socket addressed by the other name (what a client fixed to one name did — refused before).
  it.each([
    ['localhost', 'localhost'],
    ['127.0.0.1', '127.0.0.1'],
    ['localhost', '127.0.0.1'],
    ['127.0.0.1', 'localhost'],
  ])('accepts the live-reload socket of a page at http://%s (socket to %s)', async (pageHost, socketHost) => {
    const { status, messages } = await openLiveReload(`${socketHost}:${port}`, `http://${pageHost}:${port}`);
    expect(status).toBe(101);
    expect(messages).toContain('{"type":"hot"}');
    expect(messages.join('\n')).not.toMatch(/Invalid Host\/Origin header/);
  });

  it('refuses the live-reload socket to a page of another site', async () => {
    const { messages } = await openLiveReload(`localhost:${port}`, 'http://evil.example');
    expect(messages).toContain('{"type":"error","data":"Invalid Host/Origin header"}');
  });

  it("points the page's live-reload socket at the page's own host and port", async () => {
    const page = await get('/', `localhost:${port}`);
    const scripts = [...page.body.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    const code = (await Promise.all(scripts.map(async (src) => (await get(src, `localhost:${port}`)).body))).join('\n');
    // webpack-dev-server's client replaces hostname 0.0.0.0 and port 0 with the page's location.
    expect(code).toMatch(/protocol=auto%3A&(username=&password=&)?hostname=0\.0\.0\.0&port=0&pathname=%2Fws/);
  });

  it('listens on the IPv6 loopback too, where "localhost" resolves to ::1 first', async () => {
    if (await ipv6LoopbackAvailable()) {
      const page = await get('/', `localhost:${port}`, '::1');
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/<div id="root">/);
    } else {
      expect(output).toContain(`Not listening on [::1]:${port}`);
    }
  });
});

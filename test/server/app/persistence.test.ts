import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataDir } from '../../../server/src/db/dataDirLock';
import { call, registerCustomer } from '../helpers/http';
import { REPO, startServerProcess } from '../helpers/serverProcess';
import { createTestDatabase, startTestApp, type TestDatabase, usingPostgres } from '../helpers/testApp';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ onDisk: true });
});

afterAll(async () => {
  await database.dispose();
});

describe('persistence across a restart', () => {
  it('keeps users, sessions and the dev JWT secret (tokens issued before still work)', async () => {
    // No JWT_SECRET: with the embedded database the secret is generated once into DATA_DIR.
    const env = usingPostgres ? {} : { JWT_SECRET: undefined };
    const first = await startTestApp({ database, env });
    const user = await registerCustomer(first.app);
    await first.close();

    if (!usingPostgres) {
      const secretFile = join(database.env.DATA_DIR, 'jwt-secret');
      expect((await readFile(secretFile, 'utf8')).length).toBeGreaterThanOrEqual(32);
      expect((await stat(secretFile)).mode & 0o077).toBe(0);
    }

    const second = await startTestApp({ database, env });
    try {
      expect((await call(second.app, 'GET', '/api/auth/profile', { token: user.token })).status).toBe(200);
      const login = await call(second.app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.credentials.password } });
      expect(login.status).toBe(200);
      expect(login.body.id).toBe(user.id);
      const renewed = await call(second.app, 'POST', '/api/auth/refresh-token', { body: { refreshToken: user.refreshToken } });
      expect(renewed.status).toBe(200);
      const sessions = await call(second.app, 'GET', '/api/auth/active-sessions', { token: login.body.token });
      expect(sessions.body).toHaveLength(2);
    } finally {
      await second.close();
    }
  });
});

describe('DATA_DIR lock (the embedded database is single-process)', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'carcare-lock-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('takes over a lock left by a dead process and releases it', async () => {
    await writeFile(join(dir, 'server.pid'), '999999');
    const release = await lockDataDir(dir);
    expect(await readFile(join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    await release();
    await expect(stat(join(dir, 'server.pid'))).rejects.toThrow();
  });

  it('refuses a directory held by another live process', async () => {
    await writeFile(join(dir, 'server.pid'), String(process.ppid));
    await expect(lockDataDir(dir, 300)).rejects.toThrow(`Another CarCare server (pid ${process.ppid}) is using DATA_DIR`);
  });

  it('six processes taking the lock at the same instant, over a stale lock file: exactly one gets it', async () => {
    // Each child loads lockDataDir, says READY, waits for the `go` file, then tries once (no waiting): WON or LOST.
    // The winner holds the lock until the `done` file appears.
    const script = `
      const { existsSync } = require('node:fs');
      const { join } = require('node:path');
      const dir = process.argv[1];
      const until = (file) => new Promise((done) => { const t = setInterval(() => existsSync(join(dir, file)) && (clearInterval(t), done()), 5); });
      const { lockDataDir } = require(${JSON.stringify(join(REPO, 'server/src/db/dataDirLock.ts'))});
      (async () => {
        console.log('READY');
        await until('go');
        try {
          const release = await lockDataDir(dir, 0);
          console.log('WON ' + process.pid);
          await until('done');
          await release();
        } catch (error) {
          console.log('LOST ' + error.message);
        }
      })();`;
    const children = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', script, dir], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      return { child, output: () => output, exited: once(child, 'exit') };
    });
    const all = (text: string) =>
      new Promise<void>((done) => {
        const timer = setInterval(() => children.every((c) => c.output().includes(text)) && (clearInterval(timer), done()), 20);
      });
    await all('READY');
    const dead = spawn(process.execPath, ['-e', '']);
    await once(dead, 'exit');
    await writeFile(join(dir, 'server.pid'), String(dead.pid)); // left by a process that is gone
    await writeFile(join(dir, 'go'), '');
    await new Promise<void>((done) => {
      const timer = setInterval(() => children.every((c) => /WON|LOST/.test(c.output())) && (clearInterval(timer), done()), 20);
    });

    const winners = children.filter((c) => c.output().includes('WON'));
    expect(winners).toHaveLength(1);
    const winnerPid = winners[0].child.pid;
    expect(await readFile(join(dir, 'server.pid'), 'utf8')).toBe(String(winnerPid));
    for (const loser of children.filter((c) => c !== winners[0])) {
      expect(loser.output()).toContain(`LOST Another CarCare server (pid ${winnerPid}) is using DATA_DIR ${dir}. Stop it or choose another DATA_DIR.`);
    }
    await writeFile(join(dir, 'done'), '');
    await Promise.all(children.map((c) => c.exited));
    expect((await readdir(dir)).sort()).toEqual(['done', 'go']); // released; no temporary files left
  }, 60_000);

  it('two servers started at once on one DATA_DIR: one serves, the other exits 1 saying which process holds it', async () => {
    const servers = [startServerProcess({ DATA_DIR: dir }), startServerProcess({ DATA_DIR: dir })];
    try {
      const outcomes = await Promise.all(servers.map((server) => Promise.race([server.port.then(() => 'listening' as const), server.exited])));
      const winner = servers[outcomes.indexOf('listening')];
      expect([...outcomes].sort()).toEqual([1, 'listening']);
      const loser = servers.find((server) => server !== winner);
      expect(loser?.lines).toContain(
        `CarCare API failed to start: Another CarCare server (pid ${winner?.child.pid}) is using DATA_DIR ${dir}. Stop it or choose another DATA_DIR. ` +
          `(If no CarCare server is running, delete ${join(dir, 'server.pid')}.)`,
      );
      expect(await readFile(join(dir, 'server.pid'), 'utf8')).toBe(String(winner?.child.pid));
      winner?.child.kill('SIGTERM');
      expect(await winner?.exited).toBe(0);
      await expect(stat(join(dir, 'server.pid'))).rejects.toThrow(); // released on shutdown
    } finally {
      for (const server of servers) server.kill();
      await Promise.all(servers.map((server) => server.exited));
    }
  }, 120_000);
});

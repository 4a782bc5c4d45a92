import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataDir } from '../../../server/src/db/dataDirLock';
import { call, registerCustomer } from '../helpers/http';
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
});

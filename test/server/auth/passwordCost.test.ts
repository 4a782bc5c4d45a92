/**
 * The production password hash. The other server tests hash at a test cost (test/server/setup.ts mocks
 * @node-rs/argon2); this file takes the real library back, so what a deployment stores is what is asserted.
 */
import { call, registerCustomer } from '../helpers/http';
import { startTestApp, type TestApp } from '../helpers/testApp';

jest.unmock('@node-rs/argon2');

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

it('stores an argon2id hash at the OWASP minimum (19 MiB, 2 passes, 1 lane), never the password, and signs in with it', async () => {
  const { id, credentials } = await registerCustomer(t.app);
  const row = await t.app.db.selectFrom('users').select(['password_hash']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(row.password_hash).not.toContain(credentials.password);
  const login = await call(t.app, 'POST', '/api/auth/login', { body: { email: credentials.email, password: credentials.password } });
  expect(login.status).toBe(200);
});

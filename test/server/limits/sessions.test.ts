/**
 * MAX_SESSIONS_PER_USER: starting one session more than the cap revokes the user's oldest active ones, in the
 * same transaction as the new session, with the user's row locked so simultaneous sign-ins cannot each slip in.
 */
import { call, uniqueEmail } from '../helpers/http';
import { http, listen } from '../helpers/shop';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { PASSWORD, registered } from './helpers';

const REVOKED = { message: 'Session has been revoked. Invalid token', success: false };

async function signIn(t: TestApp, email: string): Promise<{ token: string; refreshToken: string }> {
  const answer = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

async function activeSessionsInDatabase(t: TestApp, email: string): Promise<number> {
  const row = await t.app.db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('u.email', '=', email)
    .where('s.revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('MAX_SESSIONS_PER_USER', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { MAX_SESSIONS_PER_USER: '3', LOGIN_MAX_ATTEMPTS: '1000' } });
  });

  afterAll(async () => t.close());

  it('keeps the newest sessions up to the cap: the oldest are revoked (access and refresh tokens)', async () => {
    const email = uniqueEmail('busy');
    const registration = await call(t.app, 'POST', '/api/auth/register/customer', {
      body: { email, password: PASSWORD, fullName: 'Busy Person', phoneNumber: '555-0100' },
    });
    expect(registration.status).toBe(201);
    const sessions = [registration.body];
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(1000);
      sessions.push(await signIn(t, email));
    }

    for (const old of sessions.slice(0, 2)) {
      expect((await call(t.app, 'GET', '/api/auth/profile', { token: old.token })).body).toEqual(REVOKED);
      const refreshed = await call(t.app, 'POST', '/api/auth/refresh-token', { body: { refreshToken: old.refreshToken } });
      expect(refreshed).toMatchObject({ status: 401, body: { message: 'Invalid or expired refresh token', success: false } });
    }
    for (const kept of sessions.slice(2)) expect((await call(t.app, 'GET', '/api/auth/profile', { token: kept.token })).status).toBe(200);

    const listed = await call(t.app, 'GET', '/api/auth/active-sessions', { token: sessions[4].token });
    expect(listed.body).toHaveLength(3);
    expect(listed.body.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
  });

  it('simultaneous sign-ins over HTTP still leave exactly MAX_SESSIONS_PER_USER active sessions', async () => {
    const email = await registered(t.app, uniqueEmail('racer'));
    t.clock.advance(1000); // the registration's session is the oldest: the cap ends it
    const base = await listen(t.app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => http(base, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));

    const working = [];
    for (const answer of answers) {
      const profile = await call(t.app, 'GET', '/api/auth/profile', { token: answer.body.token });
      if (profile.status === 200) working.push(answer);
      else expect(profile.body).toEqual(REVOKED);
    }
    expect(working).toHaveLength(3);
    expect(await activeSessionsInDatabase(t, email)).toBe(3);
  });
});

describe('MAX_SESSIONS_PER_USER=1', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { MAX_SESSIONS_PER_USER: '1' } });
  });

  afterAll(async () => t.close());

  it('signing in again ends the previous session', async () => {
    const email = await registered(t.app, uniqueEmail('single'));
    const first = await signIn(t, email);
    const second = await signIn(t, email);
    expect((await call(t.app, 'GET', '/api/auth/profile', { token: first.token })).body).toEqual(REVOKED);
    expect((await call(t.app, 'GET', '/api/auth/profile', { token: second.token })).status).toBe(200);
  });
});

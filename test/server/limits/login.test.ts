/**
 * Login limits, counted in the database before the password is checked: LOGIN_MAX_ATTEMPTS per e-mail + client
 * IP and LOGIN_MAX_ATTEMPTS_PER_IP per client IP across accounts, both per 15 minutes.
 */
import * as passwords from '../../../server/src/auth/passwords';
import { uniqueEmail } from '../helpers/http';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { counterRows, from, PASSWORD, registered, TOO_MANY_LOGINS } from './helpers';

const WINDOW_MS = 15 * 60 * 1000;
const login = (t: TestApp, ip: string, email: string, password: string) => from(t.app, ip, 'POST', '/api/auth/login', { email, password });

afterEach(() => jest.restoreAllMocks());

describe('LOGIN_MAX_ATTEMPTS: attempts per e-mail + client IP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { LOGIN_MAX_ATTEMPTS: '4', LOGIN_MAX_ATTEMPTS_PER_IP: '1000' } });
  });

  afterAll(async () => t.close());

  it('after LOGIN_MAX_ATTEMPTS wrong passwords the next attempt is 429 with Retry-After, and its password is never checked', async () => {
    const email = await registered(t.app, uniqueEmail('victim'));
    const verify = jest.spyOn(passwords, 'verifyPassword');

    for (let i = 0; i < 4; i += 1) {
      const answer = await login(t, '198.51.100.1', email, `wrong-${i}`);
      expect(answer).toMatchObject({ status: 401, body: { message: 'Password is incorrect', success: false } });
    }
    const refused = await login(t, '198.51.100.1', email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY_LOGINS);
    expect(refused.retryAfter).toBe('900');
    expect(verify).toHaveBeenCalledTimes(4);

    // Retry-After counts down to the end of the window; then the account can be signed in to again.
    t.clock.advance(10 * 60 * 1000);
    expect((await login(t, '198.51.100.1', email, PASSWORD)).retryAfter).toBe('300');
    t.clock.advance(5 * 60 * 1000);
    expect((await login(t, '198.51.100.1', email, PASSWORD)).status).toBe(200);
  });

  it('counts each client IP separately', async () => {
    const email = await registered(t.app, uniqueEmail('victim'));
    for (let i = 0; i < 4; i += 1) await login(t, '198.51.100.2', email, 'wrong');
    expect((await login(t, '198.51.100.2', email, PASSWORD)).status).toBe(429);
    expect((await login(t, '198.51.100.3', email, PASSWORD)).status).toBe(200);
  });

  it('counts the e-mail case-insensitively and unknown e-mails too', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 4; i += 1) {
      expect((await login(t, '198.51.100.4', i % 2 ? email.toUpperCase() : email, 'x')).body.message).toBe('Email not found');
    }
    expect((await login(t, '198.51.100.4', ` ${email.toUpperCase()} `, 'x')).body).toEqual(TOO_MANY_LOGINS);
  });

  it('a successful login clears that e-mail + IP counter (the successful attempt itself is not held against it)', async () => {
    const email = await registered(t.app, uniqueEmail('victim'));
    for (let i = 0; i < 3; i += 1) expect((await login(t, '198.51.100.5', email, 'wrong')).status).toBe(401);
    expect((await login(t, '198.51.100.5', email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(t, '198.51.100.5', email, 'wrong')).status).toBe(401);
    expect((await login(t, '198.51.100.5', email, PASSWORD)).status).toBe(429);
  });
});

describe('LOGIN_MAX_ATTEMPTS_PER_IP: attempts per client IP across accounts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { LOGIN_MAX_ATTEMPTS: '4', LOGIN_MAX_ATTEMPTS_PER_IP: '6' } });
  });

  afterAll(async () => t.close());

  it('refuses the attempt after LOGIN_MAX_ATTEMPTS_PER_IP, whatever the account, until the window ends', async () => {
    const email = await registered(t.app, uniqueEmail('victim'));
    const verify = jest.spyOn(passwords, 'verifyPassword');
    for (let i = 0; i < 6; i += 1) {
      expect((await login(t, '203.0.113.1', uniqueEmail('guess'), 'x')).body.message).toBe('Email not found');
    }
    const refused = await login(t, '203.0.113.1', email, PASSWORD);
    expect(refused).toEqual({ status: 429, body: TOO_MANY_LOGINS, retryAfter: '900' });
    expect(verify).not.toHaveBeenCalled();

    expect((await login(t, '203.0.113.2', email, PASSWORD)).status).toBe(200);
    t.clock.advance(WINDOW_MS);
    expect((await login(t, '203.0.113.1', email, PASSWORD)).status).toBe(200);
  });

  it('successful logins count too (it limits attempts, not failures)', async () => {
    const email = await registered(t.app, uniqueEmail('regular'));
    for (let i = 0; i < 6; i += 1) expect((await login(t, '203.0.113.3', email, PASSWORD)).status).toBe(200);
    expect((await login(t, '203.0.113.3', email, PASSWORD)).body).toEqual(TOO_MANY_LOGINS);
  });
});

describe('a flood of made-up e-mails', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { LOGIN_MAX_ATTEMPTS: '4', LOGIN_MAX_ATTEMPTS_PER_IP: '20' } });
  });

  afterAll(async () => t.close());

  it('from one address is stopped by the per-IP limit first and creates no more than LOGIN_MAX_ATTEMPTS_PER_IP account counters', async () => {
    const answers = [];
    for (let i = 0; i < 200; i += 1) answers.push(await login(t, '192.0.2.10', uniqueEmail('flood'), 'x'));
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(20);
    expect(answers.slice(20).every((answer) => answer.status === 429)).toBe(true);
    expect(await counterRows(t.app, 'login-account')).toBe(20);
    expect(await counterRows(t.app, 'login-ip')).toBe(1);
  });

  it('from many addresses does not reset the counter of the account under attack', async () => {
    const victim = await registered(t.app, uniqueEmail('victim'));
    for (let i = 0; i < 3; i += 1) expect((await login(t, '192.0.2.20', victim, 'wrong')).status).toBe(401);

    for (let i = 0; i < 600; i += 1) {
      const answer = await login(t, `10.${Math.floor(i / 250)}.${i % 250}.1`, uniqueEmail('flood'), 'x');
      expect(answer.status).toBe(401);
    }
    expect(await counterRows(t.app, 'login-account')).toBeGreaterThan(600);

    expect((await login(t, '192.0.2.20', victim, 'wrong')).status).toBe(401);
    expect((await login(t, '192.0.2.20', victim, PASSWORD)).body).toEqual(TOO_MANY_LOGINS);
  });

  it('keeps the table bounded: counters go when their window ends, not before', async () => {
    const victim = await registered(t.app, uniqueEmail('victim'));
    t.clock.advance(WINDOW_MS); // every counter so far has ended
    for (let i = 0; i < 4; i += 1) await login(t, '192.0.2.30', victim, 'wrong');
    t.clock.advance(WINDOW_MS / 2);

    await t.app.rateLimits.purge();
    // Left: the victim's two counters (login per IP, per account), whose window has half to run.
    expect(await counterRows(t.app, 'login-account')).toBe(1);
    expect(await counterRows(t.app, 'login-ip')).toBe(1);
    expect((await login(t, '192.0.2.30', victim, PASSWORD)).retryAfter).toBe('450');

    t.clock.advance(WINDOW_MS / 2);
    await t.app.rateLimits.purge();
    expect(await counterRows(t.app, 'login-account')).toBe(0);
    expect(await counterRows(t.app, 'login-ip')).toBe(0);
  });
});

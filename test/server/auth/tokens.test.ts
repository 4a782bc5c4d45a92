import { SignJWT } from 'jose';
import { call, registerCustomer } from '../helpers/http';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { ACCESS_TOKEN_TTL: '15m', REFRESH_TOKEN_TTL: '7d', REFRESH_REUSE_LEEWAY: '10s' } });
});

afterAll(async () => {
  await t.close();
});

const profile = (token?: string, headers?: Record<string, string>) => call(t.app, 'GET', '/api/auth/profile', { token, headers });
const refresh = (refreshToken: string) => call(t.app, 'POST', '/api/auth/refresh-token', { body: { refreshToken } });
const INVALID_REFRESH = { message: 'Invalid or expired refresh token', success: false };

function signWithTestSecret(claims: Record<string, unknown>, expiresAt: number, secret = TEST_JWT_SECRET): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(expiresAt - 900)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

describe('access tokens', () => {
  it('carry sub, email, roles, sid and exp (HS256), and open GET /api/auth/profile', async () => {
    const user = await registerCustomer(t.app);
    const [header, payload] = user.token.split('.').slice(0, 2).map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: user.id, email: user.email, roles: ['CUSTOMER'], sid: expect.any(String) });
    expect(payload.exp - payload.iat).toBe(15 * 60);

    const response = await profile(user.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      phoneNumber: user.credentials.phoneNumber,
      address: user.credentials.address,
      roles: ['CUSTOMER'],
      role: 'CUSTOMER',
      isActive: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      emailNotifications: true,
      // Registered with a password: unverified until the link sent to the address is opened (test/server/account).
      emailVerified: false,
    });
  });

  it('missing → 401 "Authentication required"', async () => {
    expect(await profile()).toMatchObject({ status: 401, body: { message: 'Authentication required', success: false } });
    expect(await profile(undefined, { authorization: 'Basic dXNlcjpwYXNz' })).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
  });

  it('malformed or badly signed → 401 "Invalid JWT token"', async () => {
    const user = await registerCustomer(t.app);
    const [claims] = [JSON.parse(Buffer.from(user.token.split('.')[1], 'base64url').toString())];
    const forged = await signWithTestSecret(claims, claims.exp, 'some-other-secret-that-is-long-enough-000');
    const noneAlg = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${user.token.split('.')[1]}.`;
    for (const token of ['garbage', `${user.token}x`, forged, noneAlg]) {
      expect(await profile(token)).toMatchObject({ status: 401, body: { message: 'Invalid JWT token', success: false } });
    }
  });

  it('expired → 401 "JWT token has expired" (signed with the test secret)', async () => {
    const user = await registerCustomer(t.app);
    const claims = JSON.parse(Buffer.from(user.token.split('.')[1], 'base64url').toString());
    const expired = await signWithTestSecret({ email: claims.email, roles: claims.roles, sid: claims.sid, sub: claims.sub }, Math.floor(t.clock.now() / 1000) - 60);
    expect(await profile(expired)).toMatchObject({ status: 401, body: { message: 'JWT token has expired', success: false } });
  });

  it('expire after ACCESS_TOKEN_TTL; the refresh token still works', async () => {
    const user = await registerCustomer(t.app);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect(await profile(user.token)).toMatchObject({ status: 401, body: { message: 'JWT token has expired' } });
    const renewed = await refresh(user.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await profile(renewed.body.token)).status).toBe(200);
  });

  it('a token for a session that does not exist is invalid', async () => {
    const user = await registerCustomer(t.app);
    const exp = Math.floor(t.clock.now() / 1000) + 600;
    const orphan = await signWithTestSecret({ sub: user.id, email: user.email, roles: ['CUSTOMER'], sid: '00000000-0000-4000-8000-000000000000' }, exp);
    const badSid = await signWithTestSecret({ sub: user.id, email: user.email, roles: ['CUSTOMER'], sid: "x' OR 1=1 --" }, exp);
    expect(await profile(orphan)).toMatchObject({ status: 401, body: { message: 'Invalid JWT token' } });
    expect(await profile(badSid)).toMatchObject({ status: 401, body: { message: 'Invalid JWT token' } });
  });
});

describe('POST /api/auth/refresh-token (rotation)', () => {
  it('spends the token and issues a new pair in the same session', async () => {
    const user = await registerCustomer(t.app);
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ token: expect.any(String), refreshToken: expect.any(String) });
    expect(first.body.refreshToken).not.toBe(user.refreshToken);
    expect((await profile(first.body.token)).status).toBe(200);

    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
    const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
    expect(sid(second.body.token)).toBe(sid(user.token));
  });

  it('stores refresh tokens only as SHA-256 hashes', async () => {
    const user = await registerCustomer(t.app);
    const rows = await t.app.db.selectFrom('refresh_tokens').select(['token_hash']).execute();
    expect(rows.some((row) => row.token_hash === user.refreshToken)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    const { createHash } = await import('node:crypto');
    expect(rows.some((row) => row.token_hash === createHash('sha256').update(user.refreshToken).digest('hex'))).toBe(true);
  });

  it('gives back the same successor pair when a spent token is presented within the leeway', async () => {
    const user = await registerCustomer(t.app);
    const first = await refresh(user.refreshToken);
    t.clock.advance(5_000);
    const again = await refresh(user.refreshToken);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await refresh(first.body.refreshToken)).status).toBe(200);
  });

  it('gives two racing tabs the same pair', async () => {
    const user = await registerCustomer(t.app);
    const [a, b] = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
  });

  it('treats reuse after the leeway as theft: the whole session is revoked', async () => {
    const user = await registerCustomer(t.app);
    const successor = await refresh(user.refreshToken);
    t.clock.advance(10_001);
    const reuse = await refresh(user.refreshToken);
    expect(reuse).toMatchObject({ status: 401, body: INVALID_REFRESH });
    expect(await refresh(successor.body.refreshToken)).toMatchObject({ status: 401, body: INVALID_REFRESH });
    expect(await profile(successor.body.token)).toMatchObject({ status: 401, body: { message: 'Session has been revoked. Invalid token' } });
    expect(await profile(user.token)).toMatchObject({ status: 401 });
  });

  it('keeps the successor box unreadable without the spent token', async () => {
    const user = await registerCustomer(t.app);
    const successor = await refresh(user.refreshToken);
    const rows = await t.app.db.selectFrom('refresh_tokens').select(['successor_pair']).where('successor_pair', 'is not', null).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.successor_pair).not.toContain(successor.body.refreshToken);
      expect(row.successor_pair).not.toContain(successor.body.token.split('.')[1]);
    }
  });

  it('refuses unknown, empty and missing tokens', async () => {
    expect(await refresh('not-a-real-token')).toMatchObject({ status: 401, body: INVALID_REFRESH });
    expect(await refresh('')).toMatchObject({ status: 400, body: { message: 'Refresh token is required', success: false, errors: { refreshToken: 'Refresh token is required' } } });
    expect(await call(t.app, 'POST', '/api/auth/refresh-token', { body: {} })).toMatchObject({ status: 400 });
  });

  it('never extends the session: after REFRESH_TOKEN_TTL the chain ends', async () => {
    const user = await registerCustomer(t.app);
    let current = user.refreshToken;
    for (let day = 0; day < 6; day += 1) {
      t.clock.advance(24 * 3600 * 1000);
      const next = await refresh(current);
      expect(next.status).toBe(200);
      current = next.body.refreshToken;
    }
    t.clock.advance(24 * 3600 * 1000);
    expect(await refresh(current)).toMatchObject({ status: 401, body: INVALID_REFRESH });
  });
});

describe('POST /api/auth/rotate-refresh-token', () => {
  it('answers {refreshToken, message} and spends the old token', async () => {
    const user = await registerCustomer(t.app);
    const rotated = await call(t.app, 'POST', '/api/auth/rotate-refresh-token', { body: { refreshToken: user.refreshToken } });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ refreshToken: expect.any(String), message: 'Refresh token rotated successfully' });
    expect((await refresh(rotated.body.refreshToken)).status).toBe(200);
    t.clock.advance(11_000);
    expect(await refresh(user.refreshToken)).toMatchObject({ status: 401, body: INVALID_REFRESH });
  });

  it('refuses an unknown token', async () => {
    const response = await call(t.app, 'POST', '/api/auth/rotate-refresh-token', { body: { refreshToken: 'nope' } });
    expect(response).toMatchObject({ status: 401, body: INVALID_REFRESH });
  });
});

describe('logout', () => {
  it('POST /api/auth/logout revokes the session: access and refresh tokens stop working at once', async () => {
    const user = await registerCustomer(t.app);
    const response = await call(t.app, 'POST', '/api/auth/logout', { token: user.token, body: { refreshToken: user.refreshToken } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ message: 'Logged out successfully' });
    expect(await profile(user.token)).toMatchObject({ status: 401, body: { message: 'Session has been revoked. Invalid token' } });
    expect(await refresh(user.refreshToken)).toMatchObject({ status: 401, body: INVALID_REFRESH });
  });

  it('works with only the refresh token (e.g. the access token already expired)', async () => {
    const user = await registerCustomer(t.app);
    expect((await call(t.app, 'POST', '/api/auth/logout', { body: { refreshToken: user.refreshToken } })).status).toBe(200);
    expect((await profile(user.token)).status).toBe(401);
  });

  it('works with only the access token, and with an empty body', async () => {
    const user = await registerCustomer(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(401);
  });

  it('is harmless without any token, or with a bad one', async () => {
    expect((await call(t.app, 'POST', '/api/auth/logout')).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/logout', { token: 'garbage', body: { refreshToken: 'unknown' } })).status).toBe(200);
  });

  it('only ends the session it names', async () => {
    const user = await registerCustomer(t.app);
    const other = await call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.credentials.password } });
    await call(t.app, 'POST', '/api/auth/logout', { token: user.token, body: { refreshToken: user.refreshToken } });
    expect((await profile(other.body.token)).status).toBe(200);
  });

  it('POST /api/auth/logout-all revokes every session of the user, not other users', async () => {
    const user = await registerCustomer(t.app);
    const bystander = await registerCustomer(t.app);
    const second = await call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.credentials.password } });
    const response = await call(t.app, 'POST', '/api/auth/logout-all', { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ message: expect.stringMatching(/logged out/i) });
    for (const token of [user.token, second.body.token]) expect((await profile(token)).status).toBe(401);
    for (const refreshToken of [user.refreshToken, second.body.refreshToken]) expect((await refresh(refreshToken)).status).toBe(401);
    expect((await profile(bystander.token)).status).toBe(200);
  });

  it('logout-all needs authentication', async () => {
    expect(await call(t.app, 'POST', '/api/auth/logout-all')).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
  });
});

describe('GET /api/auth/active-sessions', () => {
  it('lists live sessions and marks the current one', async () => {
    const user = await registerCustomer(t.app);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': 'CarCare phone' },
      payload: { email: user.email, password: user.credentials.password },
    });
    const ended = await call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.credentials.password } });
    await call(t.app, 'POST', '/api/auth/logout', { token: ended.body.token });

    const response = await call(t.app, 'GET', '/api/auth/active-sessions', { token: phone.json().token });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    expect(response.body).toEqual(
      expect.arrayContaining([
        { id: expect.any(String), deviceInfo: 'CarCare phone', createdAt: expect.any(String), lastUsedAt: expect.any(String), current: true },
        { id: expect.any(String), deviceInfo: expect.any(String), createdAt: expect.any(String), lastUsedAt: expect.any(String), current: false },
      ]),
    );
  });

  it('needs authentication', async () => {
    expect((await call(t.app, 'GET', '/api/auth/active-sessions')).status).toBe(401);
  });
});

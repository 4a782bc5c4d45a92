import { decodeJwt, SignJWT } from 'jose';
import { call, registerCustomer } from '../helpers/http';
import { startTestApp, type TestApp } from '../helpers/testApp';

/** POST /api/auth/logout ends the session its access token names — even once that token has expired. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { ACCESS_TOKEN_TTL: '15m', REFRESH_TOKEN_TTL: '7d' } });
});

afterAll(async () => {
  await t.close();
});

const SIXTEEN_MINUTES = 16 * 60 * 1000;
const logout = (token: string) => call(t.app, 'POST', '/api/auth/logout', { token });
const refresh = (refreshToken: string) => call(t.app, 'POST', '/api/auth/refresh-token', { body: { refreshToken } });

describe('POST /api/auth/logout with an expired access token and no refresh token', () => {
  it('revokes that session: its refresh token no longer refreshes', async () => {
    const ada = await registerCustomer(t.app);
    t.clock.advance(SIXTEEN_MINUTES);
    expect(await call(t.app, 'GET', '/api/auth/profile', { token: ada.token })).toMatchObject({ status: 401, body: { message: 'JWT token has expired' } });

    expect(await logout(ada.token)).toMatchObject({ status: 200, body: { message: 'Logged out successfully', success: true } });

    expect(await refresh(ada.refreshToken)).toMatchObject({ status: 401, body: { message: 'Invalid or expired refresh token', success: false } });
  });

  it('revokes only that session: the user’s other sign-ins keep working', async () => {
    const ada = await registerCustomer(t.app);
    const other = await call(t.app, 'POST', '/api/auth/login', { body: { email: ada.email, password: ada.credentials.password } });
    t.clock.advance(SIXTEEN_MINUTES);
    await logout(ada.token);
    expect((await refresh(ada.refreshToken)).status).toBe(401);
    expect((await refresh(other.body.refreshToken)).status).toBe(200);
  });

  it('a token with a forged signature revokes nothing', async () => {
    const ada = await registerCustomer(t.app);
    const claims = decodeJwt(ada.token);
    const forged = await new SignJWT({ email: claims.email, roles: claims.roles, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuedAt(Number(claims.iat))
      .setExpirationTime(Number(claims.exp))
      .sign(new TextEncoder().encode('not-the-server-secret-0123456789-abcdefghij'));
    t.clock.advance(SIXTEEN_MINUTES);

    expect(await logout(forged)).toMatchObject({ status: 200, body: { message: 'Logged out successfully', success: true } });
    // Also the real token's header and payload with the signature cut off.
    const [header, payload] = ada.token.split('.');
    expect((await logout(`${header}.${payload}.`)).status).toBe(200);

    expect((await refresh(ada.refreshToken)).status).toBe(200);
  });

  it('a live access token still ends its session, as before', async () => {
    const ada = await registerCustomer(t.app);
    expect((await logout(ada.token)).status).toBe(200);
    expect(await call(t.app, 'GET', '/api/auth/profile', { token: ada.token })).toMatchObject({ status: 401, body: { message: 'Session has been revoked. Invalid token' } });
    expect((await refresh(ada.refreshToken)).status).toBe(401);
  });
});

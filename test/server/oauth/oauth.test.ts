import { call } from '../helpers/http';
import { browse, CLIENT_ID, CLIENT_SECRET, CookieJar, follow, freePort, type RunningProvider, startOidcProvider } from '../helpers/oidcProvider';
import { startTestApp, type TestApp } from '../helpers/testApp';

const APP_URL = 'http://app.test';
const CALLBACK = `${APP_URL}/oauth/callback`;

let provider: RunningProvider;
let t: TestApp;
let api: string;

beforeAll(async () => {
  const providerPort = await freePort();
  t = await startTestApp({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_ISSUER: `http://127.0.0.1:${providerPort}`, APP_URL },
  });
  api = await t.app.listen({ port: 0, host: '127.0.0.1' });
  provider = await startOidcProvider(providerPort, `${api}/api/login/oauth2/code/google`);
});

afterAll(async () => {
  await provider?.stop();
  await t?.close();
});

interface Account {
  sub: string;
  email: string;
  name?: string;
  email_verified?: string;
}

/** Browser: click "Continue with Google" and arrive at the provider's login page. */
async function openLoginPage(jar: CookieJar): Promise<{ interactionUrl: string; authorizationUrl: URL }> {
  const start = await browse(jar, `${api}/api/oauth2/authorization/google`);
  expect(start.response.status).toBe(302);
  const authorizationUrl = new URL(start.response.headers.get('location') as string);
  const { last } = await follow(jar, authorizationUrl.href, CALLBACK);
  expect(last.response.status).toBe(200);
  expect(last.url).toMatch(/\/interaction\//);
  return { interactionUrl: last.url, authorizationUrl };
}

/** Browser: submit the provider's login form; returns the provider's redirect back to the API (not yet followed). */
async function submitLogin(jar: CookieJar, interactionUrl: string, account: Account): Promise<string> {
  const posted = await browse(jar, `${interactionUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...account }).toString(),
  });
  const { next } = await follow(jar, new URL(posted.response.headers.get('location') as string, interactionUrl).href, `${api}/api/login/oauth2/code/google`);
  expect(next).not.toBeNull();
  return next as string;
}

/** Browser: let the API finish; returns where it sends the SPA. */
async function finish(jar: CookieJar, callbackUrl: string): Promise<URL> {
  const hop = await browse(jar, callbackUrl);
  expect(hop.response.status).toBe(302);
  return new URL(hop.response.headers.get('location') as string);
}

async function signIn(account: Account): Promise<URL> {
  const jar = new CookieJar();
  const { interactionUrl } = await openLoginPage(jar);
  return finish(jar, await submitLogin(jar, interactionUrl, account));
}

let counter = 0;
function account(overrides: Partial<Account> = {}): Account {
  counter += 1;
  return { sub: `google-${Date.now()}-${counter}`, email: `driver${counter}.${Date.now()}@gmail.test`, name: 'Dana Driver', ...overrides };
}

describe('Google sign-in (OpenID Connect, against a local provider)', () => {
  it('redirects to the provider with code + PKCE S256 + state + nonce, and keeps the state in an HttpOnly cookie', async () => {
    const jar = new CookieJar();
    const start = await browse(jar, `${api}/api/oauth2/authorization/google`);
    expect(start.response.status).toBe(302);
    const url = new URL(start.response.headers.get('location') as string);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${api}/api/login/oauth2/code/google`,
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    const cookie = start.response.headers.getSetCookie()[0];
    expect(cookie).toMatch(/^carcare_oauth_state=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/login\/oauth2\/code\/google/);
    // The cookie is sealed: the PKCE verifier is not readable in it.
    expect(cookie).not.toMatch(/codeVerifier/);
  });

  it('creates a CUSTOMER with an empty phone and hands the SPA tokens that work', async () => {
    const who = account({ name: 'Dana Driver' });
    const landing = await signIn(who);
    expect(`${landing.origin}${landing.pathname}`).toBe(CALLBACK);
    const token = landing.searchParams.get('token') as string;
    const refreshToken = landing.searchParams.get('refreshToken') as string;
    expect(token).toBeTruthy();
    expect(refreshToken).toBeTruthy();

    const profile = await call(t.app, 'GET', '/api/auth/profile', { token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email: who.email, fullName: 'Dana Driver', phoneNumber: '', address: '', role: 'CUSTOMER', roles: ['CUSTOMER'] });
    const renewed = await call(t.app, 'POST', '/api/auth/refresh-token', { body: { refreshToken } });
    expect(renewed.status).toBe(200);

    const row = await t.app.db.selectFrom('users').select(['password_hash', 'google_sub']).where('email', '=', who.email).executeTakeFirstOrThrow();
    expect(row).toEqual({ password_hash: null, google_sub: who.sub });

    // No password was ever set: password sign-in explains how this account signs in.
    const login = await call(t.app, 'POST', '/api/auth/login', { body: { email: who.email, password: 'anything-at-all' } });
    expect(login).toMatchObject({ status: 401, body: { message: 'This account signs in with Google. Use Continue with Google.' } });
  });

  it('signs the same Google account into the same user next time', async () => {
    const who = account();
    const first = await signIn(who);
    const second = await signIn({ ...who, name: 'Renamed' });
    const idOf = async (landing: URL) => (await call(t.app, 'GET', '/api/auth/profile', { token: landing.searchParams.get('token') as string })).body.id;
    const firstId = await idOf(first);
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await idOf(second)).toBe(firstId);
    const rows = await t.app.db.selectFrom('users').select('id').where('google_sub', '=', who.sub).execute();
    expect(rows).toHaveLength(1);
  });

  it('links a verified Google email to an existing password account', async () => {
    const who = account();
    const registered = await call(t.app, 'POST', '/api/auth/register/customer', {
      body: { email: who.email, password: 'password-123', fullName: 'Pat Password', phoneNumber: '555', address: '' },
    });
    const landing = await signIn(who);
    const profile = await call(t.app, 'GET', '/api/auth/profile', { token: landing.searchParams.get('token') as string });
    expect(profile.body).toMatchObject({ id: registered.body.id, phoneNumber: '555' });
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: who.email, password: 'password-123' } })).status).toBe(200);
  });

  it('refuses an unverified email', async () => {
    const landing = await signIn(account({ email_verified: 'false' }));
    expect(landing.searchParams.get('token')).toBeNull();
    expect(landing.searchParams.get('error')).toBe('Your Google account email address is not verified.');
  });

  it('state mismatch → back to the SPA with an error, no tokens', async () => {
    const jar = new CookieJar();
    const { interactionUrl } = await openLoginPage(jar);
    const callback = new URL(await submitLogin(jar, interactionUrl, account()));
    callback.searchParams.set('state', 'forged-state');
    const landing = await finish(jar, callback.href);
    expect(`${landing.origin}${landing.pathname}`).toBe(CALLBACK);
    expect(landing.searchParams.get('token')).toBeNull();
    expect(landing.searchParams.get('error')).toBe('Sign-in could not be verified (state mismatch). Please try again.');
    expect(landing.href).toContain('error=Sign-in%20could%20not%20be%20verified');
  });

  it('the provider reporting an error (user cancelled) → error redirect', async () => {
    const jar = new CookieJar();
    const { interactionUrl } = await openLoginPage(jar);
    const aborted = await browse(jar, `${interactionUrl}/abort`, { method: 'POST' });
    const { next } = await follow(jar, new URL(aborted.response.headers.get('location') as string, interactionUrl).href, `${api}/api/login/oauth2/code/google`);
    expect(new URL(next as string).searchParams.get('error')).toBe('access_denied');
    const landing = await finish(jar, next as string);
    expect(landing.searchParams.get('error')).toBe('Google sign-in was cancelled.');
  });

  it('a callback without the state cookie (another browser, or replayed) → error redirect', async () => {
    const jar = new CookieJar();
    const { interactionUrl } = await openLoginPage(jar);
    const callback = await submitLogin(jar, interactionUrl, account());
    const elsewhere = await finish(new CookieJar(), callback);
    expect(elsewhere.searchParams.get('error')).toMatch(/expired or was started in another browser/);

    // The real browser still succeeds once; the state cookie is then cleared, so a replay fails.
    expect((await finish(jar, callback)).searchParams.get('token')).toBeTruthy();
    expect(jar.has(api, 'carcare_oauth_state')).toBe(false);
    expect((await finish(jar, callback)).searchParams.get('error')).toBeTruthy();
  });

  it('a forged code (right state) or an odd provider error never signs anyone in', async () => {
    const jar = new CookieJar();
    const { authorizationUrl } = await openLoginPage(jar);
    const state = authorizationUrl.searchParams.get('state') as string;
    const forgedCode = await finish(jar, `${api}/api/login/oauth2/code/google?code=forged&state=${state}&iss=${encodeURIComponent(provider.issuer)}`);
    expect(forgedCode.searchParams.get('token')).toBeNull();
    expect(forgedCode.searchParams.get('error')).toBe('Google sign-in failed. Please try again.');
    const weird = await finish(new CookieJar(), `${api}/api/login/oauth2/code/google?error=%3Cscript%3E`);
    expect(weird.searchParams.get('error')).toBe('Google sign-in failed. Please try again.');
  });
});

describe('Google sign-in not available', () => {
  it('provider unreachable → error redirect, not a 500', async () => {
    const closedPort = await freePort();
    const broken = await startTestApp({
      env: { APP_URL, GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y', GOOGLE_ISSUER: `http://127.0.0.1:${closedPort}` },
    });
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/api/oauth2/authorization/google' });
      expect(response.statusCode).toBe(302);
      expect(new URL(response.headers.location as string).searchParams.get('error')).toBe('Google sign-in is unavailable right now. Please try again later.');
    } finally {
      await broken.close();
    }
  });
});

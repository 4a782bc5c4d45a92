import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { ACCOUNT_MESSAGES } from '../../../server/src/contract/account';
import { OAuthCodes } from '../../../server/src/oauth/codes';
import { settled, tokenSentTo, verifyEmail } from '../account/helpers';
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
/** `origin`: where the browser reaches the API (this file's server, or a proxy in front of it). */
async function openLoginPage(jar: CookieJar, origin = api): Promise<{ interactionUrl: string; authorizationUrl: URL }> {
  const start = await browse(jar, `${origin}/api/oauth2/authorization/google`);
  expect(start.response.status).toBe(302);
  const authorizationUrl = new URL(start.response.headers.get('location') as string);
  const { last } = await follow(jar, authorizationUrl.href, CALLBACK);
  expect(last.response.status).toBe(200);
  expect(last.url).toMatch(/\/interaction\//);
  return { interactionUrl: last.url, authorizationUrl };
}

/** Browser: submit the provider's login form; returns the provider's redirect back to the API (not yet followed). */
async function submitLogin(jar: CookieJar, interactionUrl: string, account: Account, origin = api): Promise<string> {
  const posted = await browse(jar, `${interactionUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...account }).toString(),
  });
  const { next } = await follow(jar, new URL(posted.response.headers.get('location') as string, interactionUrl).href, `${origin}/api/login/oauth2/code/google`);
  expect(next).not.toBeNull();
  return next as string;
}

/** Browser: let the API finish; returns where it sends the SPA. */
async function finish(jar: CookieJar, callbackUrl: string): Promise<URL> {
  const hop = await browse(jar, callbackUrl);
  expect(hop.response.status).toBe(302);
  return new URL(hop.response.headers.get('location') as string);
}

/** Browser: the whole flow up to the SPA's callback URL; the jar then holds the binding cookie. */
async function arriveAtSpa(account: Account, jar = new CookieJar()): Promise<{ landing: URL; jar: CookieJar }> {
  const { interactionUrl } = await openLoginPage(jar);
  return { landing: await finish(jar, await submitLogin(jar, interactionUrl, account)), jar };
}

const EXCHANGE = '/api/auth/oauth/exchange';
const LINK_INVALID = { message: 'Sign-in link is invalid or has expired. Please sign in again.', success: false };

interface Exchanged {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer is asserted field by field
  body: any;
  response: Response;
}

/** The SPA's callback page: POST the code from the page's origin, with whatever cookies this browser holds. */
async function exchange(jar: CookieJar, code: string | null, origin = api): Promise<Exchanged> {
  const { response } = await browse(jar, `${origin}${EXCHANGE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, body: await response.json(), response };
}

/** Google sign-in as the SPA completes it: the flow, then the code exchanged for the login answer. */
async function signIn(account: Account): Promise<{ token: string; refreshToken: string; id: string }> {
  const { landing, jar } = await arriveAtSpa(account);
  const answer = await exchange(jar, landing.searchParams.get('code'));
  expect(answer.status).toBe(200);
  return answer.body;
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

  it('creates a CUSTOMER with an empty phone; the code it hands the SPA is exchanged for tokens that work', async () => {
    const who = account({ name: 'Dana Driver' });
    const { landing, jar } = await arriveAtSpa(who);
    expect(`${landing.origin}${landing.pathname}`).toBe(CALLBACK);
    const code = landing.searchParams.get('code') as string;
    const answer = await exchange(jar, code);
    expect(answer.status).toBe(200);
    const { token, refreshToken } = answer.body;
    const user = await t.app.db.selectFrom('users').select(['id', 'password_hash', 'google_sub']).where('email', '=', who.email).executeTakeFirstOrThrow();
    expect(answer.body).toEqual({ token: expect.any(String), refreshToken: expect.any(String), type: 'Bearer', id: user.id, email: who.email, fullName: 'Dana Driver', roles: ['CUSTOMER'] });

    const profile = await call(t.app, 'GET', '/api/auth/profile', { token });
    expect(profile.status).toBe(200);
    // Google vouched for the address: the new account is verified.
    expect(profile.body).toMatchObject({ email: who.email, fullName: 'Dana Driver', phoneNumber: '', address: '', role: 'CUSTOMER', roles: ['CUSTOMER'], emailVerified: true });
    const renewed = await call(t.app, 'POST', '/api/auth/refresh-token', { body: { refreshToken } });
    expect(renewed.status).toBe(200);

    expect({ password_hash: user.password_hash, google_sub: user.google_sub }).toEqual({ password_hash: null, google_sub: who.sub });

    // No password was ever set: password sign-in explains how this account signs in.
    const login = await call(t.app, 'POST', '/api/auth/login', { body: { email: who.email, password: 'anything-at-all' } });
    expect(login).toMatchObject({ status: 401, body: { message: 'This account signs in with Google. Use Continue with Google.' } });
  });

  it('signs the same Google account into the same user next time', async () => {
    const who = account();
    const first = await signIn(who);
    const second = await signIn({ ...who, name: 'Renamed' });
    const idOf = async ({ token }: { token: string }) => (await call(t.app, 'GET', '/api/auth/profile', { token })).body.id;
    const firstId = await idOf(first);
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await idOf(second)).toBe(firstId);
    const rows = await t.app.db.selectFrom('users').select('id').where('google_sub', '=', who.sub).execute();
    expect(rows).toHaveLength(1);
  });

  it('links a verified Google email to an existing password account whose address is verified', async () => {
    const who = account();
    const registered = await call(t.app, 'POST', '/api/auth/register/customer', {
      body: { email: who.email, password: 'password-123', fullName: 'Pat Password', phoneNumber: '555', address: '' },
    });
    await verifyEmail(t.app, who.email);
    const { token } = await signIn(who);
    const profile = await call(t.app, 'GET', '/api/auth/profile', { token });
    expect(profile.body).toMatchObject({ id: registered.body.id, phoneNumber: '555', emailVerified: true });
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: who.email, password: 'password-123' } })).status).toBe(200);
  });

  it('pre-account takeover: an unverified password account with the address is refused, and stays unlinked', async () => {
    const victim = account({ name: 'Vera Victim' });
    // 1. The attacker registers the victim's address with a password of their own (nobody verifies it).
    const attacker = await call(t.app, 'POST', '/api/auth/register/customer', {
      body: { email: victim.email, password: 'attacker-pass-1', fullName: 'Mallory', phoneNumber: '555-0666', address: '' },
    });
    expect(attacker.status).toBe(201);
    // 2. The victim later signs in with Google: refused with the message the SPA shows on /oauth/callback.
    const { landing, jar } = await arriveAtSpa(victim);
    expect(`${landing.origin}${landing.pathname}`).toBe(CALLBACK);
    expect(landing.searchParams.get('code')).toBeNull();
    expect(landing.searchParams.get('error')).toBe(ACCOUNT_MESSAGES.googleUnverified);
    expect(jar.has(api, 'carcare_oauth_binding')).toBe(false);
    // 3. The attacker's account is not linked, and no second account was made for the address.
    const rows = await t.app.db.selectFrom('users').select(['id', 'google_sub', 'email_verified_at']).where('email', '=', victim.email).execute();
    expect(rows).toEqual([{ id: attacker.body.id, google_sub: null, email_verified_at: null }]);
    expect(await t.app.db.selectFrom('users').select('id').where('google_sub', '=', victim.sub).execute()).toEqual([]);

    // The address's owner takes the account back with a password reset (the link reaches only them): every session
    // of the attacker ends, their password stops working, the address is verified, and Google now links.
    expect((await call(t.app, 'POST', '/api/account/password/forgot', { body: { email: victim.email } })).status).toBe(202);
    await settled(t.app);
    const token = await tokenSentTo(t.app, victim.email, 'PASSWORD_RESET');
    expect((await call(t.app, 'POST', '/api/account/password/reset', { body: { token, password: 'victim-owns-it-1' } })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/profile', { token: attacker.body.token })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: victim.email, password: 'attacker-pass-1' } })).status).toBe(401);
    const linked = await signIn(victim);
    expect((await call(t.app, 'GET', '/api/auth/profile', { token: linked.token })).body).toMatchObject({ id: attacker.body.id, emailVerified: true });
  });

  it('refuses an unverified email', async () => {
    const { landing, jar } = await arriveAtSpa(account({ email_verified: 'false' }));
    expect(landing.searchParams.get('code')).toBeNull();
    expect(jar.has(api, 'carcare_oauth_binding')).toBe(false);
    expect(landing.searchParams.get('error')).toBe('Your Google account email address is not verified.');
  });

  it('state mismatch → back to the SPA with an error, no code', async () => {
    const jar = new CookieJar();
    const { interactionUrl } = await openLoginPage(jar);
    const callback = new URL(await submitLogin(jar, interactionUrl, account()));
    callback.searchParams.set('state', 'forged-state');
    const landing = await finish(jar, callback.href);
    expect(`${landing.origin}${landing.pathname}`).toBe(CALLBACK);
    expect([...landing.searchParams.keys()]).toEqual(['error']);
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
    expect((await finish(jar, callback)).searchParams.get('code')).toBeTruthy();
    expect(jar.has(api, 'carcare_oauth_state')).toBe(false);
    expect((await finish(jar, callback)).searchParams.get('error')).toBeTruthy();
  });

  it('a forged code (right state) or an odd provider error never signs anyone in', async () => {
    const jar = new CookieJar();
    const { authorizationUrl } = await openLoginPage(jar);
    const state = authorizationUrl.searchParams.get('state') as string;
    const forgedCode = await finish(jar, `${api}/api/login/oauth2/code/google?code=forged&state=${state}&iss=${encodeURIComponent(provider.issuer)}`);
    expect([...forgedCode.searchParams.keys()]).toEqual(['error']);
    expect(forgedCode.searchParams.get('error')).toBe('Google sign-in failed. Please try again.');
    const weird = await finish(new CookieJar(), `${api}/api/login/oauth2/code/google?error=%3Cscript%3E`);
    expect(weird.searchParams.get('error')).toBe('Google sign-in failed. Please try again.');
  });
});

describe('Google sign-in: the one-time code and its exchange', () => {
  it('the redirect to the SPA carries only a code; the browser gets an HttpOnly binding cookie for the exchange', async () => {
    const jar = new CookieJar();
    const { interactionUrl } = await openLoginPage(jar);
    const hop = await browse(jar, await submitLogin(jar, interactionUrl, account()));
    expect(hop.response.status).toBe(302);
    expect(hop.response.headers.get('cache-control')).toBe('no-store');
    const location = hop.response.headers.get('location') as string;
    expect(location).not.toMatch(/token/i);
    const landing = new URL(location);
    expect(`${landing.origin}${landing.pathname}`).toBe(CALLBACK);
    expect([...landing.searchParams.keys()]).toEqual(['code']);
    const code = landing.searchParams.get('code') as string;
    expect(code).toMatch(/^[\w-]{43}$/); // 256 bits, base64url

    const binding = hop.response.headers.getSetCookie().find((cookie) => cookie.startsWith('carcare_oauth_binding='));
    expect(binding).toBeDefined();
    expect(binding).toMatch(/^carcare_oauth_binding=[\w-]{43};/);
    expect(binding).toMatch(/; Path=\/api\/auth\/oauth\/exchange(;|$)/);
    expect(binding).toMatch(/; Max-Age=60(;|$)/);
    expect(binding).toMatch(/; HttpOnly(;|$)/);
    expect(binding).toMatch(/; SameSite=Strict(;|$)/);

    // The database holds neither the code nor the binding value, only their hashes.
    const rows = await t.app.db.selectFrom('oauth_codes').selectAll().execute();
    const serialized = JSON.stringify(rows);
    expect(serialized).not.toContain(code);
    expect(serialized).not.toContain((binding as string).split(';')[0].split('=')[1]);
  });

  it('a code is exchanged once: the first POST signs in (no-store, cookie cleared), the next is refused', async () => {
    const { landing, jar } = await arriveAtSpa(account());
    const code = landing.searchParams.get('code') as string;
    const cookie = jar.header(`${api}${EXCHANGE}`) as string;
    expect(cookie).toMatch(/carcare_oauth_binding=/);

    const first = await exchange(jar, code);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ type: 'Bearer', roles: ['CUSTOMER'] });
    expect(first.response.headers.get('cache-control')).toBe('no-store');
    expect(first.response.headers.getSetCookie()).toEqual([expect.stringMatching(/^carcare_oauth_binding=; Path=\/api\/auth\/oauth\/exchange; Max-Age=0; HttpOnly; SameSite=Strict/)]);
    expect(jar.has(api, 'carcare_oauth_binding')).toBe(false);

    // Again, even with the binding cookie put back: spent.
    const again = await fetch(`${api}${EXCHANGE}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ code }) });
    expect(again.status).toBe(400);
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(await again.json()).toEqual(LINK_INVALID);
  });

  it('ten simultaneous exchanges of one code: exactly one 200', async () => {
    const { landing, jar } = await arriveAtSpa(account());
    const code = landing.searchParams.get('code') as string;
    const cookie = jar.header(`${api}${EXCHANGE}`) as string;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${api}${EXCHANGE}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ code }) }).then(async (response) => ({
          status: response.status,
          body: await response.json(),
        })),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(9);
    for (const answer of refused) expect(answer).toEqual({ status: 400, body: LINK_INVALID });
    // One sign-in, one session.
    const winner = answers.find((answer) => answer.status === 200)?.body;
    const sessions = await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', winner.id).execute();
    expect(sessions).toHaveLength(1);
  });

  it('a code expires 60 s after the provider returned', async () => {
    const early = await arriveAtSpa(account());
    const late = await arriveAtSpa(account());
    t.clock.advance(59_000);
    expect((await exchange(early.jar, early.landing.searchParams.get('code'))).status).toBe(200);
    t.clock.advance(1_000);
    const expired = await exchange(late.jar, late.landing.searchParams.get('code'));
    expect(expired).toMatchObject({ status: 400, body: LINK_INVALID });
  });

  it('without the binding cookie the code is refused (and not spent: the browser that ran the flow still can)', async () => {
    const { landing, jar } = await arriveAtSpa(account());
    const code = landing.searchParams.get('code') as string;
    expect(await exchange(new CookieJar(), code)).toMatchObject({ status: 400, body: LINK_INVALID });
    expect((await exchange(jar, code)).status).toBe(200);
  });

  it("login CSRF: a crafted link with the attacker's code, opened in the victim's browser (its own cookie) → refused", async () => {
    const attacker = await arriveAtSpa(account({ name: 'Mallory' }));
    const victim = await arriveAtSpa(account({ name: 'Victim' }));
    // The victim's browser holds a binding cookie of its own, from its own sign-in.
    expect(victim.jar.has(api, 'carcare_oauth_binding')).toBe(true);
    const crafted = await exchange(victim.jar, attacker.landing.searchParams.get('code'));
    expect(crafted).toMatchObject({ status: 400, body: LINK_INVALID });
    // A browser with no flow of its own at all is refused the same way.
    expect(await exchange(new CookieJar(), attacker.landing.searchParams.get('code'))).toMatchObject({ status: 400, body: LINK_INVALID });
  });

  it('an unknown code gets the same answer; a missing code is a validation error', async () => {
    const { jar } = await arriveAtSpa(account());
    expect(await exchange(jar, 'x'.repeat(43))).toMatchObject({ status: 400, body: LINK_INVALID });
    const missing = await fetch(`${api}${EXCHANGE}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(missing.status).toBe(400);
    // (The top-level message of a validation failure is the validation layer's business; the field's is ours.)
    expect(await missing.json()).toMatchObject({ success: false, errors: { code: LINK_INVALID.message } });
  });

  it('a code whose account was disabled meanwhile is refused', async () => {
    const who = account();
    const { landing, jar } = await arriveAtSpa(who);
    await t.app.db.updateTable('users').set({ is_active: false }).where('email', '=', who.email).execute();
    expect(await exchange(jar, landing.searchParams.get('code'))).toMatchObject({ status: 400, body: LINK_INVALID });
  });

  it('the purge deletes expired codes, spent or not', async () => {
    const spent = await arriveAtSpa(account());
    await exchange(spent.jar, spent.landing.searchParams.get('code'));
    const unspent = await arriveAtSpa(account());
    const live = await t.app.db.selectFrom('oauth_codes').select('code_hash').execute();
    expect(live.length).toBeGreaterThanOrEqual(2);
    t.clock.advance(61_000);
    const fresh = await arriveAtSpa(account());
    await new OAuthCodes(t.app.db, t.clock.now).purge();
    const left = await t.app.db.selectFrom('oauth_codes').select('user_id').execute();
    expect(left).toHaveLength(1);
    expect((await exchange(fresh.jar, fresh.landing.searchParams.get('code'))).status).toBe(200);
    expect(await exchange(unspent.jar, unspent.landing.searchParams.get('code'))).toMatchObject({ status: 400, body: LINK_INVALID });
  });
});

type NodeHandler = (request: IncomingMessage, response: ServerResponse, next: () => void) => Promise<void>;

describe('Google sign-in behind the webpack dev server proxy (npm start: the SPA origin proxies /api)', () => {
  let devServer: Server;
  let devOrigin: string;
  let behind: TestApp;
  let behindProvider: RunningProvider;

  beforeAll(async () => {
    const [devPort, providerPort] = [await freePort(), await freePort()];
    devOrigin = `http://127.0.0.1:${devPort}`;
    behind = await startTestApp({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_ISSUER: `http://127.0.0.1:${providerPort}`, APP_URL: devOrigin },
    });
    const target = await behind.app.listen({ port: 0, host: '127.0.0.1' });
    // The proxy entry of webpack.config.js's devServer, through the same library webpack-dev-server uses.
    // Typed as an express handler; at run time it uses only Node's request and response (as in webpack-dev-server).
    const proxy = createProxyMiddleware(['/api'], { target, changeOrigin: false, xfwd: true, logLevel: 'silent' }) as unknown as NodeHandler;
    devServer = createServer((request, response) => void proxy(request, response, () => response.writeHead(404).end()));
    await new Promise<void>((resolve) => devServer.listen(devPort, '127.0.0.1', resolve));
    behindProvider = await startOidcProvider(providerPort, `${devOrigin}/api/login/oauth2/code/google`);
  });

  afterAll(async () => {
    await behindProvider?.stop();
    await new Promise((resolve) => devServer?.close(resolve));
    await behind?.close();
  });

  it('the binding cookie lands on the SPA origin and the exchange through the proxy signs in', async () => {
    const jar = new CookieJar();
    const { interactionUrl } = await openLoginPage(jar, devOrigin);
    const landing = await finish(jar, await submitLogin(jar, interactionUrl, account(), devOrigin));
    expect(`${landing.origin}${landing.pathname}`).toBe(`${devOrigin}/oauth/callback`);
    expect(jar.has(devOrigin, 'carcare_oauth_binding')).toBe(true);
    const answer = await exchange(jar, landing.searchParams.get('code'), devOrigin);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'Bearer', roles: ['CUSTOMER'] });
    expect(answer.response.headers.get('cache-control')).toBe('no-store');
    expect(jar.has(devOrigin, 'carcare_oauth_binding')).toBe(false);
    expect((await call(behind.app, 'GET', '/api/auth/profile', { token: answer.body.token })).status).toBe(200);
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

import { sql } from 'kysely';
import { Writable } from 'node:stream';
import { call, customer, registerCustomer } from '../helpers/http';
import { startTestApp, type TestApp } from '../helpers/testApp';

const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await startTestApp({ logger: { level: 'error', stream } });
});

afterAll(async () => {
  await t.close();
});

const INTERNALS = /stack|at \w+ \(|\.ts:\d+|node_modules|sql|select |relation|kysely|pglite|postgres|syntax/i;

describe('GET /api/health', () => {
  it('answers {status:"ok"} once the database answers', async () => {
    expect(await call(t.app, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('answers 503 JSON when the database does not', async () => {
    const doomed = await startTestApp();
    try {
      await doomed.app.db.destroy();
      const response = await call(doomed.app, 'GET', '/api/health');
      expect(response).toMatchObject({ status: 503, body: { message: 'Database unavailable', success: false } });
    } finally {
      await doomed.close().catch(() => undefined);
    }
  });
});

describe('error responses are always JSON {message, success:false}', () => {
  it('unknown /api route → 404 JSON, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await call(t.app, method, '/api/does-not-exist');
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.body).toEqual({ message: 'Resource not found', success: false });
    }
  });

  it('without STATIC_DIR, non-API paths are 404 JSON too', async () => {
    expect(await call(t.app, 'GET', '/dashboard')).toMatchObject({ status: 404, body: { success: false } });
  });

  it('malformed JSON → 400 with a JSON message and nothing internal', async () => {
    for (const rawBody of ['{"email": "a@b.co",', '{email: 1}', 'undefined', '{"__proto__": {"x": 1}}']) {
      const response = await call(t.app, 'POST', '/api/auth/login', { rawBody });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: expect.any(String), success: false });
      expect(response.text).not.toMatch(INTERNALS);
    }
  });

  it('a JSON body that is not an object → 400 with a message saying so', async () => {
    for (const rawBody of ['[]', '"text"', '42', 'null']) {
      const response = await call(t.app, 'POST', '/api/auth/login', { rawBody });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Request body must be a JSON object', success: false, errors: { body: 'Request body must be a JSON object' } });
    }
  });

  it('an oversized body → 413 JSON, never 500', async () => {
    const response = await call(t.app, 'POST', '/api/auth/register/customer', { body: { ...customer(), address: 'x'.repeat(70 * 1024) } });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Request body is too large', success: false });
  });

  it('a long field inside the limit → 400 with a field message', async () => {
    const response = await call(t.app, 'POST', '/api/auth/register/customer', { body: customer({ email: `${'a'.repeat(60 * 1024)}@example.com` }) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ email: 'Email must be at most 254 characters long' });
  });

  it('another content type → 415 JSON', async () => {
    const response = await call(t.app, 'POST', '/api/auth/login', { rawBody: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ success: false, message: expect.stringMatching(/application\/json/) });
  });

  it('a thrown error → 500 "Internal server error", logged server-side, nothing internal in the body', async () => {
    const user = await registerCustomer(t.app);
    await sql`ALTER TABLE sessions RENAME TO sessions_hidden`.execute(t.app.db);
    try {
      const response = await call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.credentials.password } });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: 'Internal server error', success: false });
      expect(response.text).not.toMatch(INTERNALS);
    } finally {
      await sql`ALTER TABLE sessions_hidden RENAME TO sessions`.execute(t.app.db);
    }
    const logged = logLines.join('\n');
    expect(logged).toMatch(/unhandled error/);
    expect(logged).toMatch(/sessions/);
  });
});

describe('Google sign-in when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not set', () => {
  it('both endpoints send the SPA a clear error', async () => {
    for (const path of ['/api/oauth2/authorization/google', '/api/login/oauth2/code/google?code=x&state=y']) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`http://localhost:3000/oauth/callback?error=${encodeURIComponent('Google sign-in is not configured on this server.')}`);
    }
  });
});

describe('security headers on API responses', () => {
  it('nosniff, no framing, a strict CSP, no x-powered-by', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('no wide-open CORS: a cross-origin preflight is not granted', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

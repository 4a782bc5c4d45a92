import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorHandler } from '../../../server/src/plugins/errorHandler';
import { ACCESS_DENIED, type ApiResponse, call, customer, failure, invalid, registerCustomer } from '../helpers/http';
import { startTestApp, type TestApp } from '../helpers/testApp';

/**
 * Every error the API gives — 400, 401, 403, 404, 405, 413, 415, 429, 500, and the ones Node or Fastify produce
 * before any route runs — is JSON `{ message, success: false }` (plus `errors` for a validation failure).
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ logger: false });
});

afterAll(async () => {
  await t.close();
});

function expectContractError(response: ApiResponse, status: number, body: unknown): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.body).toEqual(body);
}

describe('one answer shape per status', () => {
  it('400 validation: the first field’s message in `message`, every field in `errors`', async () => {
    const response = await call(t.app, 'POST', '/api/auth/login', { body: { email: '', password: '' } });
    expectContractError(response, 400, {
      message: 'Email is required',
      success: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it('400 validation: `message` follows the form’s field order, not the order the rules ran', async () => {
    // fullName is missing (a "required" rule, which Ajv checks first) and the email is invalid: the email comes
    // first in the registration schema, so its message leads.
    const { fullName: _omitted, ...withoutName } = customer({ email: 'not-an-email' });
    const response = await call(t.app, 'POST', '/api/auth/register/customer', { body: withoutName });
    expectContractError(response, 400, invalid({ email: 'Email is invalid', fullName: 'Full name is required' }));
    expect(response.body.message).toBe('Email is invalid');
  });

  it('400 for a URL that cannot be decoded: "Malformed URL", not Fastify’s own body', async () => {
    for (const url of ['/api/%', '/api/auth/check-email/%E0%A4%A', '/api/appointments/%zz']) {
      expectContractError(await call(t.app, 'GET', url), 400, failure('Malformed URL'));
    }
  });

  it('401 without a token', async () => {
    expectContractError(await call(t.app, 'GET', '/api/auth/profile'), 401, failure('Authentication required'));
  });

  it('403 for a role that may not call the route', async () => {
    const ada = await registerCustomer(t.app);
    expectContractError(await call(t.app, 'GET', '/api/employees', { token: ada.token }), 403, ACCESS_DENIED);
  });

  it('404 for an unknown /api path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expectContractError(await call(t.app, method, '/api/nothing-here'), 404, failure('Resource not found'));
    }
  });

  it('405 with Allow for a route called with a method it does not have', async () => {
    const cases: [string, string, string][] = [
      ['DELETE', '/api/auth/login', 'POST'],
      ['GET', '/api/auth/logout', 'POST'],
      ['POST', '/api/auth/profile', 'GET, HEAD'],
      ['PUT', '/api/vehicles', 'GET, HEAD, POST'],
      ['DELETE', '/api/appointments/00000000-0000-4000-8000-000000000000', 'GET, HEAD'],
      ['PROPFIND', '/api/auth/login', 'POST'],
      ['OPTIONS', '/api/auth/login', 'POST'],
    ];
    for (const [method, url, allow] of cases) {
      const response = await t.app.inject({ method: method as 'GET', url });
      expect({ method, url, status: response.statusCode, allow: response.headers.allow }).toEqual({ method, url, status: 405, allow });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toEqual(failure('Method not allowed'));
    }
  });

  it('413 for a body over the limit', async () => {
    const response = await call(t.app, 'POST', '/api/auth/register/customer', { body: { ...customer(), address: 'x'.repeat(70 * 1024) } });
    expectContractError(response, 413, failure('Request body is too large'));
  });

  it('415 for a body that is not JSON', async () => {
    const response = await call(t.app, 'POST', '/api/auth/login', { rawBody: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectContractError(response, 415, failure('Unsupported content type. Send application/json'));
  });

  it('429 once the login limit is reached', async () => {
    const limited = await startTestApp({ env: { LOGIN_MAX_ATTEMPTS: '1' } });
    try {
      const attempt = () => call(limited.app, 'POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'wrong-password' } });
      expect((await attempt()).status).toBe(401);
      const refused = await attempt();
      expectContractError(refused, 429, failure('Too many login attempts. Please try again later.'));
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('500 for anything unexpected, with nothing internal in the body', async () => {
    const ada = await registerCustomer(t.app);
    await sql`ALTER TABLE users RENAME TO users_hidden`.execute(t.app.db);
    try {
      const response = await call(t.app, 'GET', '/api/auth/profile', { token: ada.token });
      expectContractError(response, 500, failure('Internal server error'));
    } finally {
      await sql`ALTER TABLE users_hidden RENAME TO users`.execute(t.app.db);
    }
  });
});

describe('errors raised by plugins (no message of ours) get a fitting message per status', () => {
  // The same error handler the app installs, behind routes that fail the way a plugin does (the file server
  // refusing a path, a limiter, a parser): an error carrying only a status code.
  let plugins: FastifyInstance;

  beforeAll(async () => {
    plugins = Fastify();
    plugins.setErrorHandler(errorHandler);
    plugins.get('/fail/:status', async (request) => {
      const status = Number((request.params as { status: string }).status);
      throw Object.assign(new Error('internal detail /srv/app/secret.txt'), { statusCode: status });
    });
    await plugins.ready();
  });

  afterAll(async () => {
    await plugins.close();
  });

  it.each([
    [400, 'Bad request'],
    [403, 'Access denied. You do not have permission to access this resource.'],
    [404, 'Resource not found'],
    [405, 'Method not allowed'],
    [413, 'Request body is too large'],
    [415, 'Unsupported content type. Send application/json'],
    [416, 'Range not satisfiable'],
    [418, 'Bad request'],
    [429, 'Too many requests. Please try again later.'],
    [500, 'Internal server error'],
    [502, 'Internal server error'],
  ])('%i → %j', async (status, message) => {
    const response = await call(plugins, 'GET', `/fail/${status}`);
    expectContractError(response, status === 502 ? 500 : status, failure(message));
  });
});

describe('pages of the static site', () => {
  let dir: string;
  let site: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'carcare-errors-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>CarCare</title>');
    site = await startTestApp({ env: { STATIC_DIR: dir } });
  });

  afterAll(async () => {
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('405 is for API routes only: another method on a page is a 404', async () => {
    expectContractError(await call(site.app, 'DELETE', '/dashboard'), 404, failure('Resource not found'));
  });

  it('a NUL in a page path is a 400 in the contract shape', async () => {
    expectContractError(await call(site.app, 'GET', '/dash%00board'), 400, invalid({ path: 'Path must not contain a NUL character' }));
  });
});

describe('requests Node’s HTTP parser refuses get the shape too (over a real socket)', () => {
  let port: number;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** Whatever the server wrote before closing the connection (it may close before reading all we send). */
  function rawRequest(text: string): Promise<string> {
    return new Promise((resolve) => {
      let answer = '';
      const socket = connect(port, '127.0.0.1', () => socket.end(text));
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', () => undefined);
    });
  }

  function parse(answer: string) {
    const [head, body] = answer.split('\r\n\r\n');
    const [statusLine, ...headerLines] = head.split('\r\n');
    const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
  }

  it.each([
    ['a NUL in a header', 'GET /api/health HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\n\r\n'],
    ['an unknown method', 'BREW /api/health HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a malformed request line', 'GET\r\n\r\n'],
  ])('%s → 400 {message:"Bad request", success:false}', async (_case, text) => {
    const answer = parse(await rawRequest(text));
    expect(answer).toMatchObject({ status: 400, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
    expect(answer.body).toEqual(failure('Bad request'));
  });

  it('headers over Node’s limit → 431 {message:"Request headers are too large", success:false}', async () => {
    const answer = parse(await rawRequest(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20 * 1024)}\r\n\r\n`));
    expect(answer).toMatchObject({ status: 431, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(answer.body).toEqual(failure('Request headers are too large'));
  });
});

describe('a NUL character never reaches the database: 400 with a field message, everywhere', () => {
  it('in the login email', async () => {
    const response = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'ada\u0000@example.com', password: 'correct-horse-1' } });
    expectContractError(response, 400, invalid({ email: 'Email must not contain a NUL character' }));
  });

  it('in the full name at registration', async () => {
    const response = await call(t.app, 'POST', '/api/auth/register/customer', { body: customer({ fullName: 'Ada\u0000Lovelace' }) });
    expectContractError(response, 400, invalid({ fullName: 'Full name must not contain a NUL character' }));
  });

  it('in the check-email parameter, raw or percent-encoded', async () => {
    for (const email of ['ada%00@example.com', encodeURIComponent('ada\u0000@example.com')]) {
      const response = await call(t.app, 'GET', `/api/auth/check-email/${email}`);
      expectContractError(response, 400, invalid({ email: 'Email must not contain a NUL character' }));
    }
  });

  it('in a shop body field and a shop query parameter', async () => {
    const ada = await registerCustomer(t.app);
    const plate = await call(t.app, 'POST', '/api/vehicles', { token: ada.token, body: { plate: 'AB\u000012' } });
    expectContractError(plate, 400, invalid({ plate: 'Vehicle ID must not contain a NUL character' }));
    const search = await call(t.app, 'GET', '/api/appointments?q=oil%00change', { token: ada.token });
    expectContractError(search, 400, invalid({ q: 'Search must not contain a NUL character' }));
  });

  it('in a property name of a JSON body', async () => {
    const response = await call(t.app, 'POST', '/api/auth/login', { rawBody: '{"email":"ada@example.com","password":"x","pass\\u0000word":"y"}' });
    expectContractError(response, 400, invalid({ password: 'Password must not contain a NUL character' }));
  });

  it('in a header the server stores (User-Agent becomes the session’s device)', async () => {
    const response = await call(t.app, 'POST', '/api/auth/register/customer', { body: customer(), headers: { 'user-agent': 'Mozilla\u0000/5.0' } });
    expectContractError(response, 400, invalid({ 'user-agent': 'User-Agent header must not contain a NUL character' }));
  });
});

describe('GET /api/auth/check-email/:email with a long parameter', () => {
  it('answers a valid address over 100 characters (not 404)', async () => {
    const email = `${'a'.repeat(30)}.${'b'.repeat(30)}@${'c'.repeat(60)}.example.com`;
    expect(email.length).toBeGreaterThan(100);
    const response = await call(t.app, 'GET', `/api/auth/check-email/${email}`);
    expect(response).toMatchObject({ status: 200, body: { available: true } });
  });

  it('refuses an address over 254 characters with a field message', async () => {
    const response = await call(t.app, 'GET', `/api/auth/check-email/${'a'.repeat(300)}@example.com`);
    expectContractError(response, 400, invalid({ email: 'Email must be at most 254 characters long' }));
  });
});

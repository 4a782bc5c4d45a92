/**
 * Which address the per-IP limits count: an IPv6 client by its /64 (IPV6_SUBNET_PREFIX), and behind a proxy the
 * address the trusted proxy saw (TRUST_PROXY) — never what the client wrote into X-Forwarded-For itself.
 */
import type { FastifyInstance } from 'fastify';
import { uniqueEmail } from '../helpers/http';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { type Answer, from, registered, TOO_MANY_LOGINS, TOO_MANY_REQUESTS } from './helpers';

describe('IPv6 clients are counted by their /64', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { REQUESTS_PER_IP_PER_MINUTE: '3', LOGIN_MAX_ATTEMPTS: '2' } });
  });

  afterAll(async () => t.close());

  it('addresses of one /64 share a request budget; another /64 has its own', async () => {
    for (const ip of ['2001:db8:a:1::1', '2001:db8:a:1::2', '2001:db8:a:1:ffff:ffff:ffff:ffff']) {
      expect((await from(t.app, ip, 'GET', '/api/catalog')).status).toBe(200);
    }
    expect(await from(t.app, '2001:db8:a:1:1234::99', 'GET', '/api/catalog')).toEqual({ status: 429, body: TOO_MANY_REQUESTS, retryAfter: '60' });
    expect((await from(t.app, '2001:db8:a:2::1', 'GET', '/api/catalog')).status).toBe(200);
  });

  it('an IPv4-mapped address and its IPv4 address are one client', async () => {
    for (const ip of ['::ffff:198.51.100.60', '198.51.100.60', '::ffff:198.51.100.60']) expect((await from(t.app, ip, 'GET', '/api/catalog')).status).toBe(200);
    expect((await from(t.app, '198.51.100.60', 'GET', '/api/catalog')).status).toBe(429);
  });

  it('an account\'s login attempts from one /64 count together, whichever address of it they come from', async () => {
    t.clock.advance(60_000); // a fresh request budget
    const email = await registered(t.app, uniqueEmail('victim'), '192.0.2.1');
    const login = (ip: string) => from(t.app, ip, 'POST', '/api/auth/login', { email, password: 'wrong' });
    expect((await login('2001:db8:b:1::10')).status).toBe(401);
    expect((await login('2001:db8:b:1::11')).status).toBe(401);
    expect((await login('2001:db8:b:1::12')).body).toEqual(TOO_MANY_LOGINS);
    expect((await login('2001:db8:b:2::10')).status).toBe(401);
  });
});

describe('IPV6_SUBNET_PREFIX=128: each IPv6 address on its own', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { REQUESTS_PER_IP_PER_MINUTE: '1', IPV6_SUBNET_PREFIX: '128' } });
  });

  afterAll(async () => t.close());

  it('two addresses of one /64 are two clients', async () => {
    expect((await from(t.app, '2001:db8:c:1::1', 'GET', '/api/catalog')).status).toBe(200);
    expect((await from(t.app, '2001:db8:c:1::1', 'GET', '/api/catalog')).status).toBe(429);
    expect((await from(t.app, '2001:db8:c:1::2', 'GET', '/api/catalog')).status).toBe(200);
  });
});

/** A login attempt arriving from `peer` (the socket's address) with this X-Forwarded-For. */
async function loginThrough(app: FastifyInstance, peer: string, forwardedFor: string | undefined, email: string): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: peer,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { email, password: 'wrong-password' },
  });
  return { status: response.statusCode, body: JSON.parse(response.body), retryAfter: response.headers['retry-after'] as string | undefined };
}

/** Left-most X-Forwarded-For entries a client may send itself; nginx appends the real one after them. */
const FORGED = ['1.2.3.4', '10.0.0.1', '2001:db8::dead', 'unknown', '127.0.0.1'];

describe.each([
  ['a hop count (TRUST_PROXY=1)', '1'],
  ['the proxy\'s address (TRUST_PROXY=127.0.0.1)', '127.0.0.1'],
])('behind one proxy, %s', (_name, trustProxy) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: trustProxy, LOGIN_MAX_ATTEMPTS_PER_IP: '3' } });
  });

  afterAll(async () => t.close());

  it('a forged left-most X-Forwarded-For does not change the address the login limit counts', async () => {
    // nginx ($proxy_add_x_forwarded_for) appends the address it saw: 198.51.100.70 is the client.
    const attempt = (forged: string) => loginThrough(t.app, '127.0.0.1', `${forged}, 198.51.100.70`, uniqueEmail('target'));
    for (const forged of FORGED.slice(0, 3)) expect((await attempt(forged)).status).toBe(401);
    for (const forged of FORGED) expect(await attempt(forged)).toEqual({ status: 429, body: TOO_MANY_LOGINS, retryAfter: '900' });
    // The same without any forged entry; and another client of the proxy has its own count.
    expect((await loginThrough(t.app, '127.0.0.1', '198.51.100.70', uniqueEmail('target'))).status).toBe(429);
    expect((await loginThrough(t.app, '127.0.0.1', '1.2.3.4, 198.51.100.71', uniqueEmail('target'))).status).toBe(401);
  });
});

describe('TRUST_PROXY with addresses: a peer that is not a listed proxy', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1,10.0.0.0/8', LOGIN_MAX_ATTEMPTS_PER_IP: '3' } });
  });

  afterAll(async () => t.close());

  it('is counted by its own address, whatever X-Forwarded-For it sends', async () => {
    const attempt = (forwardedFor: string) => loginThrough(t.app, '203.0.113.80', forwardedFor, uniqueEmail('target'));
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await attempt(forged)).status).toBe(401);
    expect((await attempt('198.51.100.4')).body).toEqual(TOO_MANY_LOGINS);
    // Those addresses were never counted: through the proxy, 198.51.100.1 still has all its attempts.
    expect((await loginThrough(t.app, '127.0.0.1', '198.51.100.1', uniqueEmail('target'))).status).toBe(401);
  });

  it('through two listed proxies, the client is the address the outer one saw', async () => {
    // client 198.51.100.90 → proxy 10.1.2.3 → proxy 127.0.0.1 → the server; anything left of it is the client's own.
    const attempt = (forged: string) => loginThrough(t.app, '127.0.0.1', `${forged}, 198.51.100.90, 10.1.2.3`, uniqueEmail('target'));
    for (const forged of FORGED.slice(0, 3)) expect((await attempt(forged)).status).toBe(401);
    expect((await attempt(FORGED[3])).body).toEqual(TOO_MANY_LOGINS);
    expect((await loginThrough(t.app, '127.0.0.1', '198.51.100.91, 10.1.2.3', uniqueEmail('target'))).status).toBe(401);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { LOGIN_MAX_ATTEMPTS_PER_IP: '3' } });
  });

  afterAll(async () => t.close());

  it('X-Forwarded-For is ignored: the socket\'s address is counted', async () => {
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await loginThrough(t.app, '203.0.113.81', forged, uniqueEmail('target'))).status).toBe(401);
    expect((await loginThrough(t.app, '203.0.113.81', '198.51.100.4', uniqueEmail('target'))).body).toEqual(TOO_MANY_LOGINS);
  });
});

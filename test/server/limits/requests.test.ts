/**
 * Per-IP limits outside login: every /api request (REQUESTS_PER_IP_PER_MINUTE, health check exempt), check-email
 * (a tenth of that per minute) and registrations (REGISTRATIONS_PER_IP_PER_HOUR, customers and employees together).
 */
import * as passwords from '../../../server/src/auth/passwords';
import { uniqueEmail } from '../helpers/http';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { from, PASSWORD, TOO_MANY_REGISTRATIONS, TOO_MANY_REQUESTS } from './helpers';

afterEach(() => jest.restoreAllMocks());

describe('REQUESTS_PER_IP_PER_MINUTE', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { REQUESTS_PER_IP_PER_MINUTE: '5' } });
  });

  afterAll(async () => t.close());

  it('answers 429 with Retry-After to the request after the limit, for any /api path, until the minute ends', async () => {
    const ip = '198.51.100.10';
    for (let i = 0; i < 4; i += 1) expect((await from(t.app, ip, 'GET', '/api/catalog')).status).toBe(200);
    expect((await from(t.app, ip, 'GET', '/api/no-such-thing')).status).toBe(404);

    const refused = await from(t.app, ip, 'GET', '/api/catalog');
    expect(refused).toEqual({ status: 429, body: TOO_MANY_REQUESTS, retryAfter: '60' });
    expect((await from(t.app, ip, 'GET', '/api/no-such-thing')).body).toEqual(TOO_MANY_REQUESTS);
    expect((await from(t.app, ip, 'POST', '/api/auth/login', { email: 'a@example.com', password: 'x' })).body).toEqual(TOO_MANY_REQUESTS);

    t.clock.advance(45_000);
    expect((await from(t.app, ip, 'GET', '/api/catalog')).retryAfter).toBe('15');
    t.clock.advance(15_000);
    expect((await from(t.app, ip, 'GET', '/api/catalog')).status).toBe(200);
  });

  it('leaves the health check and paths outside /api alone, and counts each client IP separately', async () => {
    const ip = '198.51.100.11';
    for (let i = 0; i < 5; i += 1) await from(t.app, ip, 'GET', '/api/catalog');
    expect((await from(t.app, ip, 'GET', '/api/catalog')).status).toBe(429);
    for (let i = 0; i < 10; i += 1) expect(await from(t.app, ip, 'GET', '/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect((await from(t.app, ip, 'GET', '/not-the-api')).status).toBe(404);
    expect((await from(t.app, '198.51.100.12', 'GET', '/api/catalog')).status).toBe(200);
  });
});

describe('check-email: REQUESTS_PER_IP_PER_MINUTE / 10 per minute', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { REQUESTS_PER_IP_PER_MINUTE: '50' } });
  });

  afterAll(async () => t.close());

  it('answers 429 after 5 checks a minute from one address, while the rest of the API still answers', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 5; i += 1) {
      expect(await from(t.app, ip, 'GET', `/api/auth/check-email/${uniqueEmail('probe')}`)).toMatchObject({ status: 200, body: { available: true } });
    }
    const refused = await from(t.app, ip, 'GET', `/api/auth/check-email/${uniqueEmail('probe')}`);
    expect(refused).toEqual({ status: 429, body: TOO_MANY_REQUESTS, retryAfter: '60' });
    expect((await from(t.app, ip, 'GET', '/api/catalog')).status).toBe(200);
    expect((await from(t.app, '198.51.100.21', 'GET', `/api/auth/check-email/${uniqueEmail('probe')}`)).status).toBe(200);

    t.clock.advance(60_000);
    expect((await from(t.app, ip, 'GET', `/api/auth/check-email/${uniqueEmail('probe')}`)).status).toBe(200);
  });
});

describe('REGISTRATIONS_PER_IP_PER_HOUR', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { REGISTRATIONS_PER_IP_PER_HOUR: '3' } });
  });

  afterAll(async () => t.close());

  const person = () => ({ email: uniqueEmail('new'), password: PASSWORD, fullName: 'New Person', phoneNumber: '555-0100' });
  const customer = (ip: string) => from(t.app, ip, 'POST', '/api/auth/register/customer', person());
  const employee = (ip: string) => from(t.app, ip, 'POST', '/api/auth/register/employee', { ...person(), department: 'Engines' });

  it('counts customer and employee registrations together and refuses the next one for the hour, without hashing its password', async () => {
    const ip = '198.51.100.30';
    expect((await customer(ip)).status).toBe(201);
    expect((await employee(ip)).status).toBe(201);
    expect((await customer(ip)).status).toBe(201);

    const hash = jest.spyOn(passwords, 'hashPassword');
    for (const attempt of [employee, customer]) {
      expect(await attempt(ip)).toEqual({ status: 429, body: TOO_MANY_REGISTRATIONS, retryAfter: '3600' });
    }
    expect(hash).not.toHaveBeenCalled();

    expect((await customer('198.51.100.31')).status).toBe(201);
    t.clock.advance(60 * 60 * 1000);
    expect((await employee(ip)).status).toBe(201);
  });

  it('counts refused registrations too (an address already taken is still an attempt)', async () => {
    const ip = '198.51.100.32';
    const body = person();
    expect((await from(t.app, ip, 'POST', '/api/auth/register/customer', body)).status).toBe(201);
    for (let i = 0; i < 2; i += 1) {
      expect((await from(t.app, ip, 'POST', '/api/auth/register/customer', body)).body).toEqual({ message: 'Email already exists', success: false });
    }
    expect((await customer(ip)).body).toEqual(TOO_MANY_REGISTRATIONS);
  });
});

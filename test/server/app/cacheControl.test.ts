import { type ApiResponse, call, customer, registerCustomer } from '../helpers/http';
import { startTestApp, type TestApp } from '../helpers/testApp';

/** Tokens and personal data are never kept by a browser or proxy cache: every /api answer says no-store. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

function expectNoStore(response: ApiResponse, status: number): void {
  expect(response.status).toBe(status);
  expect(response.headers['cache-control']).toBe('no-store');
}

describe('Cache-Control: no-store', () => {
  it('on every token answer: register, login, refresh-token, rotate-refresh-token', async () => {
    const credentials = customer();
    const registered = await call(t.app, 'POST', '/api/auth/register/customer', { body: credentials });
    expectNoStore(registered, 201);
    const login = await call(t.app, 'POST', '/api/auth/login', { body: { email: credentials.email, password: credentials.password } });
    expectNoStore(login, 200);
    const refreshed = await call(t.app, 'POST', '/api/auth/refresh-token', { body: { refreshToken: login.body.refreshToken } });
    expectNoStore(refreshed, 200);
    expectNoStore(await call(t.app, 'POST', '/api/auth/rotate-refresh-token', { body: { refreshToken: refreshed.body.refreshToken } }), 200);
  });

  it('on the employee registration answer', async () => {
    expectNoStore(await call(t.app, 'POST', '/api/auth/register/employee', { body: customer({ role: 'EMPLOYEE' }) }), 201);
  });

  it('on personal answers: profile, update-profile, sessions, a customer’s appointments and vehicles', async () => {
    const ada = await registerCustomer(t.app);
    expectNoStore(await call(t.app, 'GET', '/api/auth/profile', { token: ada.token }), 200);
    expectNoStore(await call(t.app, 'PUT', '/api/auth/update-profile', { token: ada.token, body: { address: '1 Loop' } }), 200);
    expectNoStore(await call(t.app, 'GET', '/api/auth/active-sessions', { token: ada.token }), 200);
    expectNoStore(await call(t.app, 'GET', '/api/appointments', { token: ada.token }), 200);
    expectNoStore(await call(t.app, 'GET', '/api/vehicles', { token: ada.token }), 200);
  });

  it('on error answers, including 404 and a framework error', async () => {
    expectNoStore(await call(t.app, 'POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'wrong-password' } }), 401);
    expectNoStore(await call(t.app, 'GET', '/api/auth/profile'), 401);
    expectNoStore(await call(t.app, 'GET', '/api/nothing-here'), 404);
    expectNoStore(await call(t.app, 'DELETE', '/api/auth/login'), 405);
    expectNoStore(await call(t.app, 'GET', '/api/%'), 400);
  });

  it('the public catalogue keeps its own public caching', async () => {
    const response = await call(t.app, 'GET', '/api/catalog');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });
});

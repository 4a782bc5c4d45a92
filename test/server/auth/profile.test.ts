import type { FastifyBaseLogger } from 'fastify';
import { bootstrapAdmin } from '../../../server/src/auth/adminBootstrap';
import { Users } from '../../../server/src/users/queries';
import { ACCESS_DENIED, call, registerCustomer } from '../helpers/http';
import { startTestApp, type TestApp } from '../helpers/testApp';

const ADMIN = { email: 'chief@carcare.test', password: 'admin-password-1' };
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAIL: ADMIN.email.toUpperCase(), ADMIN_PASSWORD: ADMIN.password } });
});

afterAll(async () => {
  await t.close();
});

function silentLog(warnings: string[] = []): FastifyBaseLogger {
  const log = { warn: (message: string) => warnings.push(message), info: () => undefined };
  return log as unknown as FastifyBaseLogger;
}

const update = (token: string | undefined, body: unknown) => call(t.app, 'PUT', '/api/auth/update-profile', { token, body });

describe('PUT /api/auth/update-profile', () => {
  it('updates the given fields and answers the updated profile', async () => {
    const user = await registerCustomer(t.app);
    t.clock.advance(1000);
    const response = await update(user.token, { phoneNumber: ' 07700 900123 ', address: '221B Baker St', fullName: 'Ada King' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, phoneNumber: '07700 900123', address: '221B Baker St', fullName: 'Ada King', role: 'CUSTOMER', roles: ['CUSTOMER'] });
    expect(Date.parse(response.body.updatedAt)).toBeGreaterThan(Date.parse(response.body.createdAt));
    expect((await call(t.app, 'GET', '/api/auth/profile', { token: user.token })).body).toEqual(response.body);
  });

  it('lets the complete-profile screen send phoneNumber, empty address and role CUSTOMER', async () => {
    const user = await registerCustomer(t.app);
    const response = await update(user.token, { phoneNumber: '555', address: '', role: 'CUSTOMER' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ phoneNumber: '555', address: '', role: 'CUSTOMER' });
  });

  it('allows switching between CUSTOMER and EMPLOYEE; later tokens carry the new role', async () => {
    const user = await registerCustomer(t.app);
    const response = await update(user.token, { role: 'EMPLOYEE' });
    expect(response.body).toMatchObject({ role: 'EMPLOYEE', roles: ['EMPLOYEE'] });
    const renewed = await call(t.app, 'POST', '/api/auth/refresh-token', { body: { refreshToken: user.refreshToken } });
    expect(JSON.parse(Buffer.from(renewed.body.token.split('.')[1], 'base64url').toString()).roles).toEqual(['EMPLOYEE']);
  });

  it('refuses ADMIN with 403 and changes nothing', async () => {
    const user = await registerCustomer(t.app);
    const response = await update(user.token, { role: 'ADMIN', fullName: 'Mallory' });
    expect(response).toMatchObject({ status: 403, body: ACCESS_DENIED });
    const profile = await call(t.app, 'GET', '/api/auth/profile', { token: user.token });
    expect(profile.body).toMatchObject({ role: 'CUSTOMER', fullName: user.fullName });
  });

  it('validates: blank phone or name, unknown role', async () => {
    const user = await registerCustomer(t.app);
    const response = await update(user.token, { phoneNumber: '  ', fullName: '', role: 'SUPERUSER' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Validation failed',
      success: false,
      errors: { phoneNumber: 'Phone number is required', fullName: 'Full name is required', role: 'Role must be CUSTOMER or EMPLOYEE' },
    });
  });

  it('ignores fields that are not part of the profile (email, isActive, id)', async () => {
    const user = await registerCustomer(t.app);
    const response = await update(user.token, { email: 'evil@example.com', isActive: false, id: 'x', address: 'New' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: user.email, isActive: true, id: user.id, address: 'New' });
  });

  it('needs authentication', async () => {
    expect(await update(undefined, { address: 'x' })).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
  });
});

describe('ADMIN bootstrap (ADMIN_EMAIL / ADMIN_PASSWORD)', () => {
  it('creates the admin at start; it signs in with role ADMIN', async () => {
    const login = await call(t.app, 'POST', '/api/auth/login', { body: ADMIN });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email: ADMIN.email, roles: ['ADMIN'] });
    const profile = await call(t.app, 'GET', '/api/auth/profile', { token: login.body.token });
    expect(profile.body).toMatchObject({ role: 'ADMIN', roles: ['ADMIN'], phoneNumber: '' });
  });

  it('the admin cannot demote itself through update-profile', async () => {
    const login = await call(t.app, 'POST', '/api/auth/login', { body: ADMIN });
    expect(await update(login.body.token, { role: 'CUSTOMER' })).toMatchObject({ status: 403, body: ACCESS_DENIED });
    expect((await update(login.body.token, { phoneNumber: '123' })).body).toMatchObject({ role: 'ADMIN', phoneNumber: '123' });
  });

  it('leaves an existing admin alone on the next start (the password is not reset)', async () => {
    await bootstrapAdmin(new Users(t.app.db, Date.now), { email: ADMIN.email, password: 'another-password' }, silentLog());
    expect((await call(t.app, 'POST', '/api/auth/login', { body: ADMIN })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: 'another-password' } })).status).toBe(401);
    const admins = await t.app.db.selectFrom('users').select('id').where('role', '=', 'ADMIN').execute();
    expect(admins).toHaveLength(1);
  });

  it('never promotes an existing non-admin account that has the admin email', async () => {
    const squatter = await registerCustomer(t.app, { email: 'owner@carcare.test' });
    const warnings: string[] = [];
    await bootstrapAdmin(new Users(t.app.db, Date.now), { email: 'owner@carcare.test', password: 'admin-password-2' }, silentLog(warnings));
    const profile = await call(t.app, 'GET', '/api/auth/profile', { token: squatter.token });
    expect(profile.body.role).toBe('CUSTOMER');
    expect(warnings.join()).toMatch(/not promoted/);
  });
});

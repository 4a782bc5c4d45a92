import type { FastifyBaseLogger } from 'fastify';
import { bootstrapAdmin } from '../../../server/src/auth/adminBootstrap';
import { hashPassword } from '../../../server/src/auth/passwords';
import { Users } from '../../../server/src/users/queries';
import { ACCESS_DENIED, call, customer, type Json, registerCustomer } from '../helpers/http';
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

/** An account as Google sign-in creates it (CUSTOMER, no phone number yet), signed in. */
async function incompleteAccount(): Promise<Json> {
  const credentials = customer();
  await new Users(t.app.db, Date.now).create({
    email: credentials.email,
    passwordHash: await hashPassword(credentials.password),
    fullName: credentials.fullName,
    phoneNumber: '',
    address: '',
    role: 'CUSTOMER',
  });
  const login = await call(t.app, 'POST', '/api/auth/login', { body: { email: credentials.email, password: credentials.password } });
  expect(login.status).toBe(200);
  return login.body;
}

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
    expect(response.body).toMatchObject({ phoneNumber: '555', address: user.credentials.address, role: 'CUSTOMER' });
  });

  it('never wipes a stored address with an empty (or blank) one; a new address replaces it', async () => {
    const user = await registerCustomer(t.app, { address: '12 Analytical St' });
    for (const address of ['', '   ']) {
      const response = await update(user.token, { phoneNumber: '555', address });
      expect(response).toMatchObject({ status: 200, body: { phoneNumber: '555', address: '12 Analytical St' } });
    }
    expect((await call(t.app, 'GET', '/api/auth/profile', { token: user.token })).body.address).toBe('12 Analytical St');
    expect((await update(user.token, { address: ' 221B Baker St ' })).body.address).toBe('221B Baker St');
  });

  it('an incomplete profile (Google sign-in, no phone yet) chooses its role while completing it; later tokens carry it', async () => {
    const user = await incompleteAccount();
    const response = await update(user.token, { phoneNumber: '555 0100', address: '', role: 'EMPLOYEE' });
    expect(response).toMatchObject({ status: 200, body: { phoneNumber: '555 0100', role: 'EMPLOYEE', roles: ['EMPLOYEE'] } });
    const renewed = await call(t.app, 'POST', '/api/auth/refresh-token', { body: { refreshToken: user.refreshToken } });
    expect(JSON.parse(Buffer.from(renewed.body.token.split('.')[1], 'base64url').toString()).roles).toEqual(['EMPLOYEE']);
  });

  it('a complete profile keeps its role: an EMPLOYEE sending role CUSTOMER stays EMPLOYEE (the role is ignored)', async () => {
    const credentials = customer({ role: 'EMPLOYEE' });
    const employee = (await call(t.app, 'POST', '/api/auth/register/employee', { body: credentials })).body;
    const response = await update(employee.token, { phoneNumber: '555 0199', address: '', role: 'CUSTOMER' });
    expect(response).toMatchObject({ status: 200, body: { role: 'EMPLOYEE', roles: ['EMPLOYEE'], phoneNumber: '555 0199', address: credentials.address } });
    expect((await call(t.app, 'GET', '/api/auth/profile', { token: employee.token })).body).toMatchObject({ role: 'EMPLOYEE' });
    const renewed = await call(t.app, 'POST', '/api/auth/refresh-token', { body: { refreshToken: employee.refreshToken } });
    expect(JSON.parse(Buffer.from(renewed.body.token.split('.')[1], 'base64url').toString()).roles).toEqual(['EMPLOYEE']);
  });

  it('a complete CUSTOMER cannot make itself an EMPLOYEE either', async () => {
    const user = await registerCustomer(t.app);
    expect((await update(user.token, { role: 'EMPLOYEE' })).body).toMatchObject({ role: 'CUSTOMER', roles: ['CUSTOMER'] });
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
      message: 'Full name is required',
      success: false,
      errors: { fullName: 'Full name is required', phoneNumber: 'Phone number is required', role: 'Role must be CUSTOMER or EMPLOYEE' },
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

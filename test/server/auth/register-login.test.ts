import { call, customer, registerCustomer, uniqueEmail } from '../helpers/http';
import { startTestApp, type TestApp } from '../helpers/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_MAX_ATTEMPTS: '3' } });
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/register/customer', () => {
  it('creates a CUSTOMER (whatever role is sent) and signs them in', async () => {
    const body = customer({ email: uniqueEmail('New.Customer').toUpperCase(), role: 'ADMIN' });
    const response = await call(t.app, 'POST', '/api/auth/register/customer', { body });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      token: expect.any(String),
      refreshToken: expect.any(String),
      type: 'Bearer',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: body.email.toLowerCase(),
      fullName: 'Ada Lovelace',
      roles: ['CUSTOMER'],
      success: true,
      message: 'User registered successfully',
    });
    expect(response.body.refreshToken.length).toBeGreaterThanOrEqual(43);
    const profile = await call(t.app, 'GET', '/api/auth/profile', { token: response.body.token });
    expect(profile.body).toMatchObject({ email: body.email.toLowerCase(), role: 'CUSTOMER', phoneNumber: body.phoneNumber, address: body.address });
  });

  it('defaults a missing address to the empty string and trims fields', async () => {
    const email = uniqueEmail();
    const response = await call(t.app, 'POST', '/api/auth/register/customer', {
      body: { email, password: 'password-123', fullName: '  Grace Hopper ', phoneNumber: ' 555-0100 ' },
    });
    expect(response.status).toBe(201);
    const profile = await call(t.app, 'GET', '/api/auth/profile', { token: response.body.token });
    expect(profile.body).toMatchObject({ fullName: 'Grace Hopper', phoneNumber: '555-0100', address: '' });
  });

  it('answers 409 "Email already exists" for a taken address, in any letter case', async () => {
    const { credentials } = await registerCustomer(t.app);
    const again = await call(t.app, 'POST', '/api/auth/register/customer', { body: customer({ email: credentials.email.toUpperCase() }) });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Email already exists', success: false });
  });

  it("reports every invalid field with the spec's messages", async () => {
    const response = await call(t.app, 'POST', '/api/auth/register/customer', {
      body: { email: 'not-an-email', password: 'short', fullName: '   ', phoneNumber: '' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Email is invalid',
      success: false,
      errors: {
        email: 'Email is invalid',
        password: 'Password must be at least 8 characters long',
        fullName: 'Full name is required',
        phoneNumber: 'Phone number is required',
      },
    });
  });

  it('says which required fields are missing', async () => {
    const response = await call(t.app, 'POST', '/api/auth/register/customer', { body: {} });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      fullName: 'Full name is required',
      phoneNumber: 'Phone number is required',
    });
  });

  it('rejects non-string values instead of coercing them', async () => {
    const response = await call(t.app, 'POST', '/api/auth/register/customer', { body: customer({ phoneNumber: 12345 as unknown as string }) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ phoneNumber: 'Phone number is required' });
  });

  it('never creates an ADMIN (there is no ADMIN_EMAIL in this app)', async () => {
    await registerCustomer(t.app, { role: 'ADMIN' });
    const admins = await t.app.db.selectFrom('users').select('id').where('role', '=', 'ADMIN').execute();
    expect(admins).toHaveLength(0);
  });

  it('ignores unknown fields such as confirmPassword', async () => {
    const response = await call(t.app, 'POST', '/api/auth/register/customer', { body: { ...customer(), confirmPassword: 'x', isActive: false } });
    expect(response.status).toBe(201);
  });
});

describe('POST /api/auth/register/employee', () => {
  it('creates an EMPLOYEE with optional employeeId and department', async () => {
    const response = await call(t.app, 'POST', '/api/auth/register/employee', {
      body: { ...customer(), role: 'ADMIN', employeeId: 'E-42', department: 'Engines' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ roles: ['EMPLOYEE'], success: true, message: 'User registered successfully' });
    const profile = await call(t.app, 'GET', '/api/auth/profile', { token: response.body.token });
    expect(profile.body).toMatchObject({ role: 'EMPLOYEE', roles: ['EMPLOYEE'], department: 'Engines' });
  });

  it('works with only the five fields the employee form sends', async () => {
    const { email, password, fullName, phoneNumber, address } = customer();
    const response = await call(t.app, 'POST', '/api/auth/register/employee', { body: { email, password, fullName, phoneNumber, address, role: 'EMPLOYEE' } });
    expect(response.status).toBe(201);
    const profile = await call(t.app, 'GET', '/api/auth/profile', { token: response.body.token });
    expect(profile.body.department).toBeUndefined();
  });

  it('validates like the customer form', async () => {
    const response = await call(t.app, 'POST', '/api/auth/register/employee', { body: { ...customer(), password: '1234567' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ password: 'Password must be at least 8 characters long' });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the login response shape, the email in any case', async () => {
    const { id, credentials } = await registerCustomer(t.app);
    const response = await call(t.app, 'POST', '/api/auth/login', { body: { email: ` ${credentials.email.toUpperCase()} `, password: credentials.password } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      token: expect.any(String),
      refreshToken: expect.any(String),
      type: 'Bearer',
      id,
      email: credentials.email,
      fullName: credentials.fullName,
      roles: ['CUSTOMER'],
    });
  });

  it('answers 401 "Email not found" for an unknown address', async () => {
    const response = await call(t.app, 'POST', '/api/auth/login', { body: { email: uniqueEmail('nobody'), password: 'whatever-123' } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Email not found', success: false });
  });

  it('answers 401 "Password is incorrect" for a wrong password', async () => {
    const { credentials } = await registerCustomer(t.app);
    const response = await call(t.app, 'POST', '/api/auth/login', { body: { email: credentials.email, password: 'wrong-password' } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Password is incorrect', success: false });
  });

  it('requires email and password', async () => {
    const response = await call(t.app, 'POST', '/api/auth/login', { body: { email: '', password: '' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Email is required',
      success: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it('answers 429 after LOGIN_MAX_ATTEMPTS failures per email and IP, until the window passes', async () => {
    const { credentials } = await registerCustomer(t.app);
    const attempt = (password: string, ip = '127.0.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: credentials.email, password } });

    for (let i = 0; i < 3; i += 1) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const blocked = await attempt(credentials.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many login attempts. Please try again later.', success: false });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Another client IP is counted separately.
    expect((await attempt(credentials.password, '10.0.0.9')).statusCode).toBe(200);

    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await attempt(credentials.password)).statusCode).toBe(200);
  });

  it('counts attempts on unknown emails too', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 3; i += 1) {
      expect((await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'x' } })).status).toBe(401);
    }
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email, password: 'x' } })).status).toBe(429);
  });

  it('clears the failure count after a successful login', async () => {
    const { credentials } = await registerCustomer(t.app);
    const login = (password: string) => call(t.app, 'POST', '/api/auth/login', { body: { email: credentials.email, password } });
    await login('wrong-1');
    await login('wrong-2');
    expect((await login(credentials.password)).status).toBe(200);
    await login('wrong-3');
    await login('wrong-4');
    expect((await login(credentials.password)).status).toBe(200);
  });
});

describe('SQL injection attempts', () => {
  const payloads = ["' OR '1'='1", "admin'--", "x'; DROP TABLE users; --", '" OR ""="', "1; SELECT pg_sleep(1)"];

  it.each(payloads)('login with %p gives a 4xx and nothing internal', async (payload) => {
    for (const body of [{ email: payload, password: payload }, { email: `${payload}@example.com`, password: payload }]) {
      const response = await call(t.app, 'POST', '/api/auth/login', { body, headers: { 'x-test': payload } });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.text).not.toMatch(/syntax|sql|select|relation|stack|pg_|kysely/i);
    }
  });

  it('register and check-email treat them as data', async () => {
    const register = await call(t.app, 'POST', '/api/auth/register/customer', { body: customer({ email: "x'; DROP TABLE users; --@example.com" }) });
    expect(register.status).toBe(400);
    expect(register.body.errors).toEqual({ email: 'Email is invalid' });

    const name = "Robert'); DROP TABLE users;--";
    const created = await registerCustomer(t.app, { fullName: name });
    const profile = await call(t.app, 'GET', '/api/auth/profile', { token: created.token });
    expect(profile.body.fullName).toBe(name);

    // Quotes and dashes may be in an address ('=' may not): it is looked up as data.
    const check = await call(t.app, 'GET', `/api/auth/check-email/${encodeURIComponent("a'or'1'--@example.com")}`);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ available: true });
    const count = await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(1);
  });
});

describe('GET /api/auth/check-email/:email', () => {
  it('tells whether an address is free, ignoring case', async () => {
    const { credentials } = await registerCustomer(t.app);
    expect((await call(t.app, 'GET', `/api/auth/check-email/${encodeURIComponent(credentials.email.toUpperCase())}`)).body).toEqual({ available: false });
    expect((await call(t.app, 'GET', `/api/auth/check-email/${encodeURIComponent(uniqueEmail('free'))}`)).body).toEqual({ available: true });
  });

  it('applies the registration rule: a local part over 64 characters, or a "?" or "&", is 400 "Email is invalid"', async () => {
    const refused = { message: 'Email is invalid', success: false, errors: { email: 'Email is invalid' } };
    for (const email of [`${'a'.repeat(150)}@example.com`, `${'a'.repeat(65)}@example.com`, 'a?cc=b@example.com', 'a&body=x@example.com']) {
      const check = await call(t.app, 'GET', `/api/auth/check-email/${encodeURIComponent(email)}`);
      expect({ email, status: check.status, body: check.body }).toEqual({ email, status: 400, body: refused });
      const register = await call(t.app, 'POST', '/api/auth/register/customer', { body: customer({ email }) });
      expect({ email, status: register.status, body: register.body }).toEqual({ email, status: 400, body: refused });
    }
    const longest = `${'a'.repeat(64)}@example.com`;
    expect((await call(t.app, 'GET', `/api/auth/check-email/${longest}`)).body).toEqual({ available: true });
    expect((await registerCustomer(t.app, { email: longest })).email).toBe(longest);
  });

  it('rejects something that is not an email address', async () => {
    const response = await call(t.app, 'GET', '/api/auth/check-email/not-an-email');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Email is invalid', success: false, errors: { email: 'Email is invalid' } });
  });
});

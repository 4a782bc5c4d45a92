/**
 * The Account page's changes: the password (the current one checked, other sessions revoked, the address
 * told) and the e-mail address (it changes once the link sent to the new address is opened; the old one is told).
 */
import { ACCOUNT_MESSAGES } from '../../../server/src/contract/account';
import { call, failure, invalid } from '../helpers/http';
import { login, type Person, signUp, useShop } from '../helpers/shop';
import { startTestApp } from '../helpers/testApp';
import { accountMails, lastMail, linkIn, tokenSentTo } from './helpers';

const APP_URL = 'https://shop.example';
const PASSWORD = 'correct-horse-1';

const shop = useShop({ env: { APP_URL } });

const profileOf = async (person: Person) => (await call(shop.app, 'GET', '/api/auth/profile', { token: person.token })).body;
const changePassword = (person: Person, body: Record<string, unknown>) => call(shop.app, 'PUT', '/api/account/password', { token: person.token, body });
const changeEmail = (person: Person, body: Record<string, unknown>) => call(shop.app, 'PUT', '/api/account/email', { token: person.token, body });
const verify = (token: string) => call(shop.app, 'POST', '/api/account/email/verify', { body: { token } });
const fresh = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** An account made by Google sign-in (no password), signed in. */
async function googleOnly(): Promise<Person> {
  const user = await shop.app.users.create({
    email: fresh('google'),
    passwordHash: null,
    fullName: 'Gia Google',
    phoneNumber: '555-0101',
    address: '',
    role: 'CUSTOMER',
    googleSub: `sub-${Date.now()}-${Math.random()}`,
    emailVerified: true,
  });
  const session = await shop.app.sessions.start(user, 'test');
  return { id: user.id, email: user.email, fullName: user.full_name, token: session.token };
}

describe('PUT /api/account/password', () => {
  it('checks the current password: missing, wrong, and the new one under the registration rules', async () => {
    const person = await signUp(shop.app);
    expect(await changePassword(person, { newPassword: 'new-password-1' })).toMatchObject({
      status: 400,
      body: invalid({ currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired }),
    });
    expect((await changePassword(person, { currentPassword: '', newPassword: 'new-password-1' })).body).toEqual(
      invalid({ currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired }),
    );
    expect(await changePassword(person, { currentPassword: 'not-my-password', newPassword: 'new-password-1' })).toMatchObject({
      status: 400,
      body: invalid({ currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong }),
    });
    expect((await changePassword(person, { currentPassword: PASSWORD, newPassword: 'short' })).body).toEqual(invalid({ newPassword: 'Password must be at least 8 characters long' }));
    // Nothing changed.
    expect((await call(shop.app, 'POST', '/api/auth/login', { body: { email: person.email, password: PASSWORD } })).status).toBe(200);
  });

  it('changes it: the other sessions end, this one stays, the address is told', async () => {
    const person = await signUp(shop.app);
    const elsewhere = await login(shop.app, person.email, PASSWORD);
    const response = await changePassword(person, { currentPassword: PASSWORD, newPassword: 'a-new-secret-2' });
    expect(response).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.passwordChanged } });
    expect((await call(shop.app, 'GET', '/api/auth/profile', { token: person.token })).status).toBe(200);
    expect((await call(shop.app, 'GET', '/api/auth/profile', { token: elsewhere.token })).status).toBe(401);
    expect((await call(shop.app, 'POST', '/api/auth/login', { body: { email: person.email, password: PASSWORD } })).status).toBe(401);
    expect((await call(shop.app, 'POST', '/api/auth/login', { body: { email: person.email, password: 'a-new-secret-2' } })).status).toBe(200);
    const told = await lastMail(shop.app, person.email, 'PASSWORD_CHANGED');
    expect(told.subject).toBe('Your CarCare password was changed');
    // A password change does not verify the address (nothing reached it).
    expect((await profileOf(person)).emailVerified).toBe(false);
  });

  it('an account made by Google sign-in has no password to check: noPassword', async () => {
    const person = await googleOnly();
    expect(await changePassword(person, { currentPassword: 'anything', newPassword: 'new-password-1' })).toMatchObject({
      status: 400,
      body: invalid({ currentPassword: ACCOUNT_MESSAGES.noPassword }),
    });
  });

  it('wrong current passwords are counted per account like logins: 429 tooManyAttempts; a right one clears the count', async () => {
    const t = await startTestApp({ env: { LOGIN_MAX_ATTEMPTS: '2' } });
    try {
      const person = await signUp(t.app);
      const attempt = (currentPassword: string) => call(t.app, 'PUT', '/api/account/password', { token: person.token, body: { currentPassword, newPassword: 'new-password-1' } });
      expect((await attempt('wrong-1')).status).toBe(400);
      expect((await attempt(PASSWORD)).status).toBe(200);
      expect((await attempt('wrong-2')).status).toBe(400);
      expect((await attempt('wrong-3')).status).toBe(400);
      const refused = await attempt('new-password-1');
      expect(refused).toMatchObject({ status: 429, body: failure(ACCOUNT_MESSAGES.tooManyAttempts) });
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });
});

describe('PUT /api/account/email', () => {
  it('refuses the same address (emailSame), an address in use (409 emailTaken), a missing or wrong password', async () => {
    const person = await signUp(shop.app);
    const other = await signUp(shop.app);
    expect(await changeEmail(person, { email: person.email.toUpperCase(), currentPassword: PASSWORD })).toMatchObject({
      status: 400,
      body: invalid({ email: ACCOUNT_MESSAGES.emailSame }),
    });
    expect(await changeEmail(person, { email: other.email, currentPassword: PASSWORD })).toMatchObject({ status: 409, body: failure(ACCOUNT_MESSAGES.emailTaken) });
    expect((await changeEmail(person, { email: fresh('new') })).body).toEqual(invalid({ currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired }));
    expect((await changeEmail(person, { email: fresh('new'), currentPassword: 'wrong-password' })).body).toEqual(invalid({ currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong }));
    expect((await changeEmail(person, { email: 'not an address', currentPassword: PASSWORD })).body).toEqual(invalid({ email: 'Email is invalid' }));
    expect((await profileOf(person)).pendingEmail).toBeUndefined();
  });

  it('sends the link to the new address and a notice to the old one; the address changes once the link is opened', async () => {
    const person = await signUp(shop.app);
    const next = fresh('Moved');
    const response = await changeEmail(person, { email: next, currentPassword: PASSWORD });
    expect(response).toMatchObject({ status: 202, body: { message: ACCOUNT_MESSAGES.emailChangeSent, pendingEmail: next.toLowerCase() } });
    const newAddress = next.toLowerCase();
    expect(await profileOf(person)).toMatchObject({ email: person.email, pendingEmail: newAddress, emailVerified: false });
    // The update-profile answer is the same profile.
    expect((await call(shop.app, 'PUT', '/api/auth/update-profile', { token: person.token, body: { fullName: 'Still Me' } })).body).toMatchObject({
      pendingEmail: newAddress,
      emailVerified: false,
    });
    // Until then the account signs in with the old address.
    expect((await call(shop.app, 'POST', '/api/auth/login', { body: { email: person.email, password: PASSWORD } })).status).toBe(200);

    const confirm = await lastMail(shop.app, newAddress, 'CONFIRM_NEW_EMAIL');
    expect(confirm.subject).toBe('Confirm your new e-mail address');
    const { url, token } = linkIn(confirm);
    expect(url).toBe(`${APP_URL}/verify-email#token=${token}`);
    const notice = await lastMail(shop.app, person.email, 'EMAIL_CHANGE_REQUESTED');
    expect(notice.subject).toBe('Your CarCare e-mail address is being changed');
    expect(notice.text).toContain(`asked to change its e-mail address to ${newAddress}.`);
    expect(linkIn.bind(null, notice)).toThrow();

    expect(await verify(token)).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.emailVerified, email: newAddress } });
    const changed = await profileOf(person);
    expect(changed).toMatchObject({ email: newAddress, emailVerified: true });
    expect(changed.pendingEmail).toBeUndefined();
    expect((await call(shop.app, 'POST', '/api/auth/login', { body: { email: newAddress, password: PASSWORD } })).status).toBe(200);
    expect((await call(shop.app, 'POST', '/api/auth/login', { body: { email: person.email, password: PASSWORD } })).body).toEqual(failure('Email not found'));
  });

  it('a newer request replaces the pending address: the older link no longer works', async () => {
    const person = await signUp(shop.app);
    const first = fresh('first');
    const second = fresh('second');
    expect((await changeEmail(person, { email: first, currentPassword: PASSWORD })).status).toBe(202);
    expect((await changeEmail(person, { email: second, currentPassword: PASSWORD })).status).toBe(202);
    expect((await profileOf(person)).pendingEmail).toBe(second);
    expect((await verify(await tokenSentTo(shop.app, first, 'CONFIRM_NEW_EMAIL'))).body).toEqual(invalid({ token: ACCOUNT_MESSAGES.linkInvalid }));
    expect((await verify(await tokenSentTo(shop.app, second, 'CONFIRM_NEW_EMAIL'))).body).toMatchObject({ email: second });
  });

  it('an address another account took meanwhile: 409 emailTaken when the link is opened, and the link stays unspent', async () => {
    const person = await signUp(shop.app);
    const wanted = fresh('wanted');
    expect((await changeEmail(person, { email: wanted, currentPassword: PASSWORD })).status).toBe(202);
    await signUp(shop.app, 'CUSTOMER', { email: wanted });
    const token = await tokenSentTo(shop.app, wanted, 'CONFIRM_NEW_EMAIL');
    expect(await verify(token)).toMatchObject({ status: 409, body: failure(ACCOUNT_MESSAGES.emailTaken) });
    expect(await profileOf(person)).toMatchObject({ email: person.email, pendingEmail: wanted });
    const unspent = await shop.app.db.selectFrom('account_tokens').select('used_at').where('user_id', '=', person.id).where('email', '=', wanted).executeTakeFirstOrThrow();
    expect(unspent.used_at).toBeNull();
  });

  it('an account without a password changes its address without one', async () => {
    const person = await googleOnly();
    const next = fresh('google-next');
    expect((await changeEmail(person, { email: next })).status).toBe(202);
    expect((await verify(await tokenSentTo(shop.app, next, 'CONFIRM_NEW_EMAIL'))).status).toBe(200);
    expect((await profileOf(person)).email).toBe(next);
  });

  it('shares the per-account e-mail budget with resend (ACCOUNT_EMAILS_PER_USER_PER_HOUR): 429 tooManyEmails', async () => {
    const t = await startTestApp({ env: { ACCOUNT_EMAILS_PER_USER_PER_HOUR: '2' } });
    try {
      const person = await signUp(t.app);
      const change = () => call(t.app, 'PUT', '/api/account/email', { token: person.token, body: { email: fresh('budget'), currentPassword: PASSWORD } });
      expect((await call(t.app, 'POST', '/api/account/email/resend', { token: person.token })).status).toBe(202);
      expect((await change()).status).toBe(202);
      expect(await change()).toMatchObject({ status: 429, body: failure(ACCOUNT_MESSAGES.tooManyEmails) });
      expect((await accountMails(t.app)).filter((mail) => mail.kind === 'CONFIRM_NEW_EMAIL')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

/**
 * E-mail verification: a registration leaves the address unverified and sends the link that verifies it
 * (`APP_URL/verify-email#token=…`, VERIFY_TOKEN_TTL); "Resend" is rate-limited; until verified the address gets
 * only the account's own e-mails — no job e-mail is written for it, and one written before is never sent; admins
 * see the flag in Staff and on every job.
 */
import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '../../../server/src/contract/account';
import { NOT_VERIFIED } from '../../../server/src/mail/outbox';
import { startSmtpServer, type TestSmtpServer } from '../mail/smtpServer';
import { mailsAbout } from '../notifications/helpers';
import { call, failure, invalid } from '../helpers/http';
import { approvedTechnician, assigned, booked, dayCounter, type Shop, signUp, startShop, useShop } from '../helpers/shop';
import { startTestApp } from '../helpers/testApp';
import { accountMails, lastMail, linkIn, tokenSentTo, verifyEmail } from './helpers';

const APP_URL = 'https://shop.example';

const shop = useShop({ env: { APP_URL } });

const verify = (token: string) => call(shop.app, 'POST', '/api/account/email/verify', { body: { token } });
const profileOf = async (token: string) => (await call(shop.app, 'GET', '/api/auth/profile', { token })).body;

const nextDay = dayCounter();

describe('registration', () => {
  it.each(['CUSTOMER', 'EMPLOYEE'] as const)('a new %s account is unverified and is sent the link that verifies it', async (role) => {
    const person = await signUp(shop.app, role);
    expect(await profileOf(person.token)).toMatchObject({ emailVerified: false });
    expect((await profileOf(person.token)).pendingEmail).toBeUndefined();

    const mails = await accountMails(shop.app, person.email);
    expect(mails.map((mail) => [mail.kind, mail.userId, mail.subject])).toEqual([['VERIFY_EMAIL', person.id, 'Verify your e-mail address']]);
    const { url, token } = linkIn(mails[0]);
    expect(url).toBe(`${APP_URL}/verify-email#token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mails[0].text).toContain('The link works for 2 days.');
    expect(mails[0].stored).not.toContain(token);

    const answer = await verify(token);
    expect(answer).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.emailVerified, email: person.email } });
    expect(await profileOf(person.token)).toMatchObject({ emailVerified: true });
    // Single use.
    expect(await verify(token)).toMatchObject({ status: 400, body: invalid({ token: ACCOUNT_MESSAGES.linkInvalid }) });
  });

  it('a link works for VERIFY_TOKEN_TTL (48h), no longer', async () => {
    // An app of its own: its clock moves two days.
    const t = await startTestApp();
    try {
      const late = await signUp(t.app);
      const onTime = await signUp(t.app);
      const lateToken = await tokenSentTo(t.app, late.email, 'VERIFY_EMAIL');
      const onTimeToken = await tokenSentTo(t.app, onTime.email, 'VERIFY_EMAIL');
      const open = (token: string) => call(t.app, 'POST', '/api/account/email/verify', { body: { token } });
      t.clock.advance(48 * 60 * 60_000 - 1);
      expect((await open(onTimeToken)).status).toBe(200);
      t.clock.advance(1);
      expect((await open(lateToken)).body).toEqual(invalid({ token: ACCOUNT_MESSAGES.linkInvalid }));
      const row = await t.app.db.selectFrom('users').select('email_verified_at').where('id', '=', late.id).executeTakeFirstOrThrow();
      expect(row.email_verified_at).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('an unknown or malformed token is linkInvalid', async () => {
    expect((await verify('A'.repeat(43))).body).toEqual(invalid({ token: ACCOUNT_MESSAGES.linkInvalid }));
    expect((await verify('')).body).toEqual(invalid({ token: ACCOUNT_MESSAGES.linkInvalid }));
    expect((await call(shop.app, 'POST', '/api/account/email/verify', { body: {} })).body).toEqual(invalid({ token: ACCOUNT_MESSAGES.linkInvalid }));
  });
});

describe('POST /api/account/email/resend', () => {
  it('sends a new link (202 verificationSent); the older one keeps working; once verified: 409 emailAlreadyVerified', async () => {
    const person = await signUp(shop.app);
    const first = await tokenSentTo(shop.app, person.email, 'VERIFY_EMAIL');
    const resent = await call(shop.app, 'POST', '/api/account/email/resend', { token: person.token });
    expect(resent).toMatchObject({ status: 202, body: { message: ACCOUNT_MESSAGES.verificationSent } });
    const second = await tokenSentTo(shop.app, person.email, 'VERIFY_EMAIL');
    expect(second).not.toBe(first);
    expect((await verify(first)).status).toBe(200);
    expect(await call(shop.app, 'POST', '/api/account/email/resend', { token: person.token })).toMatchObject({
      status: 409,
      body: failure(ACCOUNT_MESSAGES.emailAlreadyVerified),
    });
    // The second link verifies the same address: harmless, and spent.
    expect((await verify(second)).status).toBe(200);
    expect((await verify(second)).status).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    expect(await call(shop.app, 'POST', '/api/account/email/resend')).toMatchObject({ status: 401, body: failure('Authentication required') });
  });

  it('is limited per account (ACCOUNT_EMAILS_PER_USER_PER_HOUR): 429 tooManyEmails', async () => {
    const limited = await startShop({ env: { ACCOUNT_EMAILS_PER_USER_PER_HOUR: '2' } });
    try {
      const person = await signUp(limited.app);
      const other = await signUp(limited.app);
      const resend = (token: string) => call(limited.app, 'POST', '/api/account/email/resend', { token });
      expect((await resend(person.token)).status).toBe(202);
      expect((await resend(person.token)).status).toBe(202);
      const refused = await resend(person.token);
      expect(refused).toMatchObject({ status: 429, body: failure(ACCOUNT_MESSAGES.tooManyEmails) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      // Someone else's budget is their own.
      expect((await resend(other.token)).status).toBe(202);
      // Registration's link plus two resends: three links, no more.
      expect((await accountMails(limited.app, person.email)).filter((mail) => mail.kind === 'VERIFY_EMAIL')).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe('until verified, no job e-mail', () => {
  it('the database writes none for an unverified customer (the notifications still come); once verified, they are written', async () => {
    const customer = await signUp(shop.app);
    const technician = await approvedTechnician(shop);
    const quiet = await assigned(shop, customer, technician, { date: nextDay(), slot: '09:00' });
    expect(await mailsAbout(shop, quiet.id)).toEqual([]);
    const told = await shop.app.db.selectFrom('notifications').select('kind').where('appointment_id', '=', quiet.id).where('user_id', '=', customer.id).execute();
    expect(told).toEqual([{ kind: 'JOB_ASSIGNED' }]);
    // Only the account's own e-mail went to the address.
    expect((await shop.app.db.selectFrom('email_outbox').select('kind').where('recipient', '=', customer.email).execute()).map((row) => row.kind)).toEqual(['VERIFY_EMAIL']);

    await verifyEmail(shop.app, customer.email);
    const mailed = await booked(shop.app, customer.token, { date: nextDay(), slot: '10:00' });
    expect((await mailsAbout(shop, mailed.id)).map((mail) => [mail.kind, mail.recipient])).toEqual([['BOOKING_RECEIVED', customer.email]]);
  });
});

describe('what admins see', () => {
  it('Staff and every job carry whether the address is verified, read from the database', async () => {
    const technician = await signUp(shop.app, 'EMPLOYEE');
    const customer = await signUp(shop.app);
    const job = await booked(shop.app, customer.token, { date: nextDay(), slot: '11:00' });
    const staffEntry = async () => (await call(shop.app, 'GET', '/api/staff', { token: shop.admin.token })).body.find((member: { id: string }) => member.id === technician.id);
    const customerOnJob = async () => (await call(shop.app, 'GET', `/api/appointments/${job.id}`, { token: shop.admin.token })).body.customer;
    const onBoard = async () =>
      (await call(shop.app, 'GET', `/api/appointments?from=${job.date}&to=${job.date}&limit=200`, { token: shop.admin.token })).body.items.find((item: { id: string }) => item.id === job.id)
        .customer.emailVerified;

    expect(await staffEntry()).toMatchObject({ emailVerified: false });
    expect(await customerOnJob()).toMatchObject({ id: customer.id, emailVerified: false });
    expect(await onBoard()).toBe(false);

    await verifyEmail(shop.app, technician.email);
    await verifyEmail(shop.app, customer.email);
    expect(await staffEntry()).toMatchObject({ emailVerified: true });
    expect(await customerOnJob()).toMatchObject({ emailVerified: true });
    expect(await onBoard()).toBe(true);
  });
});

/** An outbox row's state and error once the worker has dealt with it (no longer PENDING). */
async function settledRow(on: Shop, id: string): Promise<{ state: string; last_error: string | null }> {
  const read = () => on.app.db.selectFrom('email_outbox').select(['state', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
  const started = Date.now();
  for (;;) {
    const row = await read();
    if (row.state !== 'PENDING' || Date.now() - started > 20_000) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the worker (SMTP)', () => {
  let smtp: TestSmtpServer;
  let mailing: Shop;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await startShop({ env: { APP_URL, SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '50ms' } });
  });

  afterAll(async () => {
    await mailing?.close();
    await smtp?.close();
  });

  it('delivers the verification link to an unverified address; a job e-mail for it, written before, is marked FAILED and never sent', async () => {
    const customer = await signUp(mailing.app);
    // A job e-mail an older server wrote for this address (before migration 0015 made it unverified).
    const oldMailId = randomUUID();
    const nowIso = new Date(mailing.clock.now()).toISOString();
    await mailing.app.db
      .insertInto('email_outbox')
      .values({ id: oldMailId, user_id: customer.id, kind: 'JOB_COMPLETED', recipient: customer.email, subject: 'Your car is ready', text_body: 'Hello', next_attempt_at: nowIso, created_at: nowIso })
      .execute();
    mailing.app.mailWorker?.wake();

    const [delivered] = await smtp.waitForAccepted(1);
    expect(delivered).toMatchObject({ to: [customer.email], subject: 'Verify your e-mail address' });
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(delivered.text)?.[1] as string;
    expect(delivered.text).toContain(`${APP_URL}/verify-email#token=${token}`);

    const old = await settledRow(mailing, oldMailId);
    expect(old).toEqual({ state: 'FAILED', last_error: NOT_VERIFIED });
    expect((await mailing.app.db.selectFrom('email_outbox').select('attempts').where('id', '=', oldMailId).executeTakeFirstOrThrow()).attempts).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Verify your e-mail address']);

    // The link from the delivered mail verifies the address.
    expect((await call(mailing.app, 'POST', '/api/account/email/verify', { body: { token } })).status).toBe(200);
    expect((await call(mailing.app, 'GET', '/api/auth/profile', { token: customer.token })).body.emailVerified).toBe(true);
  });

  it('a reset link reaches an unverified address too, and a sealed link that cannot be opened is FAILED, not sent', async () => {
    const before = smtp.accepted().length;
    const person = await signUp(mailing.app);
    expect((await call(mailing.app, 'POST', '/api/account/password/forgot', { body: { email: person.email } })).status).toBe(202);
    await mailing.app.account.afterAnswer.idle();
    const reset = await lastMail(mailing.app, person.email, 'PASSWORD_RESET');
    // The verification link, then the reset link.
    const arrived = (await smtp.waitForAccepted(before + 2)).slice(before);
    expect(arrived.map((mail) => [mail.to, mail.subject])).toEqual([
      [[person.email], 'Verify your e-mail address'],
      [[person.email], 'Reset your CarCare password'],
    ]);
    expect(arrived[1].text).toContain(linkIn(reset).url);

    // A row whose box does not open (sealed to another row, or under a rotated JWT_SECRET).
    const stolenBox = JSON.parse(reset.stored) as { link: string };
    const id = randomUUID();
    const nowIso = new Date(mailing.clock.now()).toISOString();
    await mailing.app.db
      .insertInto('email_outbox')
      .values({ id, user_id: person.id, kind: 'PASSWORD_RESET', recipient: person.email, params: JSON.stringify({ name: 'x', link: stolenBox.link }), next_attempt_at: nowIso, created_at: nowIso })
      .execute();
    mailing.app.mailWorker?.wake();
    expect(await settledRow(mailing, id)).toEqual({ state: 'FAILED', last_error: expect.stringContaining('could not be opened') });
  });
});

/**
 * The limits under simultaneous requests, over real HTTP (a loopback port, not app.inject): counting is one
 * statement in the database, so exactly the limit's number of requests get through however many arrive at once.
 * On PostgreSQL (DATABASE_URL) the requests run on a pool of connections, and a second app instance on the same
 * database shares the counters. That case runs only on PostgreSQL: the embedded database (PGlite) is
 * single-process, and a second app cannot open the same data directory (DATA_DIR lock).
 */
import * as passwords from '../../../server/src/auth/passwords';
import { uniqueEmail } from '../helpers/http';
import { listen } from '../helpers/shop';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase, usingPostgres } from '../helpers/testApp';
import { type Answer, fetchAnswer, PASSWORD, registered, statuses, TOO_MANY_LOGINS, TOO_MANY_REQUESTS } from './helpers';

const N = 100;

/** Fires all requests at once and waits for every answer. */
function all(count: number, request: (index: number) => Promise<Answer>): Promise<Answer[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => request(index)));
}

afterEach(() => jest.restoreAllMocks());

describe('one instance', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { LOGIN_MAX_ATTEMPTS: '5', LOGIN_MAX_ATTEMPTS_PER_IP: '1000', REQUESTS_PER_IP_PER_MINUTE: '1000' } });
    base = await listen(t.app);
  });

  afterAll(async () => t.close());

  it(`${N} simultaneous wrong passwords for one account: exactly LOGIN_MAX_ATTEMPTS password checks (401), the rest 429`, async () => {
    const email = await registered(t.app, uniqueEmail('victim'));
    const verify = jest.spyOn(passwords, 'verifyPassword');

    const answers = await all(N, (index) => fetchAnswer(base, 'POST', '/api/auth/login', { email, password: `guess-${index}` }));

    expect(statuses(answers)).toEqual({ 401: 5, 429: N - 5 });
    expect(new Set(answers.filter((a) => a.status === 401).map((a) => a.body.message))).toEqual(new Set(['Password is incorrect']));
    expect(answers.filter((a) => a.status === 429).every((a) => a.body.message === TOO_MANY_LOGINS.message && Number(a.retryAfter) > 0)).toBe(true);
    expect(verify).toHaveBeenCalledTimes(5);
    // The right password is refused too until the window ends.
    expect((await fetchAnswer(base, 'POST', '/api/auth/login', { email, password: PASSWORD })).status).toBe(429);
  });
});

describe('LOGIN_MAX_ATTEMPTS_PER_IP and REQUESTS_PER_IP_PER_MINUTE under concurrency', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { LOGIN_MAX_ATTEMPTS_PER_IP: '10', REQUESTS_PER_IP_PER_MINUTE: '150' } });
    base = await listen(t.app);
  });

  afterAll(async () => t.close());

  it(`${N} simultaneous logins on ${N} different e-mails: exactly LOGIN_MAX_ATTEMPTS_PER_IP get an answer, the rest 429`, async () => {
    const answers = await all(N, () => fetchAnswer(base, 'POST', '/api/auth/login', { email: uniqueEmail('spray'), password: 'x' }));
    expect(statuses(answers)).toEqual({ 401: 10, 429: N - 10 });
  });

  it('simultaneous requests beyond REQUESTS_PER_IP_PER_MINUTE: exactly the rest of the budget gets through', async () => {
    // 100 requests of the minute's 150 are spent above.
    const answers = await all(N, () => fetchAnswer(base, 'GET', '/api/catalog'));
    expect(statuses(answers)).toEqual({ 200: 50, 429: 50 });
    expect(answers.find((a) => a.status === 429)?.body).toEqual(TOO_MANY_REQUESTS);
  });
});

// Two instances on one database exist only on PostgreSQL (see the top of this file).
if (usingPostgres) {
  describe('two API instances on one PostgreSQL database share the counters', () => {
    let database: TestDatabase;
    let first: TestApp;
    let second: TestApp;
    let bases: string[];

    beforeAll(async () => {
      database = await createTestDatabase();
      const env = { LOGIN_MAX_ATTEMPTS: '5', LOGIN_MAX_ATTEMPTS_PER_IP: '1000', REQUESTS_PER_IP_PER_MINUTE: '260' };
      first = await startTestApp({ database, env });
      second = await startTestApp({ database, env });
      bases = [await listen(first.app), await listen(second.app)];
    });

    afterAll(async () => {
      await first?.close();
      await second?.close();
      await database?.dispose();
    });

    it(`${N} simultaneous wrong passwords spread over both instances: LOGIN_MAX_ATTEMPTS 401s in all`, async () => {
      const email = await registered(first.app, uniqueEmail('victim'));
      const answers = await all(N, (index) => fetchAnswer(bases[index % 2], 'POST', '/api/auth/login', { email, password: `guess-${index}` }));
      expect(statuses(answers)).toEqual({ 401: 5, 429: N - 5 });
      expect(new Set(answers.filter((a) => a.status === 401).map((a) => a.body.message))).toEqual(new Set(['Password is incorrect']));
      // Each instance refuses the account now, whichever took the guesses.
      for (const base of bases) expect((await fetchAnswer(base, 'POST', '/api/auth/login', { email, password: PASSWORD })).body).toEqual(TOO_MANY_LOGINS);
    });

    it('REQUESTS_PER_IP_PER_MINUTE holds for both instances together', async () => {
      // 100 + 2 logins above came from this address (the registration from another): 158 of the minute's 260 are left.
      const answers = await all(2 * N, (index) => fetchAnswer(bases[index % 2], 'GET', '/api/catalog'));
      expect(statuses(answers)).toEqual({ 200: 158, 429: 2 * N - 158 });
    });
  });
}

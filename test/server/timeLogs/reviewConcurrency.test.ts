import { approvedTechnician, day, http, listen, login, type Person, type Shop, signUp, startShop } from '../helpers/shop';
import { failure, type Json } from '../helpers/http';

/**
 * Approval racing the technician's edit or delete, with real concurrent HTTP requests (the server listens): every
 * change locks the log's row first, so exactly one of the two wins and the other is told why. Run on PGlite and on
 * PostgreSQL (scripts/with-postgres.sh), where the requests really run side by side on separate connections.
 */

const ROUNDS = 20;
const APPROVED_LOCKED = failure('This time log has been approved and can no longer be changed.');
const CHANGED_ELSEWHERE = failure('This time log was changed by someone else. Reload and try again.');
const ALREADY_REVIEWED = failure('This time log has already been reviewed.');
const LOG_NOT_FOUND = failure('Time log not found');

let shop: Shop;
let base: string;
let technician: Person;

beforeAll(async () => {
  // Each test logs in weeks of its own, up to years back: the age bound on a log's date is lifted here.
  shop = await startShop({ env: { TIME_LOG_MAX_AGE_DAYS: '3650' } });
  base = await listen(shop.app);
  technician = await approvedTechnician(shop, { fullName: 'Race Technician' });
});

afterAll(async () => {
  await shop.close();
});

/** Each round logs its own hour, so rounds never overlap. */
let hour = 0;
async function freshLog(): Promise<Json> {
  const startTime = `${String(hour % 24).padStart(2, '0')}:00`;
  const endTime = `${String(hour % 24).padStart(2, '0')}:30`;
  const date = day(-1 - Math.floor(hour / 24));
  hour += 1;
  const response = await http(base, 'POST', '/api/time-logs', { token: technician.token, body: { date, startTime, endTime, description: 'Race entry' } });
  if (response.status !== 201) throw new Error(`logging failed: ${response.status}`);
  return response.body;
}

function stored(id: string) {
  return shop.app.db.selectFrom('time_logs').selectAll().where('id', '=', id).executeTakeFirst();
}

const approve = (log: Json, token = shop.admin.token) => http(base, 'POST', `/api/time-logs/${log.id}/approve`, { token, body: { expectedVersion: log.version } });

describe('approval racing the technician', () => {
  it(`approve vs edit, ${ROUNDS} rounds: exactly one wins; the loser gets 409 and the stored log is the winner's`, async () => {
    const winners = { approve: 0, edit: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const log = await freshLog();
      // Alternate who is sent first, so both orders are tried.
      const edit = () => http(base, 'PUT', `/api/time-logs/${log.id}`, { token: technician.token, body: { date: log.date, startTime: log.startTime, endTime: log.endTime, description: `Edited ${round}` } });
      const [approval, edited] = round % 2 === 0 ? await Promise.all([approve(log), edit()]) : (await Promise.all([edit(), approve(log)])).reverse();
      const row = await stored(log.id);
      if (approval.status === 200) {
        winners.approve += 1;
        expect(edited).toEqual({ status: 409, body: APPROVED_LOCKED });
        expect(row).toMatchObject({ review_state: 'APPROVED', description: 'Race entry', version: 2 });
      } else {
        winners.edit += 1;
        expect(approval).toEqual({ status: 409, body: CHANGED_ELSEWHERE });
        expect(edited.status).toBe(200);
        expect(row).toMatchObject({ review_state: 'SUBMITTED', description: `Edited ${round}`, version: 2 });
      }
    }
    expect(winners.approve + winners.edit).toBe(ROUNDS);
  });

  it(`approve vs delete, ${ROUNDS} rounds: either approved and kept (delete 409) or deleted (approve 404)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const log = await freshLog();
      const deletion = () => http(base, 'DELETE', `/api/time-logs/${log.id}`, { token: technician.token });
      const [approval, deleted] = round % 2 === 0 ? await Promise.all([approve(log), deletion()]) : (await Promise.all([deletion(), approve(log)])).reverse();
      const row = await stored(log.id);
      if (approval.status === 200) {
        expect(deleted).toEqual({ status: 409, body: APPROVED_LOCKED });
        expect(row).toMatchObject({ review_state: 'APPROVED' });
      } else {
        expect(approval).toEqual({ status: 404, body: LOG_NOT_FOUND });
        expect(deleted.status).toBe(204);
        expect(row).toBeUndefined();
      }
    }
  });

  it(`reject vs edit, ${ROUNDS} rounds: a rejection never lands on a version the admin did not see`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const log = await freshLog();
      const [rejection, edited] = await Promise.all([
        http(base, 'POST', `/api/time-logs/${log.id}/reject`, { token: shop.admin.token, body: { reason: 'Too long', expectedVersion: log.version } }),
        http(base, 'PUT', `/api/time-logs/${log.id}`, { token: technician.token, body: { date: log.date, startTime: log.startTime, endTime: log.endTime, description: 'Shorter now' } }),
      ]);
      // Both may succeed in the order reject → edit (the edit resubmits the rejected log); never edit → reject.
      expect(edited.status).toBe(200);
      const row = await stored(log.id);
      if (rejection.status === 200) {
        expect(row).toMatchObject({ review_state: 'SUBMITTED', review_reason: null, description: 'Shorter now', version: 3 });
      } else {
        expect(rejection).toEqual({ status: 409, body: CHANGED_ELSEWHERE });
        expect(row).toMatchObject({ review_state: 'SUBMITTED', description: 'Shorter now', version: 2 });
      }
    }
  });

  it(`two admins deciding at once, ${ROUNDS} rounds: one decision is recorded, the other gets 409`, async () => {
    const person = await signUp(shop.app, 'CUSTOMER', { fullName: 'Second Admin' });
    await shop.app.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', person.id).execute();
    const other = await login(shop.app, person.email, 'correct-horse-1');
    for (let round = 0; round < ROUNDS; round += 1) {
      const log = await freshLog();
      const answers = await Promise.all([
        approve(log),
        http(base, 'POST', `/api/time-logs/${log.id}/reject`, { token: other.token, body: { reason: 'Not on the rota', expectedVersion: log.version } }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.status === 409);
      expect([CHANGED_ELSEWHERE, ALREADY_REVIEWED]).toContainEqual(loser?.body);
      const row = await stored(log.id);
      expect(row?.version).toBe(2);
      expect(row?.review_state).toBe(answers[0].status === 200 ? 'APPROVED' : 'REJECTED');
    }
  });

  it(`approve-week vs delete, ${ROUNDS} rounds: a deleted log is never counted, an approved one never deleted`, async () => {
    const week = day(-7 * 40);
    for (let round = 0; round < ROUNDS; round += 1) {
      const date = day(-7 * 40 + (round % 7));
      const startTime = `${String(round).padStart(2, '0')}:00`;
      const created = await http(base, 'POST', '/api/time-logs', { token: technician.token, body: { date, startTime, endTime: `${String(round).padStart(2, '0')}:45`, description: 'Week race' } });
      expect(created.status).toBe(201);
      const [approval, deleted] = await Promise.all([
        http(base, 'POST', '/api/time-logs/approve-week', { token: shop.admin.token, body: { employeeId: technician.id, week } }),
        http(base, 'DELETE', `/api/time-logs/${created.body.id}`, { token: technician.token }),
      ]);
      expect(approval.status).toBe(200);
      if (deleted.status === 204) {
        expect(approval.body).toEqual({ approved: 0 });
        expect(await stored(created.body.id)).toBeUndefined();
      } else {
        expect(deleted).toEqual({ status: 409, body: APPROVED_LOCKED });
        expect(approval.body).toEqual({ approved: 1 });
      }
    }
  });
});

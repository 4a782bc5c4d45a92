/**
 * A job's lifecycle over HTTP (docs/api-contract.md § "The shop"): cancel, reschedule, assign and the
 * technician's status changes, each with its refusals and the optimistic-concurrency check (expectedVersion).
 *
 * The clock moves only by a few minutes in this file (access tokens last 15 minutes, the admin's included).
 */
import { type Json } from '../helpers/http';
import { assigned, BAYS, booked, CENTERS, day, type Person, type Shop, startShop } from '../helpers/shop';
import {
  adminView,
  assign,
  cancel,
  CHANGED_ELSEWHERE,
  customer,
  failure,
  freshSlot,
  getAppointment,
  invalid,
  isoNow,
  reschedule,
  setStatus,
  SLOT_FULL,
  statusChanged,
  technician,
  unknownId,
  VEHICLE_BUSY,
} from './helpers';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop.close();
});

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** A customer, a technician and a job of theirs (CONFIRMED) at a slot no other test uses. */
async function confirmedJob(): Promise<{ ada: Person; tess: Person; job: Json }> {
  const ada = await customer(shop);
  const tess = await technician(shop);
  const job = await assigned(shop, ada, tess, freshSlot());
  return { ada, tess, job };
}

async function startedJob(): Promise<{ ada: Person; tess: Person; job: Json }> {
  const { ada, tess, job } = await confirmedJob();
  return { ada, tess, job: await statusChanged(shop, tess.token, job.id, { status: 'in_progress' }) };
}

async function completedJob(): Promise<{ ada: Person; tess: Person; job: Json }> {
  const { ada, tess, job } = await startedJob();
  return { ada, tess, job: await statusChanged(shop, tess.token, job.id, { status: 'completed' }) };
}

describe('POST /api/appointments/:id/cancel', () => {
  it('lets the owner cancel a PENDING job: CANCELLED, cancelledAt now, version up', async () => {
    const ada = await customer(shop);
    const job = await booked(shop.app, ada.token, freshSlot());
    const response = await cancel(shop, ada.token, job.id);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...job, status: 'CANCELLED', version: 2, cancelledAt: isoNow(shop), updatedAt: isoNow(shop) });
    expect((await getAppointment(shop, ada.token, job.id)).body).toEqual(response.body);
  });

  it('lets the owner and the admin cancel a CONFIRMED job', async () => {
    for (const who of ['owner', 'admin'] as const) {
      const { ada, job } = await confirmedJob();
      const response = await cancel(shop, who === 'owner' ? ada.token : shop.admin.token, job.id);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: job.id, status: 'CANCELLED', version: job.version + 1, cancelledAt: isoNow(shop) });
    }
  });

  it('lets the admin cancel a PENDING job', async () => {
    const ada = await customer(shop);
    const job = await booked(shop.app, ada.token, freshSlot());
    const response = await cancel(shop, shop.admin.token, job.id);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('CANCELLED');
  });

  it('refuses a job that has started or is done (409), and leaves it as it was', async () => {
    for (const make of [startedJob, completedJob]) {
      const { ada, job } = await make();
      for (const token of [ada.token, shop.admin.token]) {
        const response = await cancel(shop, token, job.id);
        expect(response.status).toBe(409);
        expect(response.body).toEqual(failure('Only an appointment that has not started can be cancelled.'));
      }
      expect(await adminView(shop, job.id)).toEqual(job);
    }
  });

  it('refuses to cancel twice (409)', async () => {
    const ada = await customer(shop);
    const job = await booked(shop.app, ada.token, freshSlot());
    const first = await cancel(shop, ada.token, job.id);
    const second = await cancel(shop, ada.token, job.id);
    expect(second.status).toBe(409);
    expect(second.body).toEqual(failure('This appointment is already cancelled.'));
    expect(await adminView(shop, job.id)).toEqual(first.body);
  });

  it('refuses a body with unknown types', async () => {
    const ada = await customer(shop);
    const job = await booked(shop.app, ada.token, freshSlot());
    expect((await cancel(shop, ada.token, job.id, { expectedVersion: 'one' })).body).toEqual(invalid({ expectedVersion: 'Expected version must be a whole number' }));
    expect((await cancel(shop, ada.token, job.id, { expectedVersion: 0 })).body).toEqual(invalid({ expectedVersion: 'Expected version must be at least 1' }));
    expect(await adminView(shop, job.id)).toEqual(job);
  });
});

describe('POST /api/appointments/:id/reschedule', () => {
  it('moves a PENDING job to another date and slot', async () => {
    const ada = await customer(shop);
    const job = await booked(shop.app, ada.token, { ...freshSlot(), centerId: CENTERS.northside });
    const target = freshSlot();
    const response = await reschedule(shop, ada.token, job.id, target);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...job,
      ...target,
      slotLabel: expect.any(String),
      bay: 1,
      version: 2,
      updatedAt: isoNow(shop),
    });
    expect(response.body.center.id).toBe(CENTERS.northside);
    expect((await getAppointment(shop, ada.token, job.id)).body).toEqual(response.body);
  });

  it('frees the old slot and takes a bay in the new one', async () => {
    const ada = await customer(shop);
    const from = freshSlot();
    const to = freshSlot();
    const job = await booked(shop.app, ada.token, { ...from, centerId: CENTERS.westgate });
    await booked(shop.app, ada.token, { ...from, centerId: CENTERS.westgate });
    await booked(shop.app, ada.token, { ...to, centerId: CENTERS.westgate });

    const moved = await reschedule(shop, ada.token, job.id, to);
    expect(moved.status).toBe(200);
    expect(moved.body.bay).toBe(2);
    // The old slot has a free bay again: someone else can book it.
    const bob = await customer(shop);
    const taker = await booked(shop.app, bob.token, { ...from, centerId: CENTERS.westgate });
    expect(taker.bay).toBe(job.bay);
  });

  it('lets the admin move a CONFIRMED job, keeping its technician when free at the new time', async () => {
    const { tess, job } = await confirmedJob();
    const target = freshSlot();
    const response = await reschedule(shop, shop.admin.token, job.id, target);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...target, status: 'CONFIRMED', assignedEmployee: { id: tess.id, fullName: tess.fullName }, version: job.version + 1 });
    expect((await getAppointment(shop, tess.token, job.id)).status).toBe(200);
  });

  it('sends the job back to Awaiting Assignment when its technician is busy at the new time', async () => {
    const { ada, tess, job } = await confirmedJob();
    const bob = await customer(shop);
    const target = freshSlot();
    await assigned(shop, bob, tess, target);

    const response = await reschedule(shop, ada.token, job.id, target);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...target, status: 'PENDING', version: job.version + 1 });
    expect(response.body).not.toHaveProperty('assignedEmployee');
    expect((await getAppointment(shop, tess.token, job.id)).status).toBe(404);
    // Awaiting assignment again: another technician can take it.
    const other = await technician(shop);
    expect((await assign(shop, job.id, other.id)).status).toBe(200);
  });

  it('applies the booking rules to the new date and slot (400)', async () => {
    const ada = await customer(shop);
    const job = await booked(shop.app, ada.token, freshSlot());
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ date: day(-1), slot: '09:00' }, { date: 'Service date cannot be in the past' }],
      [{ date: day(91), slot: '09:00' }, { date: 'Service date must be within the next 90 days' }],
      [{ date: day(2), slot: '08:00' }, { slot: 'Choose one of the listed time slots' }],
      [{ date: '2030-06-31', slot: '09:00' }, { date: 'Service date must be a valid date (YYYY-MM-DD)' }],
      [{ date: day(2), slot: 9 }, { slot: 'Time slot must be a time (HH:MM)' }],
      [{}, { date: 'Service date is required', slot: 'Time slot is required' }],
      [{ date: day(2), slot: '09:00\u0000' }, { slot: 'Time slot must not contain a NUL character' }],
      [{ date: job.date, slot: job.slot }, { slot: 'The appointment is already booked for that date and time slot' }],
    ];
    for (const [body, errors] of cases) {
      const response = await reschedule(shop, ada.token, job.id, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(invalid(errors));
    }
    expect(await adminView(shop, job.id)).toEqual(job);
    expect((await reschedule(shop, ada.token, job.id, { date: day(90), slot: '16:00' })).status).toBe(200);
  });

  it('refuses a full slot and a slot where the vehicle is already booked (409)', async () => {
    const ada = await customer(shop);
    const job = await booked(shop.app, ada.token, { ...freshSlot(), centerId: CENTERS.westgate, plate: 'MOVE 1' });
    const full = freshSlot();
    for (let n = 0; n < BAYS.westgate; n += 1) await booked(shop.app, ada.token, { ...full, centerId: CENTERS.westgate });
    const busy = freshSlot();
    await booked(shop.app, ada.token, { ...busy, centerId: CENTERS.downtown, plate: 'move 1' });

    const intoFull = await reschedule(shop, ada.token, job.id, full);
    expect(intoFull.status).toBe(409);
    expect(intoFull.body).toEqual(failure(SLOT_FULL));
    const intoBusy = await reschedule(shop, ada.token, job.id, busy);
    expect(intoBusy.status).toBe(409);
    expect(intoBusy.body).toEqual(failure(VEHICLE_BUSY));
    expect(await adminView(shop, job.id)).toEqual(job);
  });

  it('refuses a job in progress, completed or cancelled (409)', async () => {
    const started = await startedJob();
    const completed = await completedJob();
    const ada = await customer(shop);
    const pending = await booked(shop.app, ada.token, freshSlot());
    const cancelled = (await cancel(shop, ada.token, pending.id)).body;
    for (const [owner, job] of [
      [started.ada, started.job],
      [completed.ada, completed.job],
      [ada, cancelled],
    ] as [Person, Json][]) {
      for (const token of [owner.token, shop.admin.token]) {
        const response = await reschedule(shop, token, job.id, freshSlot());
        expect(response.status).toBe(409);
        expect(response.body).toEqual(failure('Only an appointment that has not started can be rescheduled.'));
      }
      expect(await adminView(shop, job.id)).toEqual(job);
    }
  });
});

describe('POST /api/appointments/:id/assign', () => {
  it('confirms a PENDING job with the technician, department included', async () => {
    const ada = await customer(shop);
    const tess = await technician(shop, { department: 'Brakes' });
    const job = await booked(shop.app, ada.token, freshSlot());
    const response = await assign(shop, job.id, tess.id);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...job,
      status: 'CONFIRMED',
      version: 2,
      assignedEmployee: { id: tess.id, fullName: tess.fullName, department: 'Brakes' },
      updatedAt: isoNow(shop),
    });
    expect((await getAppointment(shop, tess.token, job.id)).body).toEqual(response.body);
  });

  it('leaves department out for a technician who gave none', async () => {
    const { tess, job } = await confirmedJob();
    expect(job.assignedEmployee).toEqual({ id: tess.id, fullName: tess.fullName });
  });

  it('refuses a job that already has its technician (409 "Already assigned to <name>.")', async () => {
    const { tess, job } = await confirmedJob();
    const other = await technician(shop);
    for (const employeeId of [other.id, tess.id]) {
      const response = await assign(shop, job.id, employeeId);
      expect(response.status).toBe(409);
      expect(response.body).toEqual(failure(`Already assigned to ${tess.fullName}.`));
    }
    expect(await adminView(shop, job.id)).toEqual(job);

    const started = await startedJob();
    const again = await assign(shop, started.job.id, other.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(failure(`Already assigned to ${started.tess.fullName}.`));
  });

  it('tells a second admin working from an older copy who was assigned first, and refuses a stale version of a PENDING job', async () => {
    const { tess, job } = await confirmedJob();
    const other = await technician(shop);
    const late = await assign(shop, job.id, other.id, { expectedVersion: Number(job.version) - 1 });
    expect(late.status).toBe(409);
    expect(late.body).toEqual(failure(`Already assigned to ${tess.fullName}.`));

    const ada = await customer(shop);
    const pending = await booked(shop.app, ada.token, freshSlot());
    const stale = await assign(shop, pending.id, other.id, { expectedVersion: Number(pending.version) + 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual(failure('This appointment was changed by someone else. Reload and try again.'));
    expect(await adminView(shop, pending.id)).toEqual(pending);
  });

  it('answers 404 for anyone who is not an active technician, and leaves the job PENDING', async () => {
    const ada = await customer(shop);
    const job = await booked(shop.app, ada.token, freshSlot());
    for (const employeeId of [unknownId(), ada.id, shop.admin.id]) {
      const response = await assign(shop, job.id, employeeId);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(failure('Employee not found'));
    }
    expect(await adminView(shop, job.id)).toEqual(job);
  });

  it('refuses an employee id that is not an id (400)', async () => {
    const ada = await customer(shop);
    const job = await booked(shop.app, ada.token, freshSlot());
    expect((await assign(shop, job.id, 'tess')).body).toEqual(invalid({ employeeId: 'Employee is not a valid id' }));
    expect((await assign(shop, job.id, `${unknownId().slice(0, 35)}\u0000`)).body).toEqual(invalid({ employeeId: 'Employee must not contain a NUL character' }));
  });

  it('refuses a technician who already has a job at that date and slot (409), not one whose job there was cancelled', async () => {
    const tess = await technician(shop);
    const ada = await customer(shop);
    const bob = await customer(shop);
    const slot = freshSlot();
    const first = await assigned(shop, ada, tess, slot);
    const second = await booked(shop.app, bob.token, { ...slot, centerId: CENTERS.northside });

    const response = await assign(shop, second.id, tess.id);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(failure(`${tess.fullName} already has a job at that time.`));
    expect(await adminView(shop, second.id)).toEqual(second);

    expect((await cancel(shop, ada.token, first.id)).status).toBe(200);
    expect((await assign(shop, second.id, tess.id)).body).toMatchObject({ status: 'CONFIRMED', assignedEmployee: { id: tess.id } });
  });

  it('refuses a cancelled or completed job (409)', async () => {
    const ada = await customer(shop);
    const tess = await technician(shop);
    const pending = await booked(shop.app, ada.token, freshSlot());
    const cancelled = (await cancel(shop, ada.token, pending.id)).body;
    const response = await assign(shop, cancelled.id, tess.id);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(failure('Only an appointment awaiting assignment can be assigned.'));
    expect(await adminView(shop, cancelled.id)).toEqual(cancelled);

    const { job } = await completedJob();
    const done = await assign(shop, job.id, tess.id);
    expect(done.status).toBe(409);
    expect(await adminView(shop, job.id)).toEqual(job);
  });
});

describe('PATCH /api/appointments/:id/status', () => {
  it('not_started → in_progress: started now, estimated completion one hour later, stage IN_PROGRESS at 25%', async () => {
    const { tess, job } = await confirmedJob();
    const response = await setStatus(shop, tess.token, job.id, { status: 'in_progress' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...job,
      status: 'IN_PROGRESS',
      stage: 'IN_PROGRESS',
      progress: 25,
      startedAt: isoNow(shop),
      estimatedCompletion: isoNow(shop, HOUR),
      version: job.version + 1,
      updatedAt: isoNow(shop),
    });
  });

  it('changes the stage, with its progress unless one is given', async () => {
    const { tess, job } = await startedJob();
    const steps: [Record<string, unknown>, string, number][] = [
      [{ stage: 'AWAITING_PARTS' }, 'AWAITING_PARTS', 50],
      [{ stage: 'QUALITY_CHECK' }, 'QUALITY_CHECK', 90],
      [{ progress: 95 }, 'QUALITY_CHECK', 95],
      [{ stage: 'IN_PROGRESS', progress: 40 }, 'IN_PROGRESS', 40],
      [{ stage: 'AWAITING_PARTS', progress: 0 }, 'AWAITING_PARTS', 0],
    ];
    let version = job.version;
    for (const [change, stage, progress] of steps) {
      const response = await setStatus(shop, tess.token, job.id, { status: 'in_progress', ...change });
      version += 1;
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'IN_PROGRESS', stage, progress, version, startedAt: job.startedAt, estimatedCompletion: job.estimatedCompletion });
    }
  });

  it('completed: completion time now, progress 100, no stage; the start is kept', async () => {
    const { tess, job } = await startedJob();
    shop.clock.advance(MINUTE);
    const response = await setStatus(shop, tess.token, job.id, { status: 'completed' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'COMPLETED', progress: 100, completedAt: isoNow(shop), startedAt: job.startedAt, version: job.version + 1 });
    expect(response.body).not.toHaveProperty('stage');
  });

  it('completes a job that never started, starting it at the same moment', async () => {
    const { tess, job } = await confirmedJob();
    const response = await setStatus(shop, tess.token, job.id, { status: 'completed' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'COMPLETED', progress: 100, completedAt: isoNow(shop), startedAt: isoNow(shop) });
  });

  it('completed → in_progress reopens the job with a new estimate', async () => {
    const { tess, job } = await completedJob();
    shop.clock.advance(MINUTE);
    const response = await setStatus(shop, tess.token, job.id, { status: 'in_progress' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'IN_PROGRESS',
      stage: 'IN_PROGRESS',
      progress: 25,
      startedAt: job.startedAt,
      estimatedCompletion: isoNow(shop, HOUR),
      version: job.version + 1,
    });
    expect(response.body).not.toHaveProperty('completedAt');
  });

  it('back to not_started clears the work record (from in progress and from completed)', async () => {
    for (const make of [startedJob, completedJob]) {
      const { tess, job } = await make();
      const response = await setStatus(shop, tess.token, job.id, { status: 'not_started' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'CONFIRMED', assignedEmployee: job.assignedEmployee, version: job.version + 1 });
      for (const field of ['stage', 'progress', 'startedAt', 'estimatedCompletion', 'completedAt']) expect(response.body).not.toHaveProperty(field);
    }
  });

  it('answers 200 with the job unchanged, version included, when the status is already that', async () => {
    const confirmed = await confirmedJob();
    const started = await startedJob();
    const staged = await startedJob();
    const stagedJob = await statusChanged(shop, staged.tess.token, staged.job.id, { status: 'in_progress', stage: 'AWAITING_PARTS' });
    const completed = await completedJob();
    shop.clock.advance(MINUTE);
    for (const [tess, job, body] of [
      [confirmed.tess, confirmed.job, { status: 'not_started' }],
      [started.tess, started.job, { status: 'in_progress' }],
      [started.tess, started.job, { status: 'in_progress', stage: 'IN_PROGRESS', progress: 25 }],
      [staged.tess, stagedJob, { status: 'in_progress', stage: 'AWAITING_PARTS' }],
      [completed.tess, completed.job, { status: 'completed' }],
    ] as [Person, Json, Record<string, unknown>][]) {
      const response = await setStatus(shop, tess.token, job.id, body);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(job);
    }
  });

  it('refuses a stage or progress with any status but in_progress (400)', async () => {
    const { tess, job } = await startedJob();
    for (const [body, errors] of [
      [{ status: 'completed', stage: 'QUALITY_CHECK' }, { stage: 'Stage and progress apply only to a job in progress' }],
      [{ status: 'not_started', progress: 10 }, { progress: 'Stage and progress apply only to a job in progress' }],
    ] as [Record<string, unknown>, Record<string, string>][]) {
      const response = await setStatus(shop, tess.token, job.id, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(invalid(errors));
    }
    expect(await adminView(shop, job.id)).toEqual(job);
  });

  it('refuses a status, stage or progress the contract does not know (400)', async () => {
    const { tess, job } = await startedJob();
    const response = await setStatus(shop, tess.token, job.id, { status: 'done', stage: 'PAINTING', progress: 101 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      invalid({
        status: 'Status must be not_started, in_progress or completed',
        stage: 'Stage must be IN_PROGRESS, AWAITING_PARTS or QUALITY_CHECK',
        progress: 'Progress must be between 0 and 100',
      }),
    );
    expect((await setStatus(shop, tess.token, job.id, { status: 'in_progress', progress: 2.5 })).body).toEqual(invalid({ progress: 'Progress must be a whole number' }));
    expect((await setStatus(shop, tess.token, job.id, { status: 'in_progress', progress: -1 })).body).toEqual(invalid({ progress: 'Progress must be between 0 and 100' }));
    expect((await setStatus(shop, tess.token, job.id, {})).body).toEqual(invalid({ status: 'Status is required' }));
    expect((await setStatus(shop, tess.token, job.id, { status: 'IN_PROGRESS' })).status).toBe(400);
    expect(await adminView(shop, job.id)).toEqual(job);
  });

  it('lets the admin move any assigned job through its statuses', async () => {
    const { job } = await confirmedJob();
    const started = await setStatus(shop, shop.admin.token, job.id, { status: 'in_progress', stage: 'AWAITING_PARTS' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'IN_PROGRESS', stage: 'AWAITING_PARTS', progress: 50, startedAt: isoNow(shop) });
    expect((await setStatus(shop, shop.admin.token, job.id, { status: 'completed' })).body.status).toBe('COMPLETED');
  });

  it('refuses a PENDING job: a technician must be assigned first (409)', async () => {
    const ada = await customer(shop);
    const job = await booked(shop.app, ada.token, freshSlot());
    const response = await setStatus(shop, shop.admin.token, job.id, { status: 'in_progress' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(failure('Assign a technician before changing the status.'));
    expect(await adminView(shop, job.id)).toEqual(job);
  });

  it('refuses a cancelled job (409), for its technician and the admin', async () => {
    const { ada, tess, job } = await confirmedJob();
    const cancelled = (await cancel(shop, ada.token, job.id)).body;
    for (const token of [tess.token, shop.admin.token]) {
      const response = await setStatus(shop, token, job.id, { status: 'in_progress' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual(failure('This appointment was cancelled.'));
    }
    expect(await adminView(shop, job.id)).toEqual(cancelled);
  });
});

describe('expectedVersion', () => {
  const conflict = failure(CHANGED_ELSEWHERE);

  it('cancel: a stale version is refused (409) and nothing changes; the current one works', async () => {
    const ada = await customer(shop);
    const job = await booked(shop.app, ada.token, freshSlot());
    const moved = (await reschedule(shop, ada.token, job.id, freshSlot())).body;

    const stale = await cancel(shop, ada.token, job.id, { expectedVersion: job.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual(conflict);
    expect((await cancel(shop, ada.token, job.id, { expectedVersion: moved.version + 1 })).body).toEqual(conflict);
    expect(await adminView(shop, job.id)).toEqual(moved);

    const current = await cancel(shop, ada.token, job.id, { expectedVersion: moved.version });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ status: 'CANCELLED', version: moved.version + 1 });
  });

  it('reschedule: a stale version is refused (409) and nothing changes; the current one works', async () => {
    const { ada, job } = await confirmedJob();
    const target = freshSlot();
    const stale = await reschedule(shop, ada.token, job.id, { ...target, expectedVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual(conflict);
    expect(await adminView(shop, job.id)).toEqual(job);

    const current = await reschedule(shop, ada.token, job.id, { ...target, expectedVersion: job.version });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ ...target, version: job.version + 1 });
  });

  it('assign: a stale version is refused (409) and nothing changes; the current one works', async () => {
    const ada = await customer(shop);
    const tess = await technician(shop);
    const job = await booked(shop.app, ada.token, freshSlot());
    const moved = (await reschedule(shop, ada.token, job.id, freshSlot())).body;

    const stale = await assign(shop, job.id, tess.id, { expectedVersion: job.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual(conflict);
    expect(await adminView(shop, job.id)).toEqual(moved);

    const current = await assign(shop, job.id, tess.id, { expectedVersion: moved.version });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ status: 'CONFIRMED', version: moved.version + 1 });
  });

  it('status: a stale version is refused (409) and nothing changes; the current one works', async () => {
    const { tess, job } = await startedJob();
    const stale = await setStatus(shop, tess.token, job.id, { status: 'completed', expectedVersion: job.version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual(conflict);
    expect(await adminView(shop, job.id)).toEqual(job);

    const current = await setStatus(shop, tess.token, job.id, { status: 'completed', expectedVersion: job.version });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ status: 'COMPLETED', version: job.version + 1 });
  });

  it('is checked even when the change would do nothing', async () => {
    const { tess, job } = await confirmedJob();
    const stale = await setStatus(shop, tess.token, job.id, { status: 'not_started', expectedVersion: job.version + 3 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual(conflict);
  });
});

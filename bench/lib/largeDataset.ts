import { createHash } from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import type { Catalog } from '../../server/src/catalog/queries';
import type { AppointmentStatus } from '../../server/src/contract/statuses';
import { STAGES } from '../../server/src/contract/statuses';
import type { AppointmentsTable, Db, TimeLogsTable, UsersTable, VehiclesTable } from '../../server/src/db/schema';
import { addCalendarDays, calendarDaysBetween, type ShopNow, shopInstant } from '../../server/src/shopTime';
import { silenceNotifications } from '../../server/src/notifications/silence';
import { prng } from './prng';

/**
 * Section 5's data set, on the server: one customer with 1,000 appointments, one technician with 1,000 assigned
 * jobs and 10,000 time logs over 24 months — the order of size the section measured when the SPA kept sample data
 * in the browser. Generated in TypeScript from one seed (mulberry32, lib/prng.ts), so the same day gives the same
 * rows, and written with parameterised, batched INSERTs (lib/shopDataset.ts's generate_series approach suits
 * 100,000 rows that follow from their position; these follow per-row choices such as which days a log falls on).
 *
 * The two signed-in users are real accounts registered through the API beforehand; the people around them (the
 * technician's customers and their vehicles, the technicians who work on the customer's jobs) are plain rows with
 * no password, never signed in. Every constraint of migrations 0001/0002 runs on every row, and the layout keeps
 * clear of them by construction:
 * - the customer has at most one job per date and slot (so one per vehicle and slot), always in bay 2 (every centre
 *   has at least two bays); the technician has at most one job per date and slot, always in bay 1 — so no bay,
 *   vehicle or technician is ever taken twice;
 * - a technician's time logs of one day are laid end to end between 07:00 and 21:00 and never overlap (today's
 *   too, some of them later than now: the API refuses only dates in the future).
 */
export const LARGE_DATASET = {
  customerJobs: 1_000,
  technicianJobs: 1_000,
  timeLogs: 10_000,
  /** Months of time logs, the current one included, up to today (the API refuses logs dated in the future). */
  months: 24,
  seed: 20_251_021,
  /**
   * The technician's jobs fill ~92 % of their slots from 120 days ago to 59 days ahead: open (CONFIRMED ahead,
   * IN_PROGRESS behind) and completed, mostly in the recent window the dashboard loads.
   */
  technicianDays: { from: -120, to: 59 },
  /** Share of completed jobs among the technician's started ones, inside and before the recent window. */
  technicianCompletedRecent: 0.85,
  technicianCompletedOlder: 0.2,
  /** The customer's slots booked from today to 90 days ahead (the booking window), and before today. */
  customerFutureFill: 0.55,
  customerPastFill: 0.25,
  customerVehicles: 6,
  /** The technician's customers (one vehicle each) and the technicians on the customer's jobs. */
  otherCustomers: 60,
  otherTechnicians: 4,
  /** A day's logs lie end to end, with gaps, in this window (quarters of an hour). */
  logDayStart: 7 * 60,
  logDayEnd: 21 * 60,
  /** Rows per INSERT (appointments: 20 parameters a row). */
  batchRows: 500,
} as const;

/** The two accounts the data belongs to (registered through the API) and the day it is generated for. */
export interface LargeDatasetInput {
  customerId: string;
  technicianId: string;
  catalog: Catalog;
  /** The shop's date and time of day (server/src/shopTime.ts `shopNow`). */
  now: ShopNow;
  nowMs: number;
  /** Days back the technician dashboard loads completed jobs from (technicianJobs.ts RECENT_COMPLETED_DAYS). */
  recentCompletedDays: number;
  seed?: number;
}

export interface LargeDataset {
  seed: number;
  users: Insertable<UsersTable>[];
  vehicles: Insertable<VehiclesTable>[];
  customerJobs: Insertable<AppointmentsTable>[];
  technicianJobs: Insertable<AppointmentsTable>[];
  timeLogs: Insertable<TimeLogsTable>[];
  /** First and last day with logs. */
  timeLogsFrom: string;
  timeLogsTo: string;
}

const FIRST_NAMES = ['Nimal', 'Kasun', 'Ruwan', 'Amaya', 'Dilani', 'Tharindu', 'Sanduni', 'Chamara', 'Ishara', 'Nadeesha', 'Ayesha', 'Lahiru'];
const LAST_NAMES = ['Perera', 'Silva', 'Fernando', 'Jayasinghe', 'Wickramasinghe', 'Bandara', 'Dissanayake', 'Gunawardena', 'Herath', 'Mendis'];
const MAKES_MODELS = [['Toyota', 'Corolla'], ['Honda', 'Civic'], ['Nissan', 'Leaf'], ['Suzuki', 'Swift'], ['Toyota', 'Prius'], ['Mitsubishi', 'Outlander'], ['Kia', 'Sportage'], ['Hyundai', 'Tucson']] as const;
const TASKS = ['Oil and filter change', 'Brake inspection', 'Hybrid system diagnostics', 'Wheel alignment', 'Body panel repair', 'Coolant flush', 'Road test', 'Parts pickup'];
const NOTES = ['Customer reports a squeak when braking.', 'Please check the air conditioning as well.', 'Warning light on the dashboard since last week.'];
const DEPARTMENTS = ['Mechanical', 'Electrical', 'Bodywork', 'Diagnostics'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** A fixed uuid for a row: md5 of the seed, the row's kind and number (like shopDataset's md5(…)::uuid). */
function rowId(seed: number, kind: string, i: number): string {
  const h = createHash('md5').update(`large-data:${seed}:${kind}:${i}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

interface Position {
  /** Days from today. */
  d: number;
  date: string;
  slot: string;
  slotIndex: number;
}

interface JobSpec extends Position {
  status: AppointmentStatus;
  customerId: string;
  vehicleId: string;
  employeeId: string | null;
  bay: number;
}

export function generateLargeDataset(input: LargeDatasetInput): LargeDataset {
  const { catalog, now, nowMs, customerId, technicianId, recentCompletedDays } = input;
  const seed = input.seed ?? LARGE_DATASET.seed;
  const zone = catalog.timeZone;
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const at = (date: string, time: string) => shopInstant(zone, date, time);
  const position = (d: number, slotIndex: number): Position => ({ d, date: addCalendarDays(now.date, d), slot: catalog.slots[slotIndex].start, slotIndex });
  /** The slot has begun: every day before today, and today's slots up to now. */
  const begun = (p: Position) => p.d < 0 || (p.d === 0 && p.slot <= now.time);
  const createdAt = iso(nowMs - 400 * 86_400_000);

  // People around the two accounts.
  const users: Insertable<UsersTable>[] = [];
  const vehicles: Insertable<VehiclesTable>[] = [];
  const person = (i: number) => `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]}`;
  const vehicle = (i: number, owner: string, plate: string): Insertable<VehiclesTable> => {
    const [make, model] = MAKES_MODELS[i % MAKES_MODELS.length];
    return { id: rowId(seed, 'vehicle', i), customer_id: owner, plate, make, model, year: 2008 + (i % 17), created_at: createdAt };
  };
  const otherCustomers = Array.from({ length: LARGE_DATASET.otherCustomers }, (_, i) => {
    const id = rowId(seed, 'customer', i);
    users.push({ id, email: `large-data-customer-${i}@carcare.test`, password_hash: null, full_name: person(i), phone_number: `+94 77 ${pad(1_000_000 + i * 7907, 7)}`, address: `${1 + i} Galle Road, Colombo`, role: 'CUSTOMER', department: null, employee_id: null, google_sub: null, is_active: true, created_at: createdAt, updated_at: createdAt });
    const car = vehicle(i, id, `LDC-${pad(i + 1, 4)}`);
    vehicles.push(car);
    return { id, vehicleId: car.id };
  });
  const otherTechnicians = Array.from({ length: LARGE_DATASET.otherTechnicians }, (_, i) => {
    const id = rowId(seed, 'technician', i);
    users.push({ id, email: `large-data-technician-${i}@carcare.test`, password_hash: null, full_name: `${person(i * 5 + 3)} ${i + 1}`, phone_number: `+94 71 ${pad(2_000_000 + i, 7)}`, address: 'Workshop staff', role: 'EMPLOYEE', department: DEPARTMENTS[i % DEPARTMENTS.length], employee_id: `LD-EMP-${i + 1}`, google_sub: null, is_active: true, approved_at: createdAt, created_at: createdAt, updated_at: createdAt });
    return id;
  });
  const customerVehicles = Array.from({ length: LARGE_DATASET.customerVehicles }, (_, i) => {
    const car = vehicle(LARGE_DATASET.otherCustomers + i, customerId, `LDV-${pad(i + 1, 3)}`);
    vehicles.push(car);
    return car.id;
  });

  let jobNumber = 0;
  const toRow = (spec: JobSpec): Insertable<AppointmentsTable> => {
    const type = pick(catalog.serviceTypes);
    const stage = pick(STAGES);
    const center = pick(catalog.centers);
    const note = rand() < 0.15 ? pick(NOTES) : null;
    const created = Math.min(nowMs, at(addCalendarDays(spec.date, -(3 + Math.floor(rand() * 25))), '12:00'));
    const started = spec.status === 'IN_PROGRESS' || spec.status === 'COMPLETED' ? at(spec.date, spec.slot) : null;
    const completed = spec.status === 'COMPLETED' && started !== null ? started + type.durationMinutes * 60_000 : null;
    const cancelled = spec.status === 'CANCELLED' ? Math.min(nowMs, at(addCalendarDays(spec.date, -2), '10:00')) : null;
    const updated = Math.max(created, started ?? 0, completed ?? 0, cancelled ?? 0);
    jobNumber += 1;
    return {
      id: rowId(seed, 'appointment', jobNumber),
      version: { PENDING: 1, CONFIRMED: 2, CANCELLED: 2, IN_PROGRESS: 3, COMPLETED: 4 }[spec.status],
      status: spec.status,
      stage: spec.status === 'IN_PROGRESS' ? stage : null,
      customer_id: spec.customerId,
      vehicle_id: spec.vehicleId,
      service_type: type.code,
      center_id: center.id,
      date: spec.date,
      slot: spec.slot,
      bay: spec.bay,
      assigned_employee_id: spec.employeeId,
      started_at: started === null ? null : iso(started),
      estimated_completion: started === null ? null : iso(started + 3_600_000),
      completed_at: completed === null ? null : iso(completed),
      cancelled_at: cancelled === null ? null : iso(cancelled),
      progress: spec.status === 'IN_PROGRESS' ? { IN_PROGRESS: 25, AWAITING_PARTS: 50, QUALITY_CHECK: 90, AWAITING_APPROVAL: 50 }[stage] : spec.status === 'COMPLETED' ? 100 : null,
      notes: note,
      created_at: iso(created),
      updated_at: iso(updated),
    };
  };
  const slotCount = catalog.slots.length;
  const bySchedule = (a: Position, b: Position) => a.d - b.d || a.slotIndex - b.slotIndex;

  // The technician: LARGE_DATASET.technicianJobs of the slots in technicianDays, drawn without repetition.
  const { from, to } = LARGE_DATASET.technicianDays;
  const slots: Position[] = [];
  for (let d = from; d <= to; d += 1) for (let s = 0; s < slotCount; s += 1) slots.push(position(d, s));
  if (slots.length < LARGE_DATASET.technicianJobs) throw new Error(`${slots.length} technician slots cannot hold ${LARGE_DATASET.technicianJobs} jobs`);
  for (let i = slots.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [slots[i], slots[j]] = [slots[j], slots[i]];
  }
  const technicianJobs = slots
    .slice(0, LARGE_DATASET.technicianJobs)
    .sort(bySchedule)
    .map((p) => {
      let status: AppointmentStatus;
      if (!begun(p)) status = 'CONFIRMED';
      else if (p.d === 0) status = 'IN_PROGRESS';
      else status = rand() < (p.d >= -recentCompletedDays ? LARGE_DATASET.technicianCompletedRecent : LARGE_DATASET.technicianCompletedOlder) ? 'COMPLETED' : 'IN_PROGRESS';
      const owner = pick(otherCustomers);
      return toRow({ ...p, status, customerId: owner.id, vehicleId: owner.vehicleId, employeeId: technicianId, bay: 1 });
    });

  // The customer: slots booked from today to 90 days ahead, then history back from yesterday until 1,000.
  const customerSpecs: JobSpec[] = [];
  const customerJob = (p: Position, status: AppointmentStatus): JobSpec => ({
    ...p,
    status,
    customerId,
    vehicleId: pick(customerVehicles),
    employeeId: status === 'PENDING' || (status === 'CANCELLED' && rand() < 0.5) ? null : pick(otherTechnicians),
    bay: 2,
  });
  for (let d = 0; d <= 90 && customerSpecs.length < LARGE_DATASET.customerJobs; d += 1) {
    for (let s = 0; s < slotCount && customerSpecs.length < LARGE_DATASET.customerJobs; s += 1) {
      if (rand() >= LARGE_DATASET.customerFutureFill) continue;
      const p = position(d, s);
      const r = rand();
      customerSpecs.push(customerJob(p, begun(p) ? 'IN_PROGRESS' : r < 0.45 ? 'PENDING' : r < 0.93 ? 'CONFIRMED' : 'CANCELLED'));
    }
  }
  for (let d = -1; customerSpecs.length < LARGE_DATASET.customerJobs; d -= 1) {
    for (let s = slotCount - 1; s >= 0 && customerSpecs.length < LARGE_DATASET.customerJobs; s -= 1) {
      if (rand() >= LARGE_DATASET.customerPastFill) continue;
      const r = rand();
      const status: AppointmentStatus = d >= -7 ? (r < 0.2 ? 'IN_PROGRESS' : r < 0.9 ? 'COMPLETED' : 'CANCELLED') : r < 0.91 ? 'COMPLETED' : 'CANCELLED';
      customerSpecs.push(customerJob(position(d, s), status));
    }
  }
  const customerJobs = customerSpecs.sort(bySchedule).map(toRow);

  // Time logs: LARGE_DATASET.timeLogs spread over the days from the 1st of the first month to today.
  const [year, month] = now.date.split('-').map(Number);
  const firstMonth = new Date(Date.UTC(year, month - 1 - (LARGE_DATASET.months - 1), 1));
  const timeLogsFrom = `${firstMonth.getUTCFullYear()}-${pad(firstMonth.getUTCMonth() + 1)}-01`;
  const dayCount = calendarDaysBetween(timeLogsFrom, now.date) + 1;
  const perDay = new Array<number>(dayCount).fill(0);
  for (let i = 0; i < LARGE_DATASET.timeLogs; i += 1) perDay[Math.floor(rand() * dayCount)] += 1;
  // A log is on one of the technician's jobs that had begun by its day (one of the latest ten), or on none.
  const begunJobs = technicianJobs.filter((j) => j.started_at !== null).map((j) => ({ id: j.id, date: j.date }));
  const quarters = (LARGE_DATASET.logDayEnd - LARGE_DATASET.logDayStart) / 15;
  const timeLogs: Insertable<TimeLogsTable>[] = [];
  let begunBy = 0;
  for (let day = 0; day < dayCount; day += 1) {
    const date = addCalendarDays(timeLogsFrom, day);
    while (begunBy < begunJobs.length && begunJobs[begunBy].date <= date) begunBy += 1;
    const n = perDay[day];
    if (n > quarters) throw new Error(`${n} logs do not fit in one day`);
    const lengths = Array.from({ length: n }, () => 1 + Math.floor(rand() * 6)); // 15 min … 1 h 30
    let total = lengths.reduce((a, b) => a + b, 0);
    while (total > quarters) {
      lengths[lengths.indexOf(Math.max(...lengths))] -= 1;
      total -= 1;
    }
    const gaps = new Array<number>(n + 1).fill(0);
    for (let q = total; q < quarters; q += 1) gaps[Math.floor(rand() * (n + 1))] += 1;
    let minute = LARGE_DATASET.logDayStart;
    for (let k = 0; k < n; k += 1) {
      minute += gaps[k] * 15;
      const start = minute;
      minute += lengths[k] * 15;
      const recent = begunJobs.slice(Math.max(0, begunBy - 10), begunBy);
      const written = iso(Math.min(nowMs, at(date, hhmm(minute))));
      timeLogs.push({
        id: rowId(seed, 'time-log', timeLogs.length),
        employee_id: technicianId,
        appointment_id: recent.length > 0 && rand() < 0.85 ? pick(recent).id : null,
        starts_at: `${date} ${hhmm(start)}:00`,
        ends_at: `${date} ${hhmm(minute)}:00`,
        description: pick(TASKS),
        created_at: written,
        updated_at: written,
      });
    }
  }

  return { seed, users, vehicles, customerJobs, technicianJobs, timeLogs, timeLogsFrom, timeLogsTo: now.date };
}

export interface LargeSeedResult {
  durationMs: number;
  /** Read back from the database after the inserts, per status. */
  customerJobsByStatus: Record<string, number>;
  technicianJobsByStatus: Record<string, number>;
  timeLogs: number;
  /** Rows besides the two accounts' jobs and logs: the people around them and the vehicles. */
  otherUsers: number;
  vehicles: number;
}

async function inBatches<T>(rows: readonly T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const byStatus = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));

/**
 * Writes the data set into the migrated database (the two accounts must exist) in one transaction, then ANALYZE,
 * and reads the counts back.
 */
export async function seedLargeDataset(db: Db, data: LargeDataset, accounts: { customerId: string; technicianId: string }): Promise<LargeSeedResult> {
  const started = performance.now();
  const size = LARGE_DATASET.batchRows;
  await db.transaction().execute(async (trx) => {
    await silenceNotifications(trx); // the data set's job history calls for no notification or e-mail
    await inBatches(data.users, size, (chunk) => trx.insertInto('users').values(chunk).execute());
    await inBatches(data.vehicles, size, (chunk) => trx.insertInto('vehicles').values(chunk).execute());
    await inBatches(data.customerJobs, size, (chunk) => trx.insertInto('appointments').values(chunk).execute());
    await inBatches(data.technicianJobs, size, (chunk) => trx.insertInto('appointments').values(chunk).execute());
    await inBatches(data.timeLogs, size * 2, (chunk) => trx.insertInto('time_logs').values(chunk).execute());
  });
  await sql`ANALYZE users, vehicles, appointments, time_logs`.execute(db);
  const durationMs = Math.round(performance.now() - started);

  const { rows: customer } = await sql<{ status: string; n: number }>`
    SELECT status, count(*)::int AS n FROM appointments WHERE customer_id = ${accounts.customerId} GROUP BY status ORDER BY status`.execute(db);
  const { rows: technician } = await sql<{ status: string; n: number }>`
    SELECT status, count(*)::int AS n FROM appointments WHERE assigned_employee_id = ${accounts.technicianId} GROUP BY status ORDER BY status`.execute(db);
  const { rows: logs } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM time_logs WHERE employee_id = ${accounts.technicianId}`.execute(db);
  return {
    durationMs,
    customerJobsByStatus: byStatus(customer),
    technicianJobsByStatus: byStatus(technician),
    timeLogs: Number(logs[0].n),
    otherUsers: data.users.length,
    vehicles: data.vehicles.length,
  };
}

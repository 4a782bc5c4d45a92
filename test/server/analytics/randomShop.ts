import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../server/src/db/schema';
import { addCalendarDays } from '../../../server/src/shopTime';
import { CENTERS, day, shopTime } from '../helpers/shop';

/**
 * Random changes to the shop's base tables, straight in SQL — every kind of change the analytics triggers must
 * follow, including ones the API never makes (a log moved to another technician, a changed booking time, bulk
 * statements, cascading deletes of customers and technicians, rolled-back transactions). Every row satisfies the
 * schema's constraints: each job has a date of its own (no bay, vehicle or technician clash) and each log an hour
 * of its own per technician (no overlap).
 */

type Db = Kysely<Database>;
type Executor = Db | Transaction<Database>;

let lastId = 0;
/**
 * Ids in creation order, not crypto-random: the walk picks rows `ORDER BY id`, so with random ids the same seed took
 * a different path on every run (and a threshold below could fail on an unlucky one). Now a seed replays exactly.
 */
function nextId(): string {
  lastId += 1;
  return `00000000-0000-4000-8000-${lastId.toString(16).padStart(12, '0')}`;
}

const SERVICE_TYPES = ['FULL_SERVICE', 'OIL_CHANGE', 'BRAKE_INSPECTION', 'TIRE_ROTATION', 'BATTERY_CHECK', 'AIR_FILTER_REPLACEMENT'];
const STATUSES = ['PENDING', 'CONFIRMED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
const REVIEW_STATES = ['SUBMITTED', 'APPROVED', 'REJECTED'] as const;
/** Days before SHOP_TODAY that changes fall on (a little beyond the 90-day period, and a day after today). */
const SPAN_DAYS = 100;

/**
 * Shared by every RandomShop of a test file (they may work on one database, several at once): the job dates
 * handed out, and the hours taken by each log (`employee day hour`).
 */
let people = 0;
const taken = { nextDate: 0, hours: new Set<string>(), logHours: new Map<string, string[]>() } as { nextDate: number; hours: Set<string>; logHours: Map<string, string[]> };

interface Customer {
  id: string;
  vehicleId: string;
}

export interface Counts {
  [operation: string]: number;
}

export class RandomShop {
  readonly customers: Customer[] = [];
  readonly technicians: string[] = [];
  readonly counts: Counts = {};

  constructor(
    private readonly db: Db,
    readonly random: () => number,
  ) {}

  private int(below: number): number {
    return Math.floor(this.random() * below);
  }

  private pick<T>(values: readonly T[]): T {
    return values[this.int(values.length)];
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  /** An instant within the span, at any minute of the shop's day (many cross UTC midnight). */
  private instant(): number {
    const offset = 1 - this.int(SPAN_DAYS + 2);
    const time = `${String(this.int(24)).padStart(2, '0')}:${String(this.int(60)).padStart(2, '0')}`;
    return shopTime(day(offset), time) + this.int(60_000);
  }

  private iso(ms: number): string {
    return new Date(ms).toISOString();
  }

  /** A date of its own for a job (far ahead, so that no two jobs share a bay, a vehicle's or a technician's slot). */
  private jobDate(): string {
    taken.nextDate += 1;
    return addCalendarDays('2031-01-01', taken.nextDate);
  }

  async addCustomer(db: Executor = this.db): Promise<Customer> {
    people += 1;
    const id = nextId();
    const vehicleId = nextId();
    const now = new Date().toISOString();
    await sql`INSERT INTO users (id, email, full_name, role, created_at, updated_at)
              VALUES (${id}, ${`random-customer-${id}@shop.test`}, ${`Customer ${people}`}, 'CUSTOMER', ${now}, ${now})`.execute(db);
    await sql`INSERT INTO vehicles (id, customer_id, plate, created_at) VALUES (${vehicleId}, ${id}, ${`RND-${people}`}, ${now})`.execute(db);
    const customer = { id, vehicleId };
    this.customers.push(customer);
    return customer;
  }

  async addTechnician(db: Executor = this.db): Promise<string> {
    people += 1;
    const id = nextId();
    const now = new Date().toISOString();
    await sql`INSERT INTO users (id, email, full_name, role, approved_at, created_at, updated_at)
              VALUES (${id}, ${`random-technician-${id}@shop.test`}, ${`Technician ${String(people).padStart(3, '0')}`}, 'EMPLOYEE', ${now}, ${now}, ${now})`.execute(db);
    this.technicians.push(id);
    return id;
  }

  async setUp(customers = 4, technicians = 4): Promise<void> {
    for (let i = 0; i < customers; i += 1) await this.addCustomer();
    for (let i = 0; i < technicians; i += 1) await this.addTechnician();
  }

  /** The columns of a job in `status`, all consistent with the schema's CHECKs. */
  private jobState(status: (typeof STATUSES)[number]) {
    const technician = this.pick(this.technicians);
    const started = this.instant();
    const base = { status, stage: null as string | null, assigned_employee_id: null as string | null, started_at: null as string | null, completed_at: null as string | null, cancelled_at: null as string | null };
    switch (status) {
      case 'PENDING':
        return base;
      case 'CONFIRMED':
        return { ...base, assigned_employee_id: technician };
      case 'IN_PROGRESS':
        return { ...base, stage: 'IN_PROGRESS', assigned_employee_id: technician, started_at: this.iso(started) };
      case 'COMPLETED':
        return { ...base, assigned_employee_id: technician, started_at: this.iso(started), completed_at: this.iso(started + this.int(3 * 86_400_000) + 1_000) };
      default:
        return { ...base, assigned_employee_id: this.chance(0.5) ? technician : null, cancelled_at: this.iso(this.instant()) };
    }
  }

  private async someId(db: Executor, table: 'appointments' | 'time_logs', where = sql`true`): Promise<string | null> {
    const { rows } = await sql<{ id: string }>`SELECT id FROM ${sql.table(table)} WHERE ${where} ORDER BY id`.execute(db);
    return rows.length === 0 ? null : rows[this.int(rows.length)].id;
  }

  /** A job for a log: a completed one half the time (their clocked time is what moves most). */
  private someJob(db: Executor): Promise<string | null> {
    return this.someId(db, 'appointments', this.chance(0.5) ? sql`status = 'COMPLETED'` : sql`true`);
  }

  /** A free hour for `employee`'s log: start and end strings, reserved. Some logs run past midnight. */
  private logSpan(employee: string, logId: string): { starts: string; ends: string } {
    for (;;) {
      const date = day(1 - this.int(SPAN_DAYS + 2));
      const hour = this.int(24);
      const crosses = hour === 23 && this.chance(0.3);
      const keys = [`${employee} ${date} ${hour}`, ...(crosses ? [`${employee} ${addCalendarDays(date, 1)} 0`] : [])];
      if (keys.some((key) => taken.hours.has(key))) continue;
      for (const key of keys) taken.hours.add(key);
      this.releaseHours(logId);
      taken.logHours.set(logId, keys);
      const startMinute = this.int(30);
      const minutes = crosses ? 31 + this.int(40) : 1 + this.int(29);
      const start = `${date} ${String(hour).padStart(2, '0')}:${String(startMinute).padStart(2, '0')}:00`;
      const endAt = new Date(`${date}T${String(hour).padStart(2, '0')}:${String(startMinute).padStart(2, '0')}:00Z`).getTime() + minutes * 60_000;
      const ends = new Date(endAt).toISOString().replace('T', ' ').slice(0, 19);
      return { starts: start, ends };
    }
  }

  private releaseHours(logId: string): void {
    for (const key of taken.logHours.get(logId) ?? []) taken.hours.delete(key);
    taken.logHours.delete(logId);
  }

  private review(): { review_state: string; review_reason: string | null } {
    const state = this.pick(REVIEW_STATES);
    return { review_state: state, review_reason: state === 'REJECTED' ? 'Not on the rota' : null };
  }

  private count(operation: string): void {
    this.counts[operation] = (this.counts[operation] ?? 0) + 1;
  }

  async insertJob(db: Executor): Promise<void> {
    const customer = this.pick(this.customers);
    const state = this.jobState(this.pick(STATUSES));
    const created = this.iso(this.instant());
    await sql`
      INSERT INTO appointments (id, status, stage, customer_id, vehicle_id, service_type, center_id, date, slot, bay, assigned_employee_id,
                                started_at, completed_at, cancelled_at, created_at, updated_at)
      VALUES (${nextId()}, ${state.status}, ${state.stage}, ${customer.id}, ${customer.vehicleId}, ${this.pick(SERVICE_TYPES)}, ${CENTERS.downtown},
              ${this.jobDate()}, '09:00', 1, ${state.assigned_employee_id}, ${state.started_at}, ${state.completed_at}, ${state.cancelled_at}, ${created}, ${created})`.execute(db);
    this.count('insert job');
  }

  async changeJob(db: Executor): Promise<void> {
    const id = await this.someId(db, 'appointments');
    if (id === null) return this.insertJob(db);
    const kind = this.int(6);
    if (kind <= 1) {
      const state = this.jobState(this.pick(STATUSES));
      await sql`UPDATE appointments SET status = ${state.status}, stage = ${state.stage}, assigned_employee_id = ${state.assigned_employee_id},
                started_at = ${state.started_at}, completed_at = ${state.completed_at}, cancelled_at = ${state.cancelled_at} WHERE id = ${id}`.execute(db);
      this.count('job status');
    } else if (kind === 2) {
      await sql`UPDATE appointments SET service_type = ${this.pick(SERVICE_TYPES)} WHERE id = ${id}`.execute(db);
      this.count('job service type');
    } else if (kind === 3) {
      await sql`UPDATE appointments SET assigned_employee_id = ${this.pick(this.technicians)} WHERE id = ${id} AND assigned_employee_id IS NOT NULL`.execute(db);
      this.count('job technician');
    } else if (kind === 4) {
      await sql`UPDATE appointments SET completed_at = started_at + make_interval(secs => ${1 + this.int(200_000)}) WHERE id = ${id} AND status = 'COMPLETED'`.execute(db);
      await sql`UPDATE appointments SET started_at = ${this.iso(this.instant())} WHERE id = ${id} AND status = 'IN_PROGRESS'`.execute(db);
      this.count('job times');
    } else {
      await sql`UPDATE appointments SET created_at = ${this.iso(this.instant())} WHERE id = ${id}`.execute(db);
      this.count('job booking time');
    }
  }

  async deleteJob(db: Executor): Promise<void> {
    const id = await this.someId(db, 'appointments');
    if (id === null) return;
    await sql`DELETE FROM appointments WHERE id = ${id}`.execute(db);
    this.count('delete job');
  }

  async insertLog(db: Executor): Promise<void> {
    const employee = this.pick(this.technicians);
    const id = nextId();
    const span = this.logSpan(employee, id);
    const job = this.chance(0.75) ? await this.someJob(db) : null;
    const review = this.review();
    const now = new Date().toISOString();
    await sql`
      INSERT INTO time_logs (id, employee_id, appointment_id, starts_at, ends_at, description, review_state, review_reason, created_at, updated_at)
      VALUES (${id}, ${employee}, ${job}, ${span.starts}, ${span.ends}, 'Work', ${review.review_state}, ${review.review_reason}, ${now}, ${now})`.execute(db);
    this.count('insert log');
  }

  async changeLog(db: Executor): Promise<void> {
    const id = await this.someId(db, 'time_logs');
    if (id === null) return this.insertLog(db);
    const kind = this.int(5);
    if (kind === 0) {
      const { rows } = await sql<{ employee_id: string }>`SELECT employee_id FROM time_logs WHERE id = ${id}`.execute(db);
      // Read committed: a concurrent writer may have deleted the log since someId read it.
      if (rows.length === 0) return this.count('lost race (log gone)');
      const span = this.logSpan(rows[0].employee_id, id);
      await sql`UPDATE time_logs SET starts_at = ${span.starts}, ends_at = ${span.ends} WHERE id = ${id}`.execute(db);
      this.count('log times');
    } else if (kind === 1) {
      const job = this.chance(0.8) ? await this.someJob(db) : null;
      await sql`UPDATE time_logs SET appointment_id = ${job} WHERE id = ${id}`.execute(db);
      this.count('log job');
    } else if (kind <= 3) {
      const review = this.review();
      await sql`UPDATE time_logs SET review_state = ${review.review_state}, review_reason = ${review.review_reason}, version = version + 1 WHERE id = ${id}`.execute(db);
      this.count('log review');
    } else {
      const employee = this.pick(this.technicians);
      const span = this.logSpan(employee, id);
      await sql`UPDATE time_logs SET employee_id = ${employee}, starts_at = ${span.starts}, ends_at = ${span.ends} WHERE id = ${id}`.execute(db);
      this.count('log technician');
    }
  }

  async deleteLog(db: Executor): Promise<void> {
    const id = await this.someId(db, 'time_logs');
    if (id === null) return;
    await sql`DELETE FROM time_logs WHERE id = ${id}`.execute(db);
    this.releaseHours(id);
    this.count('delete log');
  }

  /** Many rows in one statement: a day's logs of one technician rejected or approved, or jobs moved to another type. */
  async bulkChange(db: Executor): Promise<void> {
    if (this.chance(0.5)) {
      const review = this.review();
      const from = day(1 - this.int(SPAN_DAYS + 2));
      await sql`UPDATE time_logs SET review_state = ${review.review_state}, review_reason = ${review.review_reason}
                WHERE employee_id = ${this.pick(this.technicians)} AND starts_at >= ${`${from} 00:00:00`} AND starts_at < ${`${addCalendarDays(from, 10)} 00:00:00`}`.execute(db);
      this.count('bulk review');
    } else {
      await sql`UPDATE appointments SET service_type = ${this.pick(SERVICE_TYPES)} WHERE customer_id = ${this.pick(this.customers).id} AND status <> 'PENDING'`.execute(db);
      this.count('bulk service type');
    }
  }

  /** A customer deleted (their vehicles and jobs cascade, the jobs' logs lose their job), and a new one. */
  async deleteCustomer(db: Executor): Promise<void> {
    const customer = this.pick(this.customers);
    await sql`DELETE FROM users WHERE id = ${customer.id}`.execute(db);
    this.customers.splice(this.customers.indexOf(customer), 1);
    await this.addCustomer(db);
    this.count('delete customer');
  }

  /** A technician with no job assigned deleted (their logs cascade), and a new one. */
  async deleteTechnician(db: Executor): Promise<void> {
    const technician = this.pick(this.technicians);
    const { rows } = await sql<{ id: string }>`
      DELETE FROM users WHERE id = ${technician} AND NOT EXISTS (SELECT 1 FROM appointments WHERE assigned_employee_id = ${technician}) RETURNING id`.execute(db);
    if (rows.length === 0) return;
    this.technicians.splice(this.technicians.indexOf(technician), 1);
    await this.addTechnician(db);
    this.count('delete technician');
  }

  /** One random change. */
  async step(db: Executor): Promise<void> {
    const r = this.random();
    if (r < 0.14) return this.insertJob(db);
    if (r < 0.36) return this.changeJob(db);
    if (r < 0.41) return this.deleteJob(db);
    if (r < 0.61) return this.insertLog(db);
    if (r < 0.83) return this.changeLog(db);
    if (r < 0.9) return this.deleteLog(db);
    if (r < 0.975) return this.bulkChange(db);
    if (r < 0.98) return this.deleteCustomer(db);
    return this.deleteTechnician(db);
  }

  /** The JavaScript side of the shop, to put back when a transaction rolls back. */
  private snapshot() {
    return { customers: [...this.customers], technicians: [...this.technicians], hours: new Set(taken.hours), logHours: new Map(taken.logHours) };
  }

  private restore(saved: ReturnType<RandomShop['snapshot']>): void {
    this.customers.splice(0, this.customers.length, ...saved.customers);
    this.technicians.splice(0, this.technicians.length, ...saved.technicians);
    taken.hours = saved.hours;
    taken.logHours = saved.logHours;
  }

  /** A transaction of 1–4 changes; one in ten is rolled back. */
  async transaction(): Promise<void> {
    const rollBack = this.chance(0.1);
    const steps = 1 + this.int(4);
    const saved = this.snapshot();
    try {
      await this.db.transaction().execute(async (trx) => {
        for (let i = 0; i < steps; i += 1) await this.step(trx);
        if (rollBack) throw new RolledBack();
      });
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
      this.restore(saved);
      this.count('rolled back');
    }
  }

  /**
   * For several of these at once on one shop (PostgreSQL's concurrent transactions): jobs and logs only, and a
   * transaction that loses a race (its job deleted meanwhile, a deadlock) is counted, not retried.
   */
  async concurrentTransaction(): Promise<void> {
    const steps = 1 + this.int(3);
    try {
      await this.db.transaction().execute(async (trx) => {
        for (let i = 0; i < steps; i += 1) {
          const r = this.random();
          if (r < 0.15) await this.insertJob(trx);
          else if (r < 0.4) await this.changeJob(trx);
          else if (r < 0.45) await this.deleteJob(trx);
          else if (r < 0.65) await this.insertLog(trx);
          else if (r < 0.9) await this.changeLog(trx);
          else if (r < 0.95) await this.deleteLog(trx);
          else await this.bulkChange(trx);
        }
      });
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      // 23503: the job went meanwhile; 23P01: a log's hour freed by a delete that rolled back; 40P01: deadlock.
      if (!['23503', '23P01', '40P01', '40001'].includes(code)) throw error;
      this.count(`lost race (${code})`);
    }
  }
}

export class RolledBack extends Error {}

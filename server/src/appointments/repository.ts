import { type ExpressionBuilder, type Insertable, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Catalog } from '../catalog/queries';
import { toIso } from '../clock';
import { APPOINTMENT_MESSAGES, type Appointment, type AppointmentCounts } from '../contract/appointments';
import type { ServiceCenter } from '../contract/catalog';
import type { Page } from '../contract/common';
import type { AppointmentStatus } from '../contract/statuses';
import { toPage } from '../db/cursor';
import { violates } from '../db/errors';
import { at, type AppointmentsTable, type Database, type Db } from '../db/schema';
import { transact } from '../db/transaction';
import { ConflictError } from '../domain/errors';
import type { Viewer } from '../plugins/authenticate';

export type Trx = Transaction<Database>;
export type AppointmentRow = Selectable<AppointmentsTable>;
type AppointmentScope = ExpressionBuilder<Database & { a: AppointmentsTable }, 'a'>;

export const TECHNICIAN_BUSY = 'That technician already has a job at that time.';

/**
 * Ownership lives in the WHERE clause: a customer sees only their own jobs, a technician only the jobs assigned
 * to them, an admin all. Anything else does not exist for the caller.
 */
function visibleTo(viewer: Viewer) {
  return (eb: AppointmentScope) => {
    switch (viewer.role) {
      case 'CUSTOMER':
        return eb('a.customer_id', '=', viewer.id);
      case 'EMPLOYEE':
        return eb('a.assigned_employee_id', '=', viewer.id);
      default:
        return eb.lit(true);
    }
  };
}

/** The database refusing a row, as the contract's answer; anything else is rethrown. */
export function conflictFrom(error: unknown): never {
  if (violates(error, 'appointments_vehicle_slot_key')) throw new ConflictError(APPOINTMENT_MESSAGES.vehicleBusy);
  if (violates(error, 'appointments_bay_key') || violates(error, 'appointments_bay_within_capacity')) {
    throw new ConflictError(APPOINTMENT_MESSAGES.slotFull);
  }
  if (violates(error, 'appointments_technician_slot_key')) throw new ConflictError(TECHNICIAN_BUSY);
  throw error;
}

/** What an answer shows of a job: the job (a), its customer (c), vehicle (v) and technician (e). */
const DETAIL_COLUMNS = [
  'a.id',
  'a.version',
  'a.status',
  'a.stage',
  'a.service_type',
  'a.center_id',
  'a.date',
  'a.slot',
  'a.bay',
  'a.started_at',
  'a.estimated_completion',
  'a.completed_at',
  'a.cancelled_at',
  'a.progress',
  'a.notes',
  'a.created_at',
  'a.updated_at',
  'c.id as customer_id',
  'c.full_name as customer_name',
  'c.email as customer_email',
  'c.phone_number as customer_phone',
  'c.email_verified_at as customer_email_verified_at',
  'v.id as vehicle_id',
  'v.plate',
  'v.make',
  'v.model',
  'v.year',
  'e.id as employee_id',
  'e.full_name as employee_name',
  'e.department as employee_department',
] as const;

/** A list's filters, already checked: the keyset `after` is a decoded cursor, `search` an ILIKE pattern. */
export interface ListFilters {
  limit: number;
  newestFirst: boolean;
  after: string[] | null;
  statuses: AppointmentStatus[] | null;
  from?: string;
  to?: string;
  search: string | null;
}

/** The shop's jobs in SQL: reads scoped to the caller, and the statements a change runs inside its transaction. */
export class AppointmentRepository {
  constructor(
    readonly db: Db,
    private readonly catalog: Catalog,
  ) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return transact(this.db, work);
  }

  private select(db: Db | Trx) {
    return db
      .selectFrom('appointments as a')
      .innerJoin('users as c', 'c.id', 'a.customer_id')
      .innerJoin('vehicles as v', 'v.id', 'a.vehicle_id')
      .leftJoin('users as e', 'e.id', 'a.assigned_employee_id')
      .select(DETAIL_COLUMNS);
  }

  private toAppointment(row: Awaited<ReturnType<ReturnType<AppointmentRepository['select']>['executeTakeFirstOrThrow']>>): Appointment {
    const serviceType = this.catalog.serviceType(row.service_type);
    const center = this.catalog.center(row.center_id);
    const slot = this.catalog.slot(row.slot);
    if (!serviceType || !center || !slot) throw new Error(`Appointment ${row.id} refers to a catalogue entry that does not exist`);
    const optionalIso = (name: string, value: Date | null) => (value === null ? {} : { [name]: toIso(value) });
    return {
      id: row.id,
      version: row.version,
      status: row.status,
      ...(row.stage !== null && { stage: row.stage }),
      customer: {
        id: row.customer_id,
        fullName: row.customer_name,
        email: row.customer_email,
        phoneNumber: row.customer_phone,
        emailVerified: row.customer_email_verified_at !== null,
      },
      vehicle: {
        id: row.vehicle_id,
        plate: row.plate,
        ...(row.make !== null && { make: row.make }),
        ...(row.model !== null && { model: row.model }),
        ...(row.year !== null && { year: row.year }),
      },
      serviceType: { code: serviceType.code, name: serviceType.name, durationMinutes: serviceType.durationMinutes, price: serviceType.price },
      center: { id: center.id, name: center.name, address: center.address },
      date: row.date,
      slot: row.slot,
      slotLabel: slot.label,
      bay: row.bay,
      ...(row.employee_id !== null &&
        row.employee_name !== null && {
          assignedEmployee: { id: row.employee_id, fullName: row.employee_name, ...(row.employee_department !== null && { department: row.employee_department }) },
        }),
      ...optionalIso('startedAt', row.started_at),
      ...optionalIso('estimatedCompletion', row.estimated_completion),
      ...optionalIso('completedAt', row.completed_at),
      ...optionalIso('cancelledAt', row.cancelled_at),
      ...(row.progress !== null && { progress: row.progress }),
      ...(row.notes !== null && { notes: row.notes }),
      createdAt: toIso(row.created_at),
      updatedAt: toIso(row.updated_at),
    };
  }

  /**
   * A deferred join: the page is chosen from the appointments alone (filters, keyset, order and LIMIT on one of
   * migration 0002's indexes), then only that page is joined to its customer, vehicle and technician — the cost
   * follows the page size, not the size of the shop.
   */
  async list(viewer: Viewer, filters: ListFilters): Promise<Page<Appointment>> {
    const { limit, after, statuses, from, to, search } = filters;
    const direction = filters.newestFirst ? 'desc' : 'asc';
    const page = this.db
      .selectFrom('appointments as a')
      .select('a.id')
      .where(visibleTo(viewer))
      .$if(statuses !== null, (qb) => qb.where('a.status', 'in', statuses as AppointmentStatus[]))
      .$if(from !== undefined, (qb) => qb.where('a.date', '>=', from as string))
      .$if(to !== undefined, (qb) => qb.where('a.date', '<=', to as string))
      .$if(search !== null, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb.exists(eb.selectFrom('vehicles as v').select('v.id').whereRef('v.id', '=', 'a.vehicle_id').where('v.plate', 'ilike', search as string)),
            eb.exists(eb.selectFrom('users as c').select('c.id').whereRef('c.id', '=', 'a.customer_id').where('c.full_name', 'ilike', search as string)),
            eb.exists(eb.selectFrom('users as e').select('e.id').whereRef('e.id', '=', 'a.assigned_employee_id').where('e.full_name', 'ilike', search as string)),
          ]),
        ),
      )
      .$if(after !== null, (qb) =>
        qb.where((eb) => eb(eb.refTuple('a.date', 'a.slot', 'a.id'), filters.newestFirst ? '<' : '>', eb.tuple(after![0], after![1], after![2]))),
      )
      .orderBy('a.date', direction)
      .orderBy('a.slot', direction)
      .orderBy('a.id', direction)
      .limit(limit + 1);
    const rows = await this.db
      .selectFrom(page.as('p'))
      .innerJoin('appointments as a', 'a.id', 'p.id')
      .innerJoin('users as c', 'c.id', 'a.customer_id')
      .innerJoin('vehicles as v', 'v.id', 'a.vehicle_id')
      .leftJoin('users as e', 'e.id', 'a.assigned_employee_id')
      .select(DETAIL_COLUMNS)
      .orderBy('a.date', direction)
      .orderBy('a.slot', direction)
      .orderBy('a.id', direction)
      .execute();
    return toPage(rows, limit, (row) => [row.date, row.slot, row.id], (row) => this.toAppointment(row));
  }

  /** The caller's jobs per status (dated between `from` and `to` when given), and how many were completed since `completedSince`. */
  async counts(viewer: Viewer, { from, to }: { from?: string; to?: string }, completedSince: number): Promise<Omit<AppointmentCounts, 'weekStart'>> {
    const [rows, week] = await Promise.all([
      this.db
        .selectFrom('appointments as a')
        .select(['a.status', (eb) => eb.fn.countAll<number>().as('n')])
        .where(visibleTo(viewer))
        .$if(from !== undefined, (qb) => qb.where('a.date', '>=', from as string))
        .$if(to !== undefined, (qb) => qb.where('a.date', '<=', to as string))
        .groupBy('a.status')
        .execute(),
      this.db
        .selectFrom('appointments as a')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(visibleTo(viewer))
        .where('a.status', '=', 'COMPLETED')
        .where('a.completed_at', '>=', at(completedSince))
        .executeTakeFirstOrThrow(),
    ]);
    const byStatus = { PENDING: 0, CONFIRMED: 0, IN_PROGRESS: 0, COMPLETED: 0, CANCELLED: 0 };
    for (const row of rows) byStatus[row.status] = Number(row.n);
    return { byStatus, completedThisWeek: Number(week.n) };
  }

  /** One job the caller may see. */
  async find(viewer: Viewer, id: string): Promise<Appointment | undefined> {
    const row = await this.select(this.db).where(visibleTo(viewer)).where('a.id', '=', id).executeTakeFirst();
    return row && this.toAppointment(row);
  }

  /** A job known to exist (just written), whoever may see it. */
  async read(id: string): Promise<Appointment> {
    return this.toAppointment(await this.select(this.db).where('a.id', '=', id).executeTakeFirstOrThrow());
  }

  /** Open jobs per slot of one centre and day. */
  async bookedPerSlot(centerId: string, date: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('appointments')
      .select(['slot', (eb) => eb.fn.countAll<number>().as('booked')])
      .where('center_id', '=', centerId)
      .where('date', '=', date)
      .where('status', '<>', 'CANCELLED')
      .groupBy('slot')
      .execute();
    return new Map(rows.map((row) => [row.slot, Number(row.booked)]));
  }

  /**
   * Serialises the check-then-write on one centre slot (or technician slot): the unique indexes would refuse a
   * double booking anyway, the lock makes the loser's answer say why. Order: job row, centre slot, technician slot.
   */
  async lockSlot(trx: Trx, centerId: string, date: string, slot: string): Promise<void> {
    await advisoryLock(trx, `slot:${centerId}:${date}:${slot}`);
  }

  async lockTechnicianSlot(trx: Trx, employeeId: string, date: string, slot: string): Promise<void> {
    await advisoryLock(trx, `technician:${employeeId}:${date}:${slot}`);
  }

  /** The lowest bay of the centre that no open job holds at that date and slot, or null when the slot is full. */
  async freeBay(trx: Trx, center: ServiceCenter, date: string, slot: string): Promise<number | null> {
    const taken = await trx
      .selectFrom('appointments')
      .select('bay')
      .where('center_id', '=', center.id)
      .where('date', '=', date)
      .where('slot', '=', slot)
      .where('status', '<>', 'CANCELLED')
      .execute();
    const used = new Set(taken.map((row) => row.bay));
    for (let bay = 1; bay <= center.bays; bay += 1) if (!used.has(bay)) return bay;
    return null;
  }

  /** Whether the vehicle or technician has another open job at that date and slot. */
  async hasOpenJobAt(trx: Trx, column: 'vehicle_id' | 'assigned_employee_id', id: string, date: string, slot: string, except?: string): Promise<boolean> {
    const row = await trx
      .selectFrom('appointments')
      .select('id')
      .where(column, '=', id)
      .where('date', '=', date)
      .where('slot', '=', slot)
      .where('status', '<>', 'CANCELLED')
      .$if(except !== undefined, (qb) => qb.where('id', '<>', except as string))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The job, locked for the rest of the transaction, when the caller may see it. */
  lockJob(trx: Trx, viewer: Viewer, id: string): Promise<AppointmentRow | undefined> {
    return trx.selectFrom('appointments as a').selectAll('a').where(visibleTo(viewer)).where('a.id', '=', id).forUpdate().executeTakeFirst();
  }

  async insert(trx: Trx, job: Insertable<AppointmentsTable>): Promise<void> {
    await trx.insertInto('appointments').values(job).execute();
  }

  /** Writes `changes` as the job's next version. */
  async save(trx: Trx, id: string, changes: Updateable<AppointmentsTable>, nowIso: string): Promise<void> {
    await trx
      .updateTable('appointments')
      .set({ ...changes, version: sql<number>`version + 1`, updated_at: nowIso })
      .where('id', '=', id)
      .execute();
  }

  async fullName(trx: Trx, userId: string): Promise<string> {
    const row = await trx.selectFrom('users').select('full_name').where('id', '=', userId).executeTakeFirstOrThrow();
    return row.full_name;
  }

  /**
   * A technician to assign, read FOR SHARE: a deactivation (which locks the row FOR UPDATE) waits for the
   * assignment, or the assignment sees the deactivated row — never a job handed to an account being switched off.
   */
  technicianForAssignment(trx: Trx, employeeId: string) {
    return trx
      .selectFrom('users')
      .select(['id', 'full_name', 'is_active', 'approved_at'])
      .where('id', '=', employeeId)
      .where('role', '=', 'EMPLOYEE')
      .forShare()
      .executeTakeFirst();
  }
}

async function advisoryLock(trx: Trx, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

import { randomUUID } from 'node:crypto';
import { getDay, parseISO } from 'date-fns';
import { type ExpressionBuilder, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Catalog } from '../catalog/queries';
import { type Clock, isoAt, toIso } from '../clock';
import {
  type Appointment,
  type AppointmentCounts,
  type AppointmentCountsQuery,
  type AppointmentListQuery,
  APPOINTMENT_MESSAGES,
  type AssignEmployeeBody,
  type BookAppointmentBody,
  type CancelAppointmentBody,
  type RescheduleAppointmentBody,
  type SlotAvailability,
  type UpdateStatusBody,
} from '../contract/appointments';
import type { ServiceCenter } from '../contract/catalog';
import { notAssignableMessage } from '../contract/employees';
import { DEFAULT_PAGE_SIZE, type Page } from '../contract/common';
import type { AppointmentStatus } from '../contract/statuses';
import { CURSOR_FIELDS, decodeCursor, likeContaining, toPage } from '../db/cursor';
import { violates } from '../db/errors';
import { at, type AppointmentsTable, type Database, type Db } from '../db/schema';
import { staffStateOf } from '../employees/staff';
import { actAs } from '../history/actor';
import type { Viewer } from '../plugins/authenticate';
import { addCalendarDays, shopInstant, shopNow } from '../shopTime';
import { ownVehicleId, vehicleIdForPlate } from '../vehicles/queries';
import { bookingTimeErrors, isChangeableBooking, type JobState, nextJobState } from './rules';
import { checkVersion, ConflictError, type FieldErrors, invalidField, NotFoundError, throwIfInvalid } from '../domain/errors';
import { transact } from '../db/transaction';

type Trx = Transaction<Database>;
type AppointmentScope = ExpressionBuilder<Database & { a: AppointmentsTable }, 'a'>;
type AppointmentRow = Selectable<AppointmentsTable>;

const TECHNICIAN_BUSY = 'That technician already has a job at that time.';

/**
 * Ownership lives in the WHERE clause: a customer's queries see only their own jobs, a technician's only the
 * jobs assigned to them, an admin's all. Anything outside that does not exist for the caller (404, never 403).
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

/** Turns the database refusing a row into the contract's answer; anything else is rethrown. */
function conflictFrom(error: unknown): never {
  if (violates(error, 'appointments_vehicle_slot_key')) throw new ConflictError(APPOINTMENT_MESSAGES.vehicleBusy);
  if (violates(error, 'appointments_bay_key') || violates(error, 'appointments_bay_within_capacity')) {
    throw new ConflictError(APPOINTMENT_MESSAGES.slotFull);
  }
  if (violates(error, 'appointments_technician_slot_key')) throw new ConflictError(TECHNICIAN_BUSY);
  throw error;
}

/**
 * Transaction-scoped advisory locks serialise the check-then-write steps that compete for one resource, so each
 * request sees the outcome of the one before it and gets the right answer:
 * - a centre's slot (centre, date, slot): counting the free bays and taking one — the last bay goes to exactly one
 *   request;
 * - a technician's slot (technician, date, slot): checking they are free and giving them the job.
 * The unique indexes and the capacity trigger would refuse a double booking even without them; the locks make
 * the loser's answer say why. Lock order, everywhere: the job's row, then a centre's slot, then a technician's
 * slot — so no two transactions wait on each other in a circle.
 */
async function lock(trx: Trx, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

const lockSlot = (trx: Trx, centerId: string, date: string, slot: string) => lock(trx, `slot:${centerId}:${date}:${slot}`);
const lockTechnician = (trx: Trx, employeeId: string, date: string, slot: string) => lock(trx, `technician:${employeeId}:${date}:${slot}`);

/** The lowest bay of the centre that no open job holds at that date and slot, or null when the slot is full. */
async function freeBay(trx: Trx, center: ServiceCenter, date: string, slot: string): Promise<number | null> {
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

async function hasOpenJobAt(trx: Trx, column: 'vehicle_id' | 'assigned_employee_id', id: string, date: string, slot: string, except?: string): Promise<boolean> {
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

function jobState(row: AppointmentRow): JobState {
  const iso = (value: Date | null) => (value === null ? null : toIso(value));
  return {
    status: row.status,
    stage: row.stage,
    progress: row.progress,
    startedAt: iso(row.started_at),
    estimatedCompletion: iso(row.estimated_completion),
    completedAt: iso(row.completed_at),
  };
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
  'v.id as vehicle_id',
  'v.plate',
  'v.make',
  'v.model',
  'v.year',
  'e.id as employee_id',
  'e.full_name as employee_name',
  'e.department as employee_department',
] as const;

/** The shop's jobs: reads scoped to the caller, and every change one transaction holding the locks it needs. */
export class Appointments {
  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly now: Clock,
  ) {}

  private select(db: Db | Trx) {
    return db
      .selectFrom('appointments as a')
      .innerJoin('users as c', 'c.id', 'a.customer_id')
      .innerJoin('vehicles as v', 'v.id', 'a.vehicle_id')
      .leftJoin('users as e', 'e.id', 'a.assigned_employee_id')
      .select(DETAIL_COLUMNS);
  }

  private toAppointment(row: Awaited<ReturnType<ReturnType<Appointments['select']>['executeTakeFirstOrThrow']>>): Appointment {
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
      customer: { id: row.customer_id, fullName: row.customer_name, email: row.customer_email, phoneNumber: row.customer_phone },
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
   * Keyset-paged list. Customers read their jobs newest first; technicians and the board read by date and slot
   * ascending. Each order is served by its own index (see migration 0002). A deferred join: the page is chosen
   * from the appointments alone (filters, keyset, order and LIMIT on one index), then that page drives the joins
   * to each job's row, customer, vehicle and technician by primary key — the cost follows the page size, not the
   * number of jobs or people in the shop.
   */
  async list(viewer: Viewer, query: AppointmentListQuery): Promise<Page<Appointment>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const newestFirst = viewer.role === 'CUSTOMER';
    const after = query.cursor ? decodeCursor(query.cursor, [CURSOR_FIELDS.date, CURSOR_FIELDS.slot, CURSOR_FIELDS.uuid]) : null;
    const statuses = query.status ? (query.status.split(',') as AppointmentStatus[]) : null;
    const search = query.q?.trim() ? likeContaining(query.q.trim()) : null;
    const direction = newestFirst ? 'desc' : 'asc';
    const page = this.db
      .selectFrom('appointments as a')
      .select('a.id')
      .where(visibleTo(viewer))
      .$if(statuses !== null, (qb) => qb.where('a.status', 'in', statuses as AppointmentStatus[]))
      .$if(query.from !== undefined, (qb) => qb.where('a.date', '>=', query.from as string))
      .$if(query.to !== undefined, (qb) => qb.where('a.date', '<=', query.to as string))
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
        qb.where((eb) => eb(eb.refTuple('a.date', 'a.slot', 'a.id'), newestFirst ? '<' : '>', eb.tuple(after![0], after![1], after![2]))),
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

  /**
   * How many of the caller's jobs are in each status (between `from` and `to` when given), and how many were
   * completed this week — a Sunday-to-Saturday week in the shop's calendar, like the technician's calendar.
   */
  async counts(viewer: Viewer, { from, to }: AppointmentCountsQuery): Promise<AppointmentCounts> {
    const today = shopNow(this.catalog.timeZone, this.now()).date;
    const weekStart = addCalendarDays(today, -getDay(parseISO(today)));
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
        .where('a.completed_at', '>=', at(shopInstant(this.catalog.timeZone, weekStart, '00:00')))
        .executeTakeFirstOrThrow(),
    ]);
    const byStatus = { PENDING: 0, CONFIRMED: 0, IN_PROGRESS: 0, COMPLETED: 0, CANCELLED: 0 };
    for (const row of rows) byStatus[row.status] = Number(row.n);
    return { byStatus, completedThisWeek: Number(week.n), weekStart };
  }

  /** One job the caller may see; anything else is 404. */
  async get(viewer: Viewer, id: string): Promise<Appointment> {
    const row = await this.select(this.db).where(visibleTo(viewer)).where('a.id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError(APPOINTMENT_MESSAGES.notFound);
    return this.toAppointment(row);
  }

  private async read(id: string): Promise<Appointment> {
    return this.toAppointment(await this.select(this.db).where('a.id', '=', id).executeTakeFirstOrThrow());
  }

  private centerFor(centerId: string | undefined): ServiceCenter {
    if (centerId === undefined) return this.catalog.defaultCenter;
    const center = this.catalog.center(centerId);
    if (!center) throw invalidField('centerId', 'Choose one of the listed service centres');
    return center;
  }

  /** The catalogue and calendar rules of a booking or a move, every failing field at once. */
  private slotErrors(date: string, slot: string): FieldErrors {
    if (!this.catalog.slot(slot)) return { slot: 'Choose one of the listed time slots' };
    return bookingTimeErrors(date, slot, shopNow(this.catalog.timeZone, this.now()));
  }

  /** Open jobs and free bays per slot of one centre and day. */
  async availability(date: string, centerId: string | undefined): Promise<SlotAvailability[]> {
    const center = this.centerFor(centerId);
    const rows = await this.db
      .selectFrom('appointments')
      .select(['slot', (eb) => eb.fn.countAll<number>().as('booked')])
      .where('center_id', '=', center.id)
      .where('date', '=', date)
      .where('status', '<>', 'CANCELLED')
      .groupBy('slot')
      .execute();
    const booked = new Map(rows.map((row) => [row.slot, Number(row.booked)]));
    return this.catalog.slots.map(({ start, label }) => {
      const count = booked.get(start) ?? 0;
      return { slot: start, label, capacity: center.bays, booked: count, available: Math.max(0, center.bays - count) };
    });
  }

  /** POST /api/appointments: a PENDING job in the first free bay, or 409 when the slot or the vehicle is taken. */
  async book(customerId: string, body: BookAppointmentBody): Promise<Appointment> {
    throwIfInvalid({
      ...(body.plate === undefined && body.vehicleId === undefined && { plate: 'Vehicle ID is required' }),
      ...(!this.catalog.serviceType(body.serviceType) && { serviceType: 'Choose one of the listed service types' }),
      ...(body.centerId !== undefined && !this.catalog.center(body.centerId) && { centerId: 'Choose one of the listed service centres' }),
      ...this.slotErrors(body.date, body.slot),
    });
    const center = this.centerFor(body.centerId);
    const id = randomUUID();
    const nowIso = isoAt(this.now());
    await transact(this.db, async (trx) => {
        await actAs(trx, customerId);
        const vehicleId = body.vehicleId ? await ownVehicleId(trx, customerId, body.vehicleId) : await vehicleIdForPlate(trx, customerId, body.plate as string, nowIso);
        await lockSlot(trx, center.id, body.date, body.slot);
        if (await hasOpenJobAt(trx, 'vehicle_id', vehicleId, body.date, body.slot)) throw new ConflictError(APPOINTMENT_MESSAGES.vehicleBusy);
        const bay = await freeBay(trx, center, body.date, body.slot);
        if (bay === null) throw new ConflictError(APPOINTMENT_MESSAGES.slotFull);
        await trx
          .insertInto('appointments')
          .values({
            id,
            status: 'PENDING',
            customer_id: customerId,
            vehicle_id: vehicleId,
            service_type: body.serviceType,
            center_id: center.id,
            date: body.date,
            slot: body.slot,
            bay,
            notes: body.notes?.trim() || null,
            created_at: nowIso,
            updated_at: nowIso,
          })
          .execute();
      })
      .catch(conflictFrom);
    return this.read(id);
  }

  /** The job, locked for the rest of the transaction; 404 when the caller may not see it. */
  private async lock(trx: Trx, viewer: Viewer, id: string): Promise<AppointmentRow> {
    const row = await trx.selectFrom('appointments as a').selectAll('a').where(visibleTo(viewer)).where('a.id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new NotFoundError(APPOINTMENT_MESSAGES.notFound);
    return row;
  }

  private async save(trx: Trx, id: string, changes: Updateable<AppointmentsTable>): Promise<void> {
    await trx
      .updateTable('appointments')
      .set({ ...changes, version: sql<number>`version + 1`, updated_at: isoAt(this.now()) })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Runs `change` on the locked job in one transaction, then answers the job as it now stands. The job history
   * (migration 0006) records the change in the same transaction, with the caller as its actor.
   */
  private async change(viewer: Viewer, id: string, expectedVersion: number | undefined, change: (trx: Trx, job: AppointmentRow) => Promise<void>): Promise<Appointment> {
    await transact(this.db, async (trx) => {
        await actAs(trx, viewer.id);
        const job = await this.lock(trx, viewer, id);
        checkVersion(job.version, expectedVersion, APPOINTMENT_MESSAGES.changedElsewhere);
        await change(trx, job);
      })
      .catch(conflictFrom);
    return this.read(id);
  }

  /** A job that has not started: CANCELLED, which frees its bay, vehicle and technician. */
  cancel(viewer: Viewer, id: string, { expectedVersion }: CancelAppointmentBody): Promise<Appointment> {
    return this.change(viewer, id, expectedVersion, async (trx, job) => {
      if (job.status === 'CANCELLED') throw new ConflictError('This appointment is already cancelled.');
      if (!isChangeableBooking(job.status)) throw new ConflictError('Only an appointment that has not started can be cancelled.');
      await this.save(trx, id, { status: 'CANCELLED', cancelled_at: isoAt(this.now()) });
    });
  }

  /**
   * A job that has not started moves to another date and slot at its centre, under the same rules as a booking.
   * Its technician keeps it when free at the new time; otherwise it goes back to Awaiting Assignment.
   */
  reschedule(viewer: Viewer, id: string, { date, slot, expectedVersion }: RescheduleAppointmentBody): Promise<Appointment> {
    throwIfInvalid(this.slotErrors(date, slot));
    return this.change(viewer, id, expectedVersion, async (trx, job) => {
      if (!isChangeableBooking(job.status)) throw new ConflictError('Only an appointment that has not started can be rescheduled.');
      if (job.date === date && job.slot === slot) throw invalidField('slot', 'The appointment is already booked for that date and time slot');
      const center = this.centerFor(job.center_id);
      await lockSlot(trx, center.id, date, slot);
      if (await hasOpenJobAt(trx, 'vehicle_id', job.vehicle_id, date, slot, id)) throw new ConflictError(APPOINTMENT_MESSAGES.vehicleBusy);
      const bay = await freeBay(trx, center, date, slot);
      if (bay === null) throw new ConflictError(APPOINTMENT_MESSAGES.slotFull);
      const technician = job.assigned_employee_id;
      if (technician !== null) await lockTechnician(trx, technician, date, slot);
      const technicianBusy = technician !== null && (await hasOpenJobAt(trx, 'assigned_employee_id', technician, date, slot, id));
      await this.save(trx, id, { date, slot, bay, ...(technicianBusy && { status: 'PENDING', assigned_employee_id: null }) });
    });
  }

  /** Admin: a PENDING job gets its technician and becomes CONFIRMED. */
  assign(viewer: Viewer, id: string, { employeeId, expectedVersion }: AssignEmployeeBody): Promise<Appointment> {
    // The version is checked after "already assigned": when another admin got there first, saying who is more
    // useful than "changed by someone else".
    return this.change(viewer, id, undefined, async (trx, job) => {
      if (job.status !== 'PENDING') {
        if (job.assigned_employee_id !== null && (job.status === 'CONFIRMED' || job.status === 'IN_PROGRESS')) {
          const current = await trx.selectFrom('users').select('full_name').where('id', '=', job.assigned_employee_id).executeTakeFirstOrThrow();
          throw new ConflictError(`Already assigned to ${current.full_name}.`);
        }
        throw new ConflictError('Only an appointment awaiting assignment can be assigned.');
      }
      checkVersion(job.version, expectedVersion, APPOINTMENT_MESSAGES.changedElsewhere);
      // FOR SHARE: a deactivation of this technician (which locks the row FOR UPDATE) waits for this assignment,
      // or this assignment sees the deactivated row — never a job handed to an account being switched off.
      const employee = await trx
        .selectFrom('users')
        .select(['id', 'full_name', 'is_active', 'approved_at'])
        .where('id', '=', employeeId)
        .where('role', '=', 'EMPLOYEE')
        .forShare()
        .executeTakeFirst();
      if (!employee) throw new NotFoundError('Employee not found');
      const staffState = staffStateOf(employee);
      if (staffState !== 'ACTIVE') throw new ConflictError(notAssignableMessage(employee.full_name, staffState));
      await lockTechnician(trx, employee.id, job.date, job.slot);
      if (await hasOpenJobAt(trx, 'assigned_employee_id', employee.id, job.date, job.slot, id)) {
        throw new ConflictError(`${employee.full_name} already has a job at that time.`);
      }
      await this.save(trx, id, { status: 'CONFIRMED', assigned_employee_id: employee.id });
    });
  }

  /** The assigned technician (or an admin) moves the job through its lifecycle; see rules.ts `nextJobState`. */
  updateStatus(viewer: Viewer, id: string, { expectedVersion, ...request }: UpdateStatusBody): Promise<Appointment> {
    return this.change(viewer, id, expectedVersion, async (trx, job) => {
      const next = nextJobState(jobState(job), request, this.now());
      if (next === null) return;
      await this.save(trx, id, {
        status: next.status,
        stage: next.stage,
        progress: next.progress,
        started_at: next.startedAt,
        estimated_completion: next.estimatedCompletion,
        completed_at: next.completedAt,
      });
    });
  }
}

import { randomUUID } from 'node:crypto';
import { getDay, parseISO } from 'date-fns';
import type { Updateable } from 'kysely';
import type { Catalog } from '../catalog/queries';
import { type Clock, isoAt } from '../clock';
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
import { DEFAULT_PAGE_SIZE, type Page } from '../contract/common';
import { notAssignableMessage } from '../contract/employees';
import type { AppointmentStatus } from '../contract/statuses';
import { CURSORS, decodeCursor, likeContaining } from '../db/cursor';
import type { AppointmentsTable, Db } from '../db/schema';
import { checkVersion, ConflictError, type FieldErrors, invalidField, NotFoundError, throwIfInvalid } from '../domain/errors';
import { staffStateOf } from '../employees/rules';
import { actAs } from '../history/actor';
import type { Viewer } from '../plugins/authenticate';
import { addCalendarDays, shopInstant, shopNow } from '../shopTime';
import { ownVehicleId, vehicleIdForPlate } from '../vehicles/repository';
import { normalisePlate } from '../vehicles/rules';
import { VEHICLE_MESSAGES } from '../vehicles/service';
import { AppointmentRepository, type AppointmentRow, conflictFrom, type Trx } from './repository';
import { bookingTimeErrors, isChangeableBooking, jobStateOf, nextJobState } from './rules';

/**
 * Runs inside a completion's transaction, on the locked job, after it was saved as COMPLETED (billing issues the job's
 * invoice there): what it writes commits with the completion, and a failure rolls the completion back.
 */
export type CompletionHook = (trx: Trx, job: AppointmentRow, actorId: string) => Promise<void>;

/**
 * The shop's jobs: who may see which (the repository's WHERE), the booking and lifecycle rules, and every change
 * as one transaction holding the locks it needs (job row, then centre slot, then technician slot).
 */
export class Appointments {
  private readonly repository: AppointmentRepository;
  private readonly completionHooks: CompletionHook[] = [];

  constructor(
    db: Db,
    private readonly catalog: Catalog,
    private readonly now: Clock,
  ) {
    this.repository = new AppointmentRepository(db, catalog);
  }

  /** `hook` runs in every completion's transaction (a plugin registered after this one: billing). */
  onCompletion(hook: CompletionHook): void {
    this.completionHooks.push(hook);
  }

  /** Customers read their jobs newest first; technicians and the board by date and slot ascending. */
  list(viewer: Viewer, query: AppointmentListQuery): Promise<Page<Appointment>> {
    return this.repository.list(viewer, {
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      newestFirst: viewer.role === 'CUSTOMER',
      after: query.cursor ? decodeCursor(query.cursor, CURSORS.appointments) : null,
      statuses: query.status ? (query.status.split(',') as AppointmentStatus[]) : null,
      from: query.from,
      to: query.to,
      search: query.q?.trim() ? likeContaining(query.q.trim()) : null,
    });
  }

  /** The caller's jobs per status, and those completed this week (Sunday to Saturday, like the technician's calendar). */
  async counts(viewer: Viewer, range: AppointmentCountsQuery): Promise<AppointmentCounts> {
    const today = shopNow(this.catalog.timeZone, this.now()).date;
    const weekStart = addCalendarDays(today, -getDay(parseISO(today)));
    const counts = await this.repository.counts(viewer, range, shopInstant(this.catalog.timeZone, weekStart, '00:00'));
    return { ...counts, weekStart };
  }

  /** One job the caller may see; for anyone else it does not exist. */
  async get(viewer: Viewer, id: string): Promise<Appointment> {
    const job = await this.repository.find(viewer, id);
    if (!job) throw new NotFoundError(APPOINTMENT_MESSAGES.notFound);
    return job;
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
    const booked = await this.repository.bookedPerSlot(center.id, date);
    return this.catalog.slots.map(({ start, label }) => {
      const count = booked.get(start) ?? 0;
      return { slot: start, label, capacity: center.bays, booked: count, available: Math.max(0, center.bays - count) };
    });
  }

  /** A PENDING job in the first free bay; 409 when the slot or the vehicle is taken. */
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
    const { repository } = this;
    await repository
      .transaction(async (trx) => {
        await actAs(trx, customerId);
        const vehicleId = body.vehicleId ? await ownVehicleId(trx, customerId, body.vehicleId) : await vehicleIdForPlate(trx, customerId, normalisePlate(body.plate as string), nowIso);
        if (vehicleId === undefined) throw new NotFoundError(VEHICLE_MESSAGES.notFound);
        await repository.lockSlot(trx, center.id, body.date, body.slot);
        if (await repository.hasOpenJobAt(trx, 'vehicle_id', vehicleId, body.date, body.slot)) throw new ConflictError(APPOINTMENT_MESSAGES.vehicleBusy);
        const bay = await repository.freeBay(trx, center, body.date, body.slot);
        if (bay === null) throw new ConflictError(APPOINTMENT_MESSAGES.slotFull);
        await repository.insert(trx, {
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
        });
      })
      .catch(conflictFrom);
    return repository.read(id);
  }

  private save(trx: Trx, id: string, changes: Updateable<AppointmentsTable>): Promise<void> {
    return this.repository.save(trx, id, changes, isoAt(this.now()));
  }

  /**
   * Runs `change` on the locked job in one transaction, then answers the job as it now stands. The job history
   * records the change in the same transaction, with the caller as its actor.
   */
  private async change(viewer: Viewer, id: string, expectedVersion: number | undefined, change: (trx: Trx, job: AppointmentRow) => Promise<void>): Promise<Appointment> {
    await this.repository
      .transaction(async (trx) => {
        await actAs(trx, viewer.id);
        const job = await this.repository.lockJob(trx, viewer, id);
        if (!job) throw new NotFoundError(APPOINTMENT_MESSAGES.notFound);
        checkVersion(job.version, expectedVersion, APPOINTMENT_MESSAGES.changedElsewhere);
        await change(trx, job);
      })
      .catch(conflictFrom);
    return this.repository.read(id);
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
   * A job that has not started moves to another date and slot at its centre, under a booking's rules. Its
   * technician keeps it when free at the new time; otherwise it goes back to Awaiting Assignment.
   */
  reschedule(viewer: Viewer, id: string, { date, slot, expectedVersion }: RescheduleAppointmentBody): Promise<Appointment> {
    throwIfInvalid(this.slotErrors(date, slot));
    const { repository } = this;
    return this.change(viewer, id, expectedVersion, async (trx, job) => {
      if (!isChangeableBooking(job.status)) throw new ConflictError('Only an appointment that has not started can be rescheduled.');
      if (job.date === date && job.slot === slot) throw invalidField('slot', 'The appointment is already booked for that date and time slot');
      const center = this.centerFor(job.center_id);
      await repository.lockSlot(trx, center.id, date, slot);
      if (await repository.hasOpenJobAt(trx, 'vehicle_id', job.vehicle_id, date, slot, id)) throw new ConflictError(APPOINTMENT_MESSAGES.vehicleBusy);
      const bay = await repository.freeBay(trx, center, date, slot);
      if (bay === null) throw new ConflictError(APPOINTMENT_MESSAGES.slotFull);
      const technician = job.assigned_employee_id;
      if (technician !== null) await repository.lockTechnicianSlot(trx, technician, date, slot);
      const technicianBusy = technician !== null && (await repository.hasOpenJobAt(trx, 'assigned_employee_id', technician, date, slot, id));
      await this.save(trx, id, { date, slot, bay, ...(technicianBusy && { status: 'PENDING', assigned_employee_id: null }) });
    });
  }

  /** Admin: a PENDING job gets its technician and becomes CONFIRMED. */
  assign(viewer: Viewer, id: string, { employeeId, expectedVersion }: AssignEmployeeBody): Promise<Appointment> {
    const { repository } = this;
    // The version is checked after "already assigned": when another admin got there first, saying who is more
    // useful than "changed by someone else".
    return this.change(viewer, id, undefined, async (trx, job) => {
      if (job.status !== 'PENDING') {
        if (job.assigned_employee_id !== null && (job.status === 'CONFIRMED' || job.status === 'IN_PROGRESS')) {
          throw new ConflictError(`Already assigned to ${await repository.fullName(trx, job.assigned_employee_id)}.`);
        }
        throw new ConflictError('Only an appointment awaiting assignment can be assigned.');
      }
      checkVersion(job.version, expectedVersion, APPOINTMENT_MESSAGES.changedElsewhere);
      const employee = await repository.technicianForAssignment(trx, employeeId);
      if (!employee) throw new NotFoundError('Employee not found');
      const staffState = staffStateOf(employee);
      if (staffState !== 'ACTIVE') throw new ConflictError(notAssignableMessage(employee.full_name, staffState));
      await repository.lockTechnicianSlot(trx, employee.id, job.date, job.slot);
      if (await repository.hasOpenJobAt(trx, 'assigned_employee_id', employee.id, job.date, job.slot, id)) {
        throw new ConflictError(`${employee.full_name} already has a job at that time.`);
      }
      await this.save(trx, id, { status: 'CONFIRMED', assigned_employee_id: employee.id });
    });
  }

  /** The assigned technician (or an admin) moves the job through its lifecycle; see rules.ts `nextJobState`. */
  updateStatus(viewer: Viewer, id: string, { expectedVersion, ...request }: UpdateStatusBody): Promise<Appointment> {
    return this.change(viewer, id, expectedVersion, async (trx, job) => {
      const next = nextJobState(jobStateOf(job), request, this.now());
      if (next === null) return;
      await this.save(trx, id, {
        status: next.status,
        stage: next.stage,
        progress: next.progress,
        started_at: next.startedAt,
        estimated_completion: next.estimatedCompletion,
        completed_at: next.completedAt,
      });
      if (next.status === 'COMPLETED') {
        for (const hook of this.completionHooks) await hook(trx, job, viewer.id);
      }
    });
  }
}

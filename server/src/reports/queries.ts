import { setImmediate as letOthersIn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Appointments } from '../appointments/service';
import type { Catalog } from '../catalog/queries';
import { toIso } from '../clock';
import type { Appointment } from '../contract/appointments';
import type { ServiceCenter } from '../contract/catalog';
import type { JobHistoryEvent } from '../contract/reports';
import type { AppointmentStatus, Stage } from '../contract/statuses';
import type { TimeLogReviewState } from '../contract/timeLogs';
import type { Db } from '../db/schema';
import { InventoryRepository } from '../inventory/repository';
import type { Viewer } from '../plugins/authenticate';
import { REPORT_LIMITS } from './limits';

export interface Person {
  id: string;
  fullName: string;
}

/** One change of the job, as the report shows it. */
export interface HistoryEntry {
  event: JobHistoryEvent;
  /** ISO 8601 instant. */
  occurredAt: string;
  actor?: Person;
  technician?: Person;
  status: AppointmentStatus;
  stage?: Stage;
  /** RESCHEDULED: the date and slot before and after. */
  move?: { fromDate: string; fromSlot: string; toDate: string; toSlot: string };
}

/** One time log on the job (the shop's wall-clock times, as the technician logged them). */
export interface LoggedTime {
  technician: Person;
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM` */
  startTime: string;
  endTime: string;
  durationMinutes: number;
  description: string;
}

/** A part used on the job (job_parts), as the report lists it: no prices yet. */
export interface UsedPart {
  sku: string;
  name: string;
  unit: string;
  quantity: number;
}

/** The latest entries of a list, oldest first, and how many earlier ones were left out. */
export interface Listed<T> {
  entries: T[];
  omitted: number;
}

/** Everything a service report prints, read from stored data only. */
export interface ServiceReport {
  job: Appointment;
  /** The centre with its phone (the job names only its id, name and address). */
  center: ServiceCenter;
  history: Listed<HistoryEntry>;
  timeLogs: Listed<LoggedTime>;
  /** Every listed and omitted log's minutes. */
  totalMinutes: number;
  /** The parts used on the job, by name (what the job's details list as used; reservations are not). */
  parts: UsedPart[];
}

/**
 * A job's service report, for exactly whom GET /api/appointments/:id answers (the job is read through it). Rejected
 * time logs are not the job's time and are left out; the customer sees only approved time (what an admin has not
 * reviewed yet is the shop's to check, not the customer's to read), staff see every log that is not rejected.
 */
export class Reports {
  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly appointments: Pick<Appointments, 'get'>,
    /** The job's parts are read as the inventory domain reads them (GET /api/appointments/:id/parts). */
    private readonly inventory: Pick<InventoryRepository, 'jobParts'> = new InventoryRepository(db),
  ) {}

  /**
   * The report's reads, one at a time, each after the event loop has had a turn. The embedded database (PGlite) runs
   * every query on the thread that answers all requests, and a chain of awaited queries never yields to I/O: read
   * together, a report's five queries (~10 ms there) held up every request that arrived meanwhile, not just the queries
   * behind them. Now a health check or a list waits for one report query at most (bench §7). On PostgreSQL it costs
   * a report three more round trips on a local socket.
   */
  async load(viewer: Viewer, id: string): Promise<ServiceReport> {
    await letOthersIn();
    const job = await this.appointments.get(viewer, id);
    const center = this.catalog.center(job.center.id);
    if (!center) throw new Error(`Appointment ${job.id} refers to a service centre that does not exist`);
    const states: TimeLogReviewState[] = viewer.role === 'CUSTOMER' ? ['APPROVED'] : ['SUBMITTED', 'APPROVED'];
    await letOthersIn();
    const history = await this.history(job.id);
    await letOthersIn();
    const timeLogs = await this.timeLogs(job.id, states);
    await letOthersIn();
    const totals = await this.timeTotals(job.id, states);
    await letOthersIn();
    const parts = await this.inventory.jobParts(job.id);
    return {
      job,
      center,
      history,
      timeLogs: { entries: timeLogs, omitted: totals.count - timeLogs.length },
      totalMinutes: totals.minutes,
      parts: parts.map(({ sku, name, unit, quantity }) => ({ sku, name, unit, quantity })),
    };
  }

  /** The latest REPORT_LIMITS.historyEntries changes, oldest first, and how many came before them. */
  private async history(appointmentId: string): Promise<Listed<HistoryEntry>> {
    const limit = REPORT_LIMITS.historyEntries;
    const rows = await this.db
      .selectFrom('job_history as h')
      .leftJoin('users as actor', 'actor.id', 'h.actor_id')
      .leftJoin('users as technician', 'technician.id', 'h.employee_id')
      .select([
        'h.event',
        'h.occurred_at',
        'h.status',
        'h.stage',
        'h.from_date',
        'h.from_slot',
        'h.to_date',
        'h.to_slot',
        'actor.id as actor_id',
        'actor.full_name as actor_name',
        'technician.id as technician_id',
        'technician.full_name as technician_name',
        sql<number>`count(*) OVER ()`.as('total'),
      ])
      .where('h.appointment_id', '=', appointmentId)
      .orderBy('h.occurred_at', 'desc')
      .orderBy('h.id', 'desc')
      .limit(limit)
      .execute();
    rows.reverse();
    const entries = rows.map((row) => ({
      event: row.event,
      occurredAt: toIso(row.occurred_at),
      ...(row.actor_id !== null && row.actor_name !== null && { actor: { id: row.actor_id, fullName: row.actor_name } }),
      ...(row.technician_id !== null && row.technician_name !== null && { technician: { id: row.technician_id, fullName: row.technician_name } }),
      status: row.status,
      ...(row.stage !== null && { stage: row.stage }),
      ...(row.from_date !== null &&
        row.from_slot !== null &&
        row.to_date !== null &&
        row.to_slot !== null && { move: { fromDate: row.from_date, fromSlot: row.from_slot, toDate: row.to_date, toSlot: row.to_slot } }),
    }));
    return { entries, omitted: rows.length === 0 ? 0 : Number(rows[0].total) - rows.length };
  }

  /** The latest REPORT_LIMITS.timeLogs logs in `states`, oldest first. */
  private async timeLogs(appointmentId: string, states: TimeLogReviewState[]): Promise<LoggedTime[]> {
    const rows = await this.db
      .selectFrom('time_logs as t')
      .innerJoin('users as u', 'u.id', 't.employee_id')
      .select([
        'u.id as technician_id',
        'u.full_name as technician_name',
        't.description',
        sql<string>`to_char(t.starts_at, 'YYYY-MM-DD HH24:MI')`.as('starts'),
        sql<string>`to_char(t.ends_at, 'HH24:MI')`.as('end_time'),
        sql<number>`(extract(epoch FROM t.ends_at - t.starts_at) / 60)::int`.as('duration_minutes'),
      ])
      .where('t.appointment_id', '=', appointmentId)
      .where('t.review_state', 'in', states)
      .orderBy('t.starts_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(REPORT_LIMITS.timeLogs)
      .execute();
    rows.reverse();
    return rows.map((row) => ({
      technician: { id: row.technician_id, fullName: row.technician_name },
      date: row.starts.slice(0, 10),
      startTime: row.starts.slice(11, 16),
      endTime: row.end_time,
      durationMinutes: Number(row.duration_minutes),
      description: row.description,
    }));
  }

  /** How many logs in `states` the job has and their minutes, listed or not. */
  private async timeTotals(appointmentId: string, states: TimeLogReviewState[]): Promise<{ count: number; minutes: number }> {
    const row = await this.db
      .selectFrom('time_logs as t')
      .select([
        sql<number>`count(*)`.as('count'),
        sql<number>`coalesce(sum((extract(epoch FROM t.ends_at - t.starts_at) / 60)::int), 0)`.as('minutes'),
      ])
      .where('t.appointment_id', '=', appointmentId)
      .where('t.review_state', 'in', states)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), minutes: Number(row.minutes) };
  }
}

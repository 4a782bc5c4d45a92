import { sql } from 'kysely';
import type { Appointments } from '../appointments/service';
import type { Catalog } from '../catalog/queries';
import { toIso } from '../clock';
import type { Appointment } from '../contract/appointments';
import type { ServiceCenter } from '../contract/catalog';
import type { JobHistoryEvent } from '../contract/reports';
import type { AppointmentStatus, Stage } from '../contract/statuses';
import type { Db } from '../db/schema';
import type { Viewer } from '../plugins/authenticate';

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

/** Everything a service report prints, read from stored data only. */
export interface ServiceReport {
  job: Appointment;
  /** The centre with its phone (the job names only its id, name and address). */
  center: ServiceCenter;
  history: HistoryEntry[];
  timeLogs: LoggedTime[];
  totalMinutes: number;
}

/**
 * A job's service report, for exactly whom GET /api/appointments/:id answers (the job is read through it). Rejected
 * time logs are not the job's time and are left out.
 */
export class Reports {
  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly appointments: Pick<Appointments, 'get'>,
  ) {}

  async load(viewer: Viewer, id: string): Promise<ServiceReport> {
    const job = await this.appointments.get(viewer, id);
    const center = this.catalog.center(job.center.id);
    if (!center) throw new Error(`Appointment ${job.id} refers to a service centre that does not exist`);
    const [history, timeLogs] = await Promise.all([this.history(job.id), this.timeLogs(job.id)]);
    return { job, center, history, timeLogs, totalMinutes: timeLogs.reduce((sum, log) => sum + log.durationMinutes, 0) };
  }

  private async history(appointmentId: string): Promise<HistoryEntry[]> {
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
      ])
      .where('h.appointment_id', '=', appointmentId)
      .orderBy('h.occurred_at')
      .orderBy('h.id')
      .execute();
    return rows.map((row) => ({
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
  }

  private async timeLogs(appointmentId: string): Promise<LoggedTime[]> {
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
      .where('t.review_state', '<>', 'REJECTED')
      .orderBy('t.starts_at')
      .orderBy('t.id')
      .execute();
    return rows.map((row) => ({
      technician: { id: row.technician_id, fullName: row.technician_name },
      date: row.starts.slice(0, 10),
      startTime: row.starts.slice(11, 16),
      endTime: row.end_time,
      durationMinutes: Number(row.duration_minutes),
      description: row.description,
    }));
  }
}

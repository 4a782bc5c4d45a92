import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, sql, type Transaction } from 'kysely';
import type { TimeLogReviewState } from '../contract/timeLogs';
import type { Database, Db, TimeLogsTable } from '../db/schema';
import { transact } from '../db/transaction';
import type { Viewer } from '../plugins/authenticate';
import { addCalendarDays } from '../shopTime';

export type Trx = Transaction<Database>;
type LogScope = ExpressionBuilder<Database & { t: TimeLogsTable }, 't'>;

/** A technician sees and changes only their own entries; an admin reads everyone's. */
function visibleTo(viewer: Viewer) {
  return (eb: LogScope) => (viewer.role === 'ADMIN' ? eb.lit(true) : eb('t.employee_id', '=', viewer.id));
}

/** The columns a log is stored with (wall-clock `YYYY-MM-DD HH:MM:00` in the shop's zone). */
export interface LogColumns {
  appointment_id: string | null;
  starts_at: string;
  ends_at: string;
  description: string;
  updated_at: string;
}

/** A review's decision as stored. */
export interface ReviewColumns {
  review_state: 'APPROVED' | 'REJECTED';
  review_reason: string | null;
  reviewed_by: string;
  reviewed_at: string;
}

/** `[from 00:00, to + 1 day 00:00)` of shop wall-clock time. */
const dayStart = (date: string) => `${date} 00:00:00`;

/** Technicians' time logs in SQL. The exclusion constraint `time_logs_no_overlap` refuses overlaps. */
export class TimeLogRepository {
  constructor(readonly db: Db) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return transact(this.db, work);
  }

  private select() {
    return this.db
      .selectFrom('time_logs as t')
      .select([
        't.id',
        't.employee_id',
        't.appointment_id',
        't.description',
        't.created_at',
        't.updated_at',
        't.review_state',
        't.review_reason',
        't.reviewed_at',
        't.version',
        sql<string>`to_char(t.starts_at, 'YYYY-MM-DD HH24:MI:SS')`.as('starts_at'),
        sql<string>`to_char(t.ends_at, 'HH24:MI')`.as('end_time'),
        sql<number>`(extract(epoch FROM t.ends_at - t.starts_at) / 60)::int`.as('duration_minutes'),
      ]);
  }

  /** A page in start order after the keyset `after` ([starts_at, id]); `limit + 1` rows tell whether more follow. */
  page(viewer: Viewer, filters: { limit: number; after: string[] | null; employeeId?: string; from?: string; to?: string }) {
    const { limit, after, employeeId, from, to } = filters;
    return this.select()
      .where(visibleTo(viewer))
      .$if(employeeId !== undefined, (qb) => qb.where('t.employee_id', '=', employeeId as string))
      .$if(from !== undefined, (qb) => qb.where('t.starts_at', '>=', dayStart(from as string)))
      .$if(to !== undefined, (qb) => qb.where('t.starts_at', '<', dayStart(addCalendarDays(to as string, 1))))
      .$if(after !== null, (qb) => qb.where((eb) => eb(eb.refTuple('t.starts_at', 't.id'), '>', eb.tuple(after![0], after![1]))))
      .orderBy('t.starts_at')
      .orderBy('t.id')
      .limit(limit + 1)
      .execute();
  }

  read(id: string) {
    return this.select().where('t.id', '=', id).executeTakeFirstOrThrow();
  }

  /** When a job assigned to this technician was booked; undefined when it is not theirs (or does not exist). */
  async assignedJobBookedAt(employeeId: string, appointmentId: string): Promise<Date | undefined> {
    const job = await this.db
      .selectFrom('appointments')
      .select('created_at')
      .where('id', '=', appointmentId)
      .where('assigned_employee_id', '=', employeeId)
      .executeTakeFirst();
    return job?.created_at;
  }

  async insert(employeeId: string, columns: LogColumns): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('time_logs')
      .values({ id, employee_id: employeeId, created_at: columns.updated_at, ...columns })
      .execute();
    return id;
  }

  /** The technician's own log, locked for the rest of the transaction. */
  lockOwn(trx: Trx, employeeId: string, id: string) {
    return trx.selectFrom('time_logs').select('review_state').where('id', '=', id).where('employee_id', '=', employeeId).forUpdate().executeTakeFirst();
  }

  /** Any log, locked for the rest of the transaction. */
  lock(trx: Trx, id: string) {
    return trx.selectFrom('time_logs').select(['review_state', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** New contents, submitted again: a rejection's reason is cleared. */
  async resubmit(trx: Trx, id: string, columns: LogColumns): Promise<void> {
    await trx
      .updateTable('time_logs')
      .set({ ...columns, review_state: 'SUBMITTED', review_reason: null, reviewed_by: null, reviewed_at: null, version: sql<number>`version + 1` })
      .where('id', '=', id)
      .execute();
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('time_logs').where('id', '=', id).execute();
  }

  async review(trx: Trx, ids: string[], decision: ReviewColumns): Promise<void> {
    await trx
      .updateTable('time_logs')
      .set({ ...decision, version: sql<number>`version + 1` })
      .where('id', 'in', ids)
      .execute();
  }

  async isTechnician(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('id', '=', userId).where('role', '=', 'EMPLOYEE').executeTakeFirst();
    return row !== undefined;
  }

  /** One technician's SUBMITTED logs of a week, locked in id order (two approvals of one week never wait in a circle). */
  async lockSubmittedOfWeek(trx: Trx, employeeId: string, week: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('time_logs')
      .select('id')
      .where('employee_id', '=', employeeId)
      .where('starts_at', '>=', dayStart(week))
      .where('starts_at', '<', dayStart(addCalendarDays(week, 7)))
      .where('review_state', '=', 'SUBMITTED')
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map((row) => row.id);
  }

  /** A week's logs with their technician and the job each was logged against, by technician name. */
  week(week: string, filters: { employeeId?: string; state?: TimeLogReviewState }) {
    return this.select()
      .innerJoin('users as u', 'u.id', 't.employee_id')
      .leftJoin('appointments as a', 'a.id', 't.appointment_id')
      .leftJoin('vehicles as v', 'v.id', 'a.vehicle_id')
      .leftJoin('service_types as s', 's.code', 'a.service_type')
      .select(['u.full_name', 'u.department', 'v.plate', 's.name as service_name', 'a.date as job_date'])
      .where('t.starts_at', '>=', dayStart(week))
      .where('t.starts_at', '<', dayStart(addCalendarDays(week, 7)))
      .$if(filters.employeeId !== undefined, (qb) => qb.where('t.employee_id', '=', filters.employeeId as string))
      .$if(filters.state !== undefined, (qb) => qb.where('t.review_state', '=', filters.state as TimeLogReviewState))
      .orderBy('u.full_name')
      .orderBy('u.id')
      .orderBy('t.starts_at')
      .orderBy('t.id')
      .execute();
  }

  /** A technician's minutes per week (Monday to Sunday) and review state, every week from `first` to `last`. */
  async weeklyMinutes(employeeId: string, first: string, last: string) {
    const minutes = sql<number>`extract(epoch FROM t.ends_at - t.starts_at) / 60`;
    const sum = (state?: TimeLogReviewState) =>
      state === undefined ? sql<string>`coalesce(sum(${minutes}), 0)::bigint` : sql<string>`coalesce(sum(${minutes}) FILTER (WHERE t.review_state = ${state}), 0)::bigint`;
    const { rows } = await sql<{ week: string; total: string; approved: string; submitted: string; rejected: string }>`
      SELECT to_char(w.week, 'YYYY-MM-DD') AS week,
             ${sum()} AS total,
             ${sum('APPROVED')} AS approved,
             ${sum('SUBMITTED')} AS submitted,
             ${sum('REJECTED')} AS rejected
        FROM generate_series(${dayStart(first)}::timestamp, ${dayStart(last)}::timestamp, interval '1 week') AS w (week)
        LEFT JOIN time_logs t
          ON t.employee_id = ${employeeId} AND t.starts_at >= w.week AND t.starts_at < w.week + interval '1 week'
       GROUP BY w.week
       ORDER BY w.week`.execute(this.db);
    return rows;
  }
}

export type TimeLogRow = Awaited<ReturnType<TimeLogRepository['read']>>;

import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, sql, type Transaction } from 'kysely';
import type { Catalog } from '../catalog/queries';
import { type Clock, isoAt, toIso } from '../clock';
import { DEFAULT_PAGE_SIZE, type Page } from '../contract/common';
import {
  type ApproveWeekBody,
  type ApproveWeekResult,
  type ReviewedTimeLog,
  type ReviewTotals,
  type TechnicianWeek,
  TIME_LOG_MESSAGES,
  type TimeLog,
  type TimeLogBody,
  type TimeLogListQuery,
  type TimeLogReview,
  type TimeLogReviewQuery,
  type TimeLogReviewState,
  type WeeklyHours,
  type WeeklyHoursQuery,
} from '../contract/timeLogs';
import { CURSOR_FIELDS, decodeCursor, toPage } from '../db/cursor';
import { violates } from '../db/errors';
import type { Database, Db, TimeLogsTable } from '../db/schema';
import type { Viewer } from '../plugins/authenticate';
import { addCalendarDays, shopNow } from '../shopTime';
import { logErrors, logSpan, weeklyPeriod, weekErrors } from './rules';
import { transact } from '../db/transaction';
import { checkVersion, ConflictError, NotFoundError, throwIfInvalid } from '../domain/errors';

type Trx = Transaction<Database>;
type LogScope = ExpressionBuilder<Database & { t: TimeLogsTable }, 't'>;

/** A technician sees and changes only their own entries; an admin reads everyone's. */
function visibleTo(viewer: Viewer) {
  return (eb: LogScope) => (viewer.role === 'ADMIN' ? eb.lit(true) : eb('t.employee_id', '=', viewer.id));
}

function overlapFrom(error: unknown): never {
  if (violates(error, 'time_logs_no_overlap')) throw new ConflictError(TIME_LOG_MESSAGES.overlap);
  throw error;
}

/** The review's decision on a log. */
export type Decision = { state: 'APPROVED' } | { state: 'REJECTED'; reason: string };

function emptyTotals(): ReviewTotals {
  return { totalMinutes: 0, submittedMinutes: 0, approvedMinutes: 0, rejectedMinutes: 0, logs: 0, submitted: 0, approved: 0, rejected: 0 };
}

const MINUTES_OF: Record<TimeLogReviewState, 'submittedMinutes' | 'approvedMinutes' | 'rejectedMinutes'> = {
  SUBMITTED: 'submittedMinutes',
  APPROVED: 'approvedMinutes',
  REJECTED: 'rejectedMinutes',
};
const COUNT_OF: Record<TimeLogReviewState, 'submitted' | 'approved' | 'rejected'> = { SUBMITTED: 'submitted', APPROVED: 'approved', REJECTED: 'rejected' };

function addTo(totals: ReviewTotals, log: TimeLog): void {
  totals.totalMinutes += log.durationMinutes;
  totals[MINUTES_OF[log.reviewState]] += log.durationMinutes;
  totals.logs += 1;
  totals[COUNT_OF[log.reviewState]] += 1;
}

/**
 * Technicians' time logs and their review. Overlaps are refused by the database's exclusion constraint, whatever
 * runs at once. Every change of an existing log — the technician's edit or delete, the admin's approval or
 * rejection — first locks the log's row (SELECT … FOR UPDATE) in its transaction and decides on the row as it then
 * stands: an approval racing an edit or a delete has exactly one winner, and the loser gets the reason (409 or 404).
 */
export class TimeLogs {
  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly now: Clock,
  ) {}

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

  private toTimeLog(row: Awaited<ReturnType<ReturnType<TimeLogs['select']>['executeTakeFirstOrThrow']>>): TimeLog {
    return {
      id: row.id,
      employeeId: row.employee_id,
      ...(row.appointment_id !== null && { appointmentId: row.appointment_id }),
      date: row.starts_at.slice(0, 10),
      startTime: row.starts_at.slice(11, 16),
      endTime: row.end_time,
      durationMinutes: Number(row.duration_minutes),
      description: row.description,
      createdAt: toIso(row.created_at),
      updatedAt: toIso(row.updated_at),
      reviewState: row.review_state,
      ...(row.review_reason !== null && { reviewReason: row.review_reason }),
      ...(row.reviewed_at !== null && { reviewedAt: toIso(row.reviewed_at) }),
      version: row.version,
    };
  }

  async list(viewer: Viewer, query: TimeLogListQuery): Promise<Page<TimeLog>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor, [CURSOR_FIELDS.localDateTime, CURSOR_FIELDS.uuid]) : null;
    const rows = await this.select()
      .where(visibleTo(viewer))
      .$if(query.employeeId !== undefined, (qb) => qb.where('t.employee_id', '=', query.employeeId as string))
      .$if(query.from !== undefined, (qb) => qb.where('t.starts_at', '>=', `${query.from} 00:00:00`))
      .$if(query.to !== undefined, (qb) => qb.where('t.starts_at', '<', `${addCalendarDays(query.to as string, 1)} 00:00:00`))
      .$if(after !== null, (qb) => qb.where((eb) => eb(eb.refTuple('t.starts_at', 't.id'), '>', eb.tuple(after![0], after![1]))))
      .orderBy('t.starts_at')
      .orderBy('t.id')
      .limit(limit + 1)
      .execute();
    return toPage(rows, limit, (row) => [row.starts_at, row.id], (row) => this.toTimeLog(row));
  }

  private async read(id: string): Promise<TimeLog> {
    return this.toTimeLog(await this.select().where('t.id', '=', id).executeTakeFirstOrThrow());
  }

  /** The stored columns for a body, after the rules; a job must be one assigned to this technician. */
  private async columns(employeeId: string, body: TimeLogBody) {
    throwIfInvalid(logErrors(body.date, body.startTime, body.endTime, shopNow(this.catalog.timeZone, this.now())));
    const span = logSpan(body.date, body.startTime, body.endTime);
    const appointmentId = body.appointmentId ?? null;
    if (appointmentId !== null) {
      const job = await this.db
        .selectFrom('appointments')
        .select('id')
        .where('id', '=', appointmentId)
        .where('assigned_employee_id', '=', employeeId)
        .executeTakeFirst();
      if (!job) throw new NotFoundError(TIME_LOG_MESSAGES.jobNotFound);
    }
    return { appointment_id: appointmentId, starts_at: span.startsAt, ends_at: span.endsAt, description: body.description.trim(), updated_at: isoAt(this.now()) };
  }

  async create(employeeId: string, body: TimeLogBody): Promise<TimeLog> {
    const columns = await this.columns(employeeId, body);
    const id = randomUUID();
    await this.db
      .insertInto('time_logs')
      .values({ id, employee_id: employeeId, created_at: columns.updated_at, ...columns })
      .execute()
      .catch(overlapFrom);
    return this.read(id);
  }

  /**
   * The technician's own log, locked for the rest of the transaction: 404 when it is not theirs (or gone), 409
   * when it has been approved (an approved log is final).
   */
  private async lockOwnChangeable(trx: Trx, employeeId: string, id: string): Promise<void> {
    const row = await trx.selectFrom('time_logs').select('review_state').where('id', '=', id).where('employee_id', '=', employeeId).forUpdate().executeTakeFirst();
    if (!row) throw new NotFoundError(TIME_LOG_MESSAGES.notFound);
    if (row.review_state === 'APPROVED') throw new ConflictError(TIME_LOG_MESSAGES.approved);
  }

  /**
   * Replaces the entry: it must be the caller's (else 404), not approved (else 409) and must not overlap their
   * others (else 409). An edit (re)submits it: a rejected entry goes back to SUBMITTED and its reason is cleared.
   */
  async update(employeeId: string, id: string, body: TimeLogBody): Promise<TimeLog> {
    const columns = await this.columns(employeeId, body);
    await transact(this.db, async (trx) => {
        await this.lockOwnChangeable(trx, employeeId, id);
        await trx
          .updateTable('time_logs')
          .set({ ...columns, review_state: 'SUBMITTED', review_reason: null, reviewed_by: null, reviewed_at: null, version: sql<number>`version + 1` })
          .where('id', '=', id)
          .execute();
      })
      .catch(overlapFrom);
    return this.read(id);
  }

  /** Deletes the caller's entry (404 when not theirs); an approved one stays (409); a rejected one may go. */
  async remove(employeeId: string, id: string): Promise<void> {
    await transact(this.db, async (trx) => {
      await this.lockOwnChangeable(trx, employeeId, id);
      await trx.deleteFrom('time_logs').where('id', '=', id).execute();
    });
  }

  /**
   * An admin's decision on one log: only a SUBMITTED log (else 409 `alreadyReviewed`), only as the admin last saw
   * it (`expectedVersion`, else 409 `changedElsewhere` — e.g. the technician edited it meanwhile).
   */
  async review(adminId: string, id: string, expectedVersion: number, decision: Decision): Promise<TimeLog> {
    await transact(this.db, async (trx) => {
      const row = await trx.selectFrom('time_logs').select(['review_state', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw new NotFoundError(TIME_LOG_MESSAGES.notFound);
      checkVersion(row.version, expectedVersion, TIME_LOG_MESSAGES.changedElsewhere);
      if (row.review_state !== 'SUBMITTED') throw new ConflictError(TIME_LOG_MESSAGES.alreadyReviewed);
      await trx
        .updateTable('time_logs')
        .set({
          review_state: decision.state,
          review_reason: decision.state === 'REJECTED' ? decision.reason.trim() : null,
          reviewed_by: adminId,
          reviewed_at: isoAt(this.now()),
          version: sql<number>`version + 1`,
        })
        .where('id', '=', id)
        .execute();
    });
    return this.read(id);
  }

  /** Approves every SUBMITTED log of one technician's week in one transaction; answers how many. */
  async approveWeek(adminId: string, { employeeId, week }: ApproveWeekBody): Promise<ApproveWeekResult> {
    throwIfInvalid(weekErrors(week));
    const technician = await this.db.selectFrom('users').select('id').where('id', '=', employeeId).where('role', '=', 'EMPLOYEE').executeTakeFirst();
    if (!technician) throw new NotFoundError(TIME_LOG_MESSAGES.technicianNotFound);
    return transact(this.db, async (trx) => {
      // Locked in one order (by id), so two approvals of the same week never wait on each other in a circle.
      const rows = await trx
        .selectFrom('time_logs')
        .select('id')
        .where('employee_id', '=', employeeId)
        .where('starts_at', '>=', `${week} 00:00:00`)
        .where('starts_at', '<', `${addCalendarDays(week, 7)} 00:00:00`)
        .where('review_state', '=', 'SUBMITTED')
        .orderBy('id')
        .forUpdate()
        .execute();
      if (rows.length > 0) {
        await trx
          .updateTable('time_logs')
          .set({ review_state: 'APPROVED', review_reason: null, reviewed_by: adminId, reviewed_at: isoAt(this.now()), version: sql<number>`version + 1` })
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      }
      return { approved: rows.length };
    });
  }

  /** One week of logs for the admin's review, per technician (by name), each with the job it was logged against. */
  async reviewWeek(query: TimeLogReviewQuery): Promise<TimeLogReview> {
    throwIfInvalid(weekErrors(query.week));
    const weekEnd = addCalendarDays(query.week, 6);
    const rows = await this.select()
      .innerJoin('users as u', 'u.id', 't.employee_id')
      .leftJoin('appointments as a', 'a.id', 't.appointment_id')
      .leftJoin('vehicles as v', 'v.id', 'a.vehicle_id')
      .leftJoin('service_types as s', 's.code', 'a.service_type')
      .select(['u.full_name', 'u.department', 'v.plate', 's.name as service_name', 'a.date as job_date'])
      .where('t.starts_at', '>=', `${query.week} 00:00:00`)
      .where('t.starts_at', '<', `${addCalendarDays(query.week, 7)} 00:00:00`)
      .$if(query.employeeId !== undefined, (qb) => qb.where('t.employee_id', '=', query.employeeId as string))
      .$if(query.state !== undefined, (qb) => qb.where('t.review_state', '=', query.state as TimeLogReviewState))
      .orderBy('u.full_name')
      .orderBy('u.id')
      .orderBy('t.starts_at')
      .orderBy('t.id')
      .execute();

    const technicians: TechnicianWeek[] = [];
    const totals = emptyTotals();
    for (const row of rows) {
      let current = technicians.at(-1);
      if (current?.employee.id !== row.employee_id) {
        current = {
          employee: { id: row.employee_id, fullName: row.full_name, ...(row.department !== null && { department: row.department }) },
          logs: [],
          totals: emptyTotals(),
        };
        technicians.push(current);
      }
      const log: ReviewedTimeLog = {
        ...this.toTimeLog(row),
        ...(row.appointment_id !== null &&
          row.plate !== null && { job: { id: row.appointment_id, plate: row.plate, serviceName: row.service_name ?? '', date: row.job_date ?? '' } }),
      };
      current.logs.push(log);
      addTo(current.totals, log);
      addTo(totals, log);
    }
    return { week: query.week, weekEnd, technicians, totals };
  }

  /** The technician's own minutes per week (Monday to Sunday) and per review state, every week of the period. */
  async weekly(employeeId: string, query: WeeklyHoursQuery): Promise<WeeklyHours> {
    const { errors, first, last } = weeklyPeriod(shopNow(this.catalog.timeZone, this.now()).date, query.from, query.to);
    throwIfInvalid(errors);
    const minutes = sql<number>`extract(epoch FROM t.ends_at - t.starts_at) / 60`;
    const sum = (state?: TimeLogReviewState) =>
      state === undefined ? sql<string>`coalesce(sum(${minutes}), 0)::bigint` : sql<string>`coalesce(sum(${minutes}) FILTER (WHERE t.review_state = ${state}), 0)::bigint`;
    const { rows } = await sql<{ week: string; total: string; approved: string; submitted: string; rejected: string }>`
      SELECT to_char(w.week, 'YYYY-MM-DD') AS week,
             ${sum()} AS total,
             ${sum('APPROVED')} AS approved,
             ${sum('SUBMITTED')} AS submitted,
             ${sum('REJECTED')} AS rejected
        FROM generate_series(${`${first} 00:00:00`}::timestamp, ${`${last} 00:00:00`}::timestamp, interval '1 week') AS w (week)
        LEFT JOIN time_logs t
          ON t.employee_id = ${employeeId} AND t.starts_at >= w.week AND t.starts_at < w.week + interval '1 week'
       GROUP BY w.week
       ORDER BY w.week`.execute(this.db);
    return {
      weeks: rows.map((row) => ({
        week: row.week,
        totalMinutes: Number(row.total),
        approvedMinutes: Number(row.approved),
        submittedMinutes: Number(row.submitted),
        rejectedMinutes: Number(row.rejected),
      })),
    };
  }
}

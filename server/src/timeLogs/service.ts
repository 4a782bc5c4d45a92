import type { Catalog } from '../catalog/queries';
import { type Clock, isoAt, toIso } from '../clock';
import { DEFAULT_PAGE_SIZE, type Page } from '../contract/common';
import {
  type ApproveWeekBody,
  type ApproveWeekResult,
  type ReviewedTimeLog,
  type TechnicianWeek,
  TIME_LOG_MESSAGES,
  type TimeLog,
  type TimeLogBody,
  type TimeLogListQuery,
  type TimeLogReview,
  type TimeLogReviewQuery,
  type WeeklyHours,
  type WeeklyHoursQuery,
} from '../contract/timeLogs';
import { CURSORS, decodeCursor, toPage } from '../db/cursor';
import { violates } from '../db/errors';
import type { Db } from '../db/schema';
import { checkVersion, ConflictError, NotFoundError, throwIfInvalid } from '../domain/errors';
import type { Viewer } from '../plugins/authenticate';
import { addCalendarDays, shopNow } from '../shopTime';
import { type LogColumns, TimeLogRepository, type TimeLogRow, type Trx } from './repository';
import { addToTotals, emptyTotals, logErrors, logSpan, weeklyPeriod, weekErrors } from './rules';

function overlapFrom(error: unknown): never {
  if (violates(error, 'time_logs_no_overlap')) throw new ConflictError(TIME_LOG_MESSAGES.overlap);
  throw error;
}

/** The review's decision on a log. */
export type Decision = { state: 'APPROVED' } | { state: 'REJECTED'; reason: string };

function toTimeLog(row: TimeLogRow): TimeLog {
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

/**
 * Technicians' time logs and their review. Every change of an existing log — the technician's edit or delete,
 * the admin's approval or rejection — first locks the log's row and decides on the row as it then stands: an
 * approval racing an edit or a delete has exactly one winner, and the loser gets the reason (409 or 404).
 */
export class TimeLogs {
  private readonly repository: TimeLogRepository;

  /** `maxAgeDays`: how many days back a log may be dated (TIME_LOG_MAX_AGE_DAYS). */
  constructor(
    db: Db,
    private readonly catalog: Catalog,
    private readonly now: Clock,
    private readonly maxAgeDays: number,
  ) {
    this.repository = new TimeLogRepository(db);
  }

  async list(viewer: Viewer, query: TimeLogListQuery): Promise<Page<TimeLog>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor, CURSORS.timeLogs) : null;
    const rows = await this.repository.page(viewer, { limit, after, employeeId: query.employeeId, from: query.from, to: query.to });
    return toPage(rows, limit, (row) => [row.starts_at, row.id], toTimeLog);
  }

  /**
   * The stored columns for a body, after the rules; a job must be one assigned to this technician, and the log may
   * not be dated before the job was booked (checked once the job is known to be theirs, so it tells nothing else).
   */
  private async columns(employeeId: string, body: TimeLogBody): Promise<LogColumns> {
    const zone = this.catalog.timeZone;
    const now = shopNow(zone, this.now());
    const check = (bookedOn: string | null) => throwIfInvalid(logErrors(body.date, body.startTime, body.endTime, now, { maxAgeDays: this.maxAgeDays, bookedOn }));
    check(null);
    const appointmentId = body.appointmentId ?? null;
    if (appointmentId !== null) {
      const bookedAt = await this.repository.assignedJobBookedAt(employeeId, appointmentId);
      if (bookedAt === undefined) throw new NotFoundError(TIME_LOG_MESSAGES.jobNotFound);
      check(shopNow(zone, bookedAt.getTime()).date);
    }
    const span = logSpan(body.date, body.startTime, body.endTime);
    return { appointment_id: appointmentId, starts_at: span.startsAt, ends_at: span.endsAt, description: body.description.trim(), updated_at: isoAt(this.now()) };
  }

  async create(employeeId: string, body: TimeLogBody): Promise<TimeLog> {
    const columns = await this.columns(employeeId, body);
    const id = await this.repository.insert(employeeId, columns).catch(overlapFrom);
    return toTimeLog(await this.repository.read(id));
  }

  /** The technician's own log, locked: 404 when it is not theirs (or gone), 409 once approved (an approved log is final). */
  private async lockOwnChangeable(trx: Trx, employeeId: string, id: string): Promise<void> {
    const row = await this.repository.lockOwn(trx, employeeId, id);
    if (!row) throw new NotFoundError(TIME_LOG_MESSAGES.notFound);
    if (row.review_state === 'APPROVED') throw new ConflictError(TIME_LOG_MESSAGES.approved);
  }

  /**
   * Replaces the entry: it must be the caller's, not approved, and must not overlap their others. An edit
   * (re)submits it: a rejected entry goes back to SUBMITTED and its reason is cleared.
   */
  async update(employeeId: string, id: string, body: TimeLogBody): Promise<TimeLog> {
    const columns = await this.columns(employeeId, body);
    await this.repository
      .transaction(async (trx) => {
        await this.lockOwnChangeable(trx, employeeId, id);
        await this.repository.resubmit(trx, id, columns);
      })
      .catch(overlapFrom);
    return toTimeLog(await this.repository.read(id));
  }

  /** Deletes the caller's entry; an approved one stays; a rejected one may go. */
  async remove(employeeId: string, id: string): Promise<void> {
    await this.repository.transaction(async (trx) => {
      await this.lockOwnChangeable(trx, employeeId, id);
      await this.repository.delete(trx, id);
    });
  }

  /** An admin's decision on one log: only a SUBMITTED log, and only as the admin last saw it (`expectedVersion`). */
  async review(adminId: string, id: string, expectedVersion: number, decision: Decision): Promise<TimeLog> {
    await this.repository.transaction(async (trx) => {
      const row = await this.repository.lock(trx, id);
      if (!row) throw new NotFoundError(TIME_LOG_MESSAGES.notFound);
      checkVersion(row.version, expectedVersion, TIME_LOG_MESSAGES.changedElsewhere);
      if (row.review_state !== 'SUBMITTED') throw new ConflictError(TIME_LOG_MESSAGES.alreadyReviewed);
      await this.repository.review(trx, [id], {
        review_state: decision.state,
        review_reason: decision.state === 'REJECTED' ? decision.reason.trim() : null,
        reviewed_by: adminId,
        reviewed_at: isoAt(this.now()),
      });
    });
    return toTimeLog(await this.repository.read(id));
  }

  /** Approves every SUBMITTED log of one technician's week in one transaction; answers how many. */
  async approveWeek(adminId: string, { employeeId, week }: ApproveWeekBody): Promise<ApproveWeekResult> {
    throwIfInvalid(weekErrors(week));
    if (!(await this.repository.isTechnician(employeeId))) throw new NotFoundError(TIME_LOG_MESSAGES.technicianNotFound);
    return this.repository.transaction(async (trx) => {
      const ids = await this.repository.lockSubmittedOfWeek(trx, employeeId, week);
      if (ids.length > 0) {
        await this.repository.review(trx, ids, { review_state: 'APPROVED', review_reason: null, reviewed_by: adminId, reviewed_at: isoAt(this.now()) });
      }
      return { approved: ids.length };
    });
  }

  /** One week of logs for the admin's review, per technician (by name), each with the job it was logged against. */
  async reviewWeek(query: TimeLogReviewQuery): Promise<TimeLogReview> {
    throwIfInvalid(weekErrors(query.week));
    const rows = await this.repository.week(query.week, { employeeId: query.employeeId, state: query.state });
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
        ...toTimeLog(row),
        ...(row.appointment_id !== null &&
          row.plate !== null && { job: { id: row.appointment_id, plate: row.plate, serviceName: row.service_name ?? '', date: row.job_date ?? '' } }),
      };
      current.logs.push(log);
      addToTotals(current.totals, log);
      addToTotals(totals, log);
    }
    return { week: query.week, weekEnd: addCalendarDays(query.week, 6), technicians, totals };
  }

  /** The technician's own minutes per week (Monday to Sunday) and per review state, every week of the period. */
  async weekly(employeeId: string, query: WeeklyHoursQuery): Promise<WeeklyHours> {
    const { errors, first, last } = weeklyPeriod(shopNow(this.catalog.timeZone, this.now()).date, query.from, query.to);
    throwIfInvalid(errors);
    const rows = await this.repository.weeklyMinutes(employeeId, first, last);
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

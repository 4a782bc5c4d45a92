import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Catalog } from '../catalog/queries';
import { type Clock, isoAt, toIso } from '../clock';
import { DEFAULT_PAGE_SIZE, type Page } from '../contract/common';
import { TIME_LOG_MESSAGES, type TimeLog, type TimeLogBody, type TimeLogListQuery } from '../contract/timeLogs';
import { CURSOR_FIELDS, decodeCursor, toPage } from '../db/cursor';
import { violates } from '../db/errors';
import type { Database, Db, TimeLogsTable } from '../db/schema';
import type { Viewer } from '../plugins/authenticate';
import { HttpError } from '../plugins/errors';
import { addCalendarDays, shopNow } from '../shopTime';
import { throwIfInvalid } from '../appointments/rules';
import { logErrors, logSpan } from './rules';

type LogScope = ExpressionBuilder<Database & { t: TimeLogsTable }, 't'>;

/** A technician sees and changes only their own entries; an admin reads everyone's. */
function visibleTo(viewer: Viewer) {
  return (eb: LogScope) => (viewer.role === 'ADMIN' ? eb.lit(true) : eb('t.employee_id', '=', viewer.id));
}

function overlapFrom(error: unknown): never {
  if (violates(error, 'time_logs_no_overlap')) throw new HttpError(409, TIME_LOG_MESSAGES.overlap);
  throw error;
}

/** Technicians' time logs. Overlaps are refused by the database's exclusion constraint, whatever runs at once. */
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
      if (!job) throw new HttpError(404, TIME_LOG_MESSAGES.jobNotFound);
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

  /** One UPDATE: the entry must be the caller's (else 404) and must not overlap their others (else 409). */
  async update(employeeId: string, id: string, body: TimeLogBody): Promise<TimeLog> {
    const columns = await this.columns(employeeId, body);
    const result = await this.db
      .updateTable('time_logs')
      .set(columns)
      .where('id', '=', id)
      .where('employee_id', '=', employeeId)
      .executeTakeFirst()
      .catch(overlapFrom);
    if (Number(result.numUpdatedRows) === 0) throw new HttpError(404, TIME_LOG_MESSAGES.notFound);
    return this.read(id);
  }

  async remove(employeeId: string, id: string): Promise<void> {
    const result = await this.db.deleteFrom('time_logs').where('id', '=', id).where('employee_id', '=', employeeId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new HttpError(404, TIME_LOG_MESSAGES.notFound);
  }
}

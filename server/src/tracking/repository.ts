import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../db/schema';
import { transact } from '../db/transaction';
import type { Viewer } from '../plugins/authenticate';

/** One row of tracking_links (migration 0012). */
export interface TrackingLinksTable {
  id: ColumnType<string, never, never>;
  appointment_id: string;
  token: string;
  created_at: ColumnType<Date, string, string>;
  revoked_at: ColumnType<Date | null, string | null | undefined, string | null>;
}

type TrackingDatabase = Database & { tracking_links: TrackingLinksTable };
export type Executor = Kysely<TrackingDatabase> | Transaction<TrackingDatabase>;

/** What decides whether a link still works: the job's status and when it ended. */
export interface JobEnd {
  id: string;
  status: string;
  completed_at: Date | null;
  cancelled_at: Date | null;
}

/** Tracking links and what the public page reads of a job, in SQL. */
export class TrackingRepository {
  readonly db: Kysely<TrackingDatabase>;

  constructor(db: Db) {
    this.db = db.withTables<{ tracking_links: TrackingLinksTable }>();
  }

  transaction<T>(work: (trx: Transaction<TrackingDatabase>) => Promise<T>): Promise<T> {
    return transact(this.db, work);
  }

  /** The job when the viewer may manage its link (an admin any job, anyone else only their own), locked when asked. */
  managedJob(db: Executor, viewer: Viewer, appointmentId: string, lock: boolean): Promise<JobEnd | undefined> {
    return db
      .selectFrom('appointments as a')
      .select(['a.id', 'a.status', 'a.completed_at', 'a.cancelled_at'])
      .where('a.id', '=', appointmentId)
      .$if(viewer.role !== 'ADMIN', (qb) => qb.where('a.customer_id', '=', viewer.id))
      .$if(lock, (qb) => qb.forUpdate())
      .executeTakeFirst();
  }

  async liveToken(db: Executor, appointmentId: string): Promise<string | undefined> {
    const row = await db.selectFrom('tracking_links').select('token').where('appointment_id', '=', appointmentId).where('revoked_at', 'is', null).executeTakeFirst();
    return row?.token;
  }

  /** Adds `token` as the job's live link unless it has one (two requests at once: the first one's stays). */
  async insertUnlessLive(appointmentId: string, token: string, nowIso: string): Promise<void> {
    await this.db
      .insertInto('tracking_links')
      .values({ appointment_id: appointmentId, token, created_at: nowIso })
      .onConflict((oc) => oc.column('appointment_id').where('revoked_at', 'is', null).doNothing())
      .execute();
  }

  async revokeLive(trx: Executor, appointmentId: string, nowIso: string): Promise<void> {
    await trx.updateTable('tracking_links').set({ revoked_at: nowIso }).where('appointment_id', '=', appointmentId).where('revoked_at', 'is', null).execute();
  }

  async insert(trx: Executor, appointmentId: string, token: string, nowIso: string): Promise<void> {
    await trx.insertInto('tracking_links').values({ appointment_id: appointmentId, token, created_at: nowIso }).execute();
  }

  /** The job behind a live (not revoked) link. */
  jobOfLiveToken(token: string): Promise<JobEnd | undefined> {
    return this.db
      .selectFrom('tracking_links as t')
      .innerJoin('appointments as a', 'a.id', 't.appointment_id')
      .select(['a.id', 'a.status', 'a.completed_at', 'a.cancelled_at'])
      .where('t.token', '=', token)
      .where('t.revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /** What the public page shows of a job: no e-mail, phone, address, surname or notes are read. */
  trackedJob(appointmentId: string) {
    return this.db
      .selectFrom('appointments as a')
      .innerJoin('vehicles as v', 'v.id', 'a.vehicle_id')
      .leftJoin('users as e', 'e.id', 'a.assigned_employee_id')
      .select([
        'a.version',
        'a.status',
        'a.stage',
        'a.service_type',
        'a.center_id',
        'a.date',
        'a.slot',
        'a.estimated_completion',
        'a.completed_at',
        'v.plate',
        'e.full_name as technician_name',
      ])
      .where('a.id', '=', appointmentId)
      .executeTakeFirstOrThrow();
  }

  history(appointmentId: string) {
    return this.db.selectFrom('job_history').select(['event', 'stage', 'occurred_at']).where('appointment_id', '=', appointmentId).orderBy('occurred_at').orderBy('id').execute();
  }
}

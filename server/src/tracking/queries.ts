import { randomBytes } from 'node:crypto';
import type { ColumnType, Kysely } from 'kysely';
import type { Catalog } from '../catalog/queries';
import { type Clock, isoAt, toIso } from '../clock';
import { APPOINTMENT_MESSAGES } from '../contract/appointments';
import { TRACKING_LINK_TTL_AFTER_COMPLETION_DAYS, TRACKING_MESSAGES, type TrackedJob, type TrackingLink } from '../contract/tracking';
import type { Database, Db } from '../db/schema';
import { transact } from '../db/transaction';
import type { Viewer } from '../plugins/authenticate';
import { shopInstant } from '../shopTime';
import { firstName, timelineLabel } from './rules';
import { NotFoundError } from '../domain/errors';

/** One row of tracking_links (migration 0012). */
export interface TrackingLinksTable {
  id: ColumnType<string, never, never>;
  appointment_id: string;
  token: string;
  created_at: ColumnType<Date, string, string>;
  revoked_at: ColumnType<Date | null, string | null | undefined, string | null>;
}

type TrackingDatabase = Database & { tracking_links: TrackingLinksTable };

const DAY_MS = 86_400_000;
export const TRACKING_LINK_TTL_MS = TRACKING_LINK_TTL_AFTER_COMPLETION_DAYS * DAY_MS;
const TOKEN_BYTES = 16;

/** 128 random bits, base64url: 22 characters of [A-Za-z0-9_-]. */
export function newTrackingToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Only a string of the token's shape is ever looked up (anything else is "not found" without a query). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;

const notFound = () => new NotFoundError(TRACKING_MESSAGES.notFound);

/** When a job's link stops working: TTL after it was completed (or cancelled); null while the job is open. */
export function linkExpiry(job: { status: string; completed_at: Date | null; cancelled_at: Date | null }): number | null {
  const ended = job.status === 'COMPLETED' ? job.completed_at : job.status === 'CANCELLED' ? job.cancelled_at : null;
  return ended === null ? null : new Date(ended).getTime() + TRACKING_LINK_TTL_MS;
}

/** A link that works: the job's live link, found by its token (the appointment it follows, and when it stops). */
export interface LiveLink {
  appointmentId: string;
  /** Epoch ms; null while the job is open. */
  expiresAt: number | null;
}

/**
 * Tracking links: the customer's (and admins') view of a job's link, and the public read by token. A wrong,
 * revoked or expired token are one answer — 404 "Tracking link not found" — told apart nowhere but here.
 */
export class TrackingLinks {
  private readonly db: Kysely<TrackingDatabase>;

  constructor(
    db: Db,
    private readonly catalog: Catalog,
    private readonly now: Clock,
  ) {
    this.db = db.withTables<{ tracking_links: TrackingLinksTable }>();
  }

  /**
   * The job, when the viewer may manage its link: its customer or an admin. Anyone else — its technician
   * included — gets GET /api/appointments/:id's 404 for a job they may not see.
   */
  private async manageable(db: Kysely<TrackingDatabase>, viewer: Viewer, appointmentId: string, lock: boolean) {
    const row = await db
      .selectFrom('appointments as a')
      .select(['a.id', 'a.status', 'a.completed_at', 'a.cancelled_at'])
      .where('a.id', '=', appointmentId)
      .$if(viewer.role !== 'ADMIN', (qb) => qb.where('a.customer_id', '=', viewer.id))
      .$if(lock, (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (!row || (viewer.role !== 'ADMIN' && viewer.role !== 'CUSTOMER')) throw new NotFoundError(APPOINTMENT_MESSAGES.notFound);
    return row;
  }

  private toLink(token: string, expiresAt: number | null): TrackingLink {
    return { token, path: `/track/${token}`, expiresAt: expiresAt === null ? null : isoAt(expiresAt) };
  }

  /** The job's live (not revoked) link, made now when it has none. Two requests at once get the same one. */
  async linkFor(viewer: Viewer, appointmentId: string): Promise<TrackingLink> {
    const job = await this.manageable(this.db, viewer, appointmentId, false);
    const existing = await this.liveToken(this.db, appointmentId);
    if (existing !== undefined) return this.toLink(existing, linkExpiry(job));
    await this.db
      .insertInto('tracking_links')
      .values({ appointment_id: appointmentId, token: newTrackingToken(), created_at: isoAt(this.now()) })
      .onConflict((oc) => oc.column('appointment_id').where('revoked_at', 'is', null).doNothing())
      .execute();
    const token = await this.liveToken(this.db, appointmentId);
    if (token === undefined) throw new Error(`No live tracking link for appointment ${appointmentId} after making one`);
    return this.toLink(token, linkExpiry(job));
  }

  /**
   * Revokes the job's live link (it stops working at once; its open streams end through migration 0012's trigger)
   * and issues a new one, in one transaction.
   */
  async revoke(viewer: Viewer, appointmentId: string): Promise<TrackingLink> {
    return transact(this.db, async (trx) => {
      // The job's row is locked first (the shop's lock order), so two revokes of one job run one after the other.
      const job = await this.manageable(trx, viewer, appointmentId, true);
      const nowIso = isoAt(this.now());
      await trx
        .updateTable('tracking_links')
        .set({ revoked_at: nowIso })
        .where('appointment_id', '=', appointmentId)
        .where('revoked_at', 'is', null)
        .execute();
      const token = newTrackingToken();
      await trx.insertInto('tracking_links').values({ appointment_id: appointmentId, token, created_at: nowIso }).execute();
      return this.toLink(token, linkExpiry(job));
    });
  }

  private async liveToken(db: Kysely<TrackingDatabase>, appointmentId: string): Promise<string | undefined> {
    const row = await db.selectFrom('tracking_links').select('token').where('appointment_id', '=', appointmentId).where('revoked_at', 'is', null).executeTakeFirst();
    return row?.token;
  }

  /**
   * The link behind `token` when it works now: not revoked, and its job not ended more than the TTL ago.
   * Otherwise 404 "Tracking link not found" — one answer for a token that never existed, was revoked or expired.
   */
  async resolve(token: string): Promise<LiveLink> {
    if (!TOKEN_SHAPE.test(token)) throw notFound();
    const row = await this.db
      .selectFrom('tracking_links as t')
      .innerJoin('appointments as a', 'a.id', 't.appointment_id')
      .select(['a.id', 'a.status', 'a.completed_at', 'a.cancelled_at'])
      .where('t.token', '=', token)
      .where('t.revoked_at', 'is', null)
      .executeTakeFirst();
    const expiresAt = row ? linkExpiry(row) : null;
    if (!row || (expiresAt !== null && expiresAt <= this.now())) throw notFound();
    return { appointmentId: row.id, expiresAt };
  }

  /** GET /api/track/:token: what the public page shows of the job — nothing that names or reaches the customer. */
  async tracked(token: string): Promise<TrackedJob> {
    const { appointmentId } = await this.resolve(token);
    const [job, history] = await Promise.all([
      this.db
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
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('job_history')
        .select(['event', 'stage', 'occurred_at'])
        .where('appointment_id', '=', appointmentId)
        .orderBy('occurred_at')
        .orderBy('id')
        .execute(),
    ]);
    const service = this.catalog.serviceType(job.service_type);
    const centre = this.catalog.center(job.center_id);
    if (!service || !centre) throw new Error(`Appointment ${appointmentId} refers to a catalogue entry that does not exist`);
    return {
      version: job.version,
      plate: job.plate,
      service: service.name,
      centre: centre.name,
      status: job.status,
      stage: job.status === 'IN_PROGRESS' ? job.stage : null,
      date: job.date,
      slot: job.slot,
      slotLabel: this.catalog.slot(job.slot)?.label ?? job.slot,
      technicianFirstName: job.technician_name === null ? null : firstName(job.technician_name),
      estimate: { completion: this.completionEstimate(job, service.durationMinutes), price: service.price },
      timeline: history.map((entry) => ({ event: entry.event, label: timelineLabel(entry.event, entry.stage), at: toIso(entry.occurred_at) })),
    };
  }

  /** Done: when it was; cancelled: none; else the technician's estimate, or the slot's start plus the service's duration. */
  private completionEstimate(job: { status: string; date: string; slot: string; estimated_completion: Date | null; completed_at: Date | null }, durationMinutes: number): string | null {
    if (job.status === 'CANCELLED') return null;
    if (job.status === 'COMPLETED' && job.completed_at !== null) return toIso(job.completed_at);
    if (job.estimated_completion !== null) return toIso(job.estimated_completion);
    return isoAt(shopInstant(this.catalog.timeZone, job.date, job.slot) + durationMinutes * 60_000);
  }
}

import { randomBytes } from 'node:crypto';
import type { Catalog } from '../catalog/queries';
import { type Clock, isoAt, toIso } from '../clock';
import { APPOINTMENT_MESSAGES } from '../contract/appointments';
import { TRACKING_MESSAGES, type TrackedJob, type TrackingLink } from '../contract/tracking';
import type { Db } from '../db/schema';
import { NotFoundError } from '../domain/errors';
import type { Viewer } from '../plugins/authenticate';
import { type Executor, TrackingRepository } from './repository';
import { completionEstimate, firstName, isTrackingTokenShape, linkExpiry, timelineLabel } from './rules';

const TOKEN_BYTES = 16;

/** 128 random bits, base64url: 22 characters of [A-Za-z0-9_-]. */
export function newTrackingToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

const notFound = () => new NotFoundError(TRACKING_MESSAGES.notFound);

/** A link that works: the job's live link, found by its token (the appointment it follows, and when it stops). */
export interface LiveLink {
  appointmentId: string;
  /** Epoch ms; null while the job is open. */
  expiresAt: number | null;
}

function toLink(token: string, expiresAt: number | null): TrackingLink {
  return { token, path: `/track/${token}`, expiresAt: expiresAt === null ? null : isoAt(expiresAt) };
}

/**
 * Tracking links: the customer's (and admins') view of a job's link, and the public read by token. A wrong,
 * revoked or expired token are one answer — 404 "Tracking link not found" — told apart nowhere but here.
 */
export class TrackingLinks {
  private readonly repository: TrackingRepository;

  constructor(
    db: Db,
    private readonly catalog: Catalog,
    private readonly now: Clock,
  ) {
    this.repository = new TrackingRepository(db);
  }

  /**
   * The job, when the viewer may manage its link: its customer or an admin. Anyone else — its technician
   * included — gets GET /api/appointments/:id's 404 for a job they may not see.
   */
  private async managedJob(db: Executor, viewer: Viewer, appointmentId: string, lock: boolean) {
    const job = await this.repository.managedJob(db, viewer, appointmentId, lock);
    if (!job || (viewer.role !== 'ADMIN' && viewer.role !== 'CUSTOMER')) throw new NotFoundError(APPOINTMENT_MESSAGES.notFound);
    return job;
  }

  /** The job's live (not revoked) link, made now when it has none. Two requests at once get the same one. */
  async linkFor(viewer: Viewer, appointmentId: string): Promise<TrackingLink> {
    const { repository } = this;
    const job = await this.managedJob(repository.db, viewer, appointmentId, false);
    const existing = await repository.liveToken(repository.db, appointmentId);
    if (existing !== undefined) return toLink(existing, linkExpiry(job));
    await repository.insertUnlessLive(appointmentId, newTrackingToken(), isoAt(this.now()));
    const token = await repository.liveToken(repository.db, appointmentId);
    if (token === undefined) throw new Error(`No live tracking link for appointment ${appointmentId} after making one`);
    return toLink(token, linkExpiry(job));
  }

  /**
   * Revokes the job's live link (it stops working at once; its open streams end through tracking/sql/30_link_revoked.sql)
   * and issues a new one, in one transaction.
   */
  async revoke(viewer: Viewer, appointmentId: string): Promise<TrackingLink> {
    return this.repository.transaction(async (trx) => {
      // The job's row is locked first (the shop's lock order), so two revokes of one job run one after the other.
      const job = await this.managedJob(trx, viewer, appointmentId, true);
      const nowIso = isoAt(this.now());
      await this.repository.revokeLive(trx, appointmentId, nowIso);
      const token = newTrackingToken();
      await this.repository.insert(trx, appointmentId, token, nowIso);
      return toLink(token, linkExpiry(job));
    });
  }

  /** The link behind `token` when it works now: not revoked, and its job not ended more than the TTL ago. */
  async resolve(token: string): Promise<LiveLink> {
    if (!isTrackingTokenShape(token)) throw notFound();
    const job = await this.repository.jobOfLiveToken(token);
    const expiresAt = job ? linkExpiry(job) : null;
    if (!job || (expiresAt !== null && expiresAt <= this.now())) throw notFound();
    return { appointmentId: job.id, expiresAt };
  }

  /** GET /api/track/:token: what the public page shows of the job — nothing that names or reaches the customer. */
  async tracked(token: string): Promise<TrackedJob> {
    const { appointmentId } = await this.resolve(token);
    const [job, history] = await Promise.all([this.repository.trackedJob(appointmentId), this.repository.history(appointmentId)]);
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
      estimate: { completion: completionEstimate(job, service.durationMinutes, this.catalog.timeZone), price: service.price },
      timeline: history.map((entry) => ({ event: entry.event, label: timelineLabel(entry.event, entry.stage), at: toIso(entry.occurred_at) })),
    };
  }
}

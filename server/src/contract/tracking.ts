/**
 * Tracking links: follow one job through one link, without signing in.
 * - GET /api/appointments/:id/tracking-link (the job's customer, admins) → TrackingLink; makes one if the job has
 *   none that is live. Anyone else: the same 404 as GET /api/appointments/:id.
 * - POST /api/appointments/:id/tracking-link/revoke (the same people) → TrackingLink: the old link stops working
 *   at once and a new one is issued.
 * - GET /api/track/:token (anyone, rate-limited per IP) → TrackedJob; a wrong, revoked or expired token: 404
 *   "Tracking link not found" (the same answer for each).
 * - GET /api/track/:token/events (anyone, rate-limited per IP): the live stream (contract/live.ts) scoped to this
 *   job: `appointment.updated` events only, and `session-ended` when the link is revoked or expires. At most
 *   TRACKING_STREAMS_PER_IP open per client IP and TRACKING_STREAMS_PER_TOKEN per link on one instance: one more
 *   is 429 with one of the `tooManyStreams…` messages and `Retry-After: 30` (seconds).
 *
 * The token: 128 random bits, base64url (22 characters). A link expires 30 days after the job is completed (or
 * cancelled); a reopened job's link works again. Answers are `Cache-Control: no-store`, `Referrer-Policy: no-referrer`.
 * The page shows only what is below — no e-mail, phone, address or surname.
 */
import { type Static, Type } from 'typebox';
import { Instant, StringEnum } from './common';
import { APPOINTMENT_STATUSES, STAGES } from './statuses';

export const TRACKING_MESSAGES = {
  notFound: 'Tracking link not found',
  tooManyStreamsForLink: 'Too many live views of this tracking link are open. Close one and try again.',
  tooManyStreamsFromAddress: 'Too many live tracking views are open from this address. Close one and try again.',
} as const;
export const TRACKING_TOKEN_PATTERN = '^[A-Za-z0-9_-]{22}$';
export const TRACKING_LINK_TTL_AFTER_COMPLETION_DAYS = 30;

export const TrackingLink = Type.Object({
  token: Type.String(),
  /** `/track/<token>`: the SPA's page (same origin). */
  path: Type.String(),
  /** null while the job is not completed. */
  expiresAt: Type.Union([Instant, Type.Null()]),
});
export type TrackingLink = Static<typeof TrackingLink>;

/** Any string: a token of the wrong shape is "not found" like any other wrong token (never a 400 telling it apart). */
export const TrackingParams = Type.Object({ token: Type.String() });
export type TrackingParams = Static<typeof TrackingParams>;

export const TrackedJob = Type.Object({
  version: Type.Integer(),
  plate: Type.String(),
  /** The service type's name, e.g. "Full service". */
  service: Type.String(),
  centre: Type.String(),
  status: StringEnum(APPOINTMENT_STATUSES),
  stage: Type.Union([StringEnum(STAGES), Type.Null()]),
  /** The booked date (`YYYY-MM-DD`) and slot (`HH:MM`), in the shop's time zone, and the slot's label ("09:00-10:00 AM"). */
  date: Type.String(),
  slot: Type.String(),
  slotLabel: Type.String(),
  technicianFirstName: Type.Union([Type.String(), Type.Null()]),
  /** When the job is expected to be done (the technician's estimate, else the slot plus the service's duration), and its catalogue price. */
  estimate: Type.Object({ completion: Type.Union([Instant, Type.Null()]), price: Type.Number() }),
  /** The stage timeline, oldest first: booked, assigned, started, awaiting parts, quality check, completed… */
  timeline: Type.Array(Type.Object({ event: Type.String(), label: Type.String(), at: Instant })),
});
export type TrackedJob = Static<typeof TrackedJob>;

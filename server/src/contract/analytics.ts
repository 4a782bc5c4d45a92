/**
 * GET /api/analytics (admin): what the shop did in the last 7, 30 or 90 days, ending today in the shop's calendar.
 *
 * Definitions (server/README.md § Analytics):
 * - A **booking** is an appointment, counted on the day it was booked (created) in the shop's time zone. Bookings
 *   per day, jobs by status and jobs by service type all count the appointments booked in the period, each by its
 *   current status — so the three add up to the same total.
 * - **Completed jobs** count the jobs whose completion falls in the period (the shop's day of `completedAt`).
 * - **Invoiced** is the sum of the totals (tax included) of the invoices issued in the period (their `issuedOn`,
 *   a shop day) that are not void; per service type, by the service type of the invoice's job. A voided invoice
 *   counts nowhere; its replacement counts on the day it was issued.
 * - **Collected** is the sum of the payments whose `paidOn` falls in the period (deposits included, whether or
 *   not their invoice was voided since).
 * - Per **technician**, credited to the technician the job was assigned to when completed, by completion day:
 *   jobs completed, average start → completion time, the catalogue's expected time of those jobs, the **billed**
 *   time (approved labour: the catalogue duration of the job's service — its SERVICE line — plus the hours of its
 *   APPROVED labour estimate items) and the time clocked on them (every log on the job that is not rejected, by
 *   whoever logged it); efficiency = billed ÷ clocked on them. Time logged is counted on the day a log starts, by
 *   the technician who logged it: hours logged in all, of which on jobs; productivity = on jobs ÷ in all. Rejected
 *   logs count nowhere.
 */
import { type Static, Type } from 'typebox';
import { StringEnum } from './common';
import { APPOINTMENT_STATUSES } from './statuses';

export const ANALYTICS_PERIODS = ['7', '30', '90'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '30';

export const ANALYTICS_MESSAGES = {
  period: 'Period must be 7, 30 or 90 days',
} as const;

/** `?period=7|30|90` (days; default 30). */
export const AnalyticsQuery = Type.Object(
  {
    period: Type.Optional(
      StringEnum(ANALYTICS_PERIODS, { maxLength: 2, errorMessages: { enum: ANALYTICS_MESSAGES.period, type: ANALYTICS_MESSAGES.period, maxLength: ANALYTICS_MESSAGES.period } }),
    ),
  },
  { additionalProperties: false },
);
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

export const AnalyticsPeriodInfo = Type.Object({
  /** 7, 30 or 90. */
  days: Type.Integer(),
  /** First and last day, `YYYY-MM-DD` (the last is today in the shop's calendar). */
  from: Type.String(),
  to: Type.String(),
  /** The shop's time zone the days are counted in. */
  timeZone: Type.String(),
});

export const AnalyticsTotals = Type.Object({
  /** Appointments booked in the period. */
  bookings: Type.Integer(),
  /** Jobs completed in the period. */
  completedJobs: Type.Integer(),
  /** Totals of the invoices issued in the period and not void (minor units). */
  invoicedMinor: Type.Integer(),
  /** Payments whose paidOn falls in the period (minor units). */
  collectedMinor: Type.Integer(),
  /** Time logged by all technicians (logs starting in the period, not rejected). */
  loggedMinutes: Type.Integer(),
  /** Of which logged on a job. */
  jobMinutes: Type.Integer(),
});
export type AnalyticsTotals = Static<typeof AnalyticsTotals>;

export const BookingsOnDay = Type.Object({ date: Type.String(), bookings: Type.Integer() });
export type BookingsOnDay = Static<typeof BookingsOnDay>;

export const JobsInStatus = Type.Object({ status: StringEnum(APPOINTMENT_STATUSES), jobs: Type.Integer() });
export type JobsInStatus = Static<typeof JobsInStatus>;

export const ServiceTypeFigures = Type.Object({
  code: Type.String(),
  name: Type.String(),
  /** Appointments of this type booked in the period. */
  bookings: Type.Integer(),
  /** Jobs of this type completed in the period. */
  completedJobs: Type.Integer(),
  /** Totals of the invoices of jobs of this type issued in the period and not void (minor units). */
  invoicedMinor: Type.Integer(),
});
export type ServiceTypeFigures = Static<typeof ServiceTypeFigures>;

export const TechnicianFigures = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  jobsCompleted: Type.Integer(),
  /** Mean start → completion time of those jobs, in whole minutes (absent without completed jobs). */
  averageCompletionMinutes: Type.Optional(Type.Integer()),
  /** Catalogue duration of the jobs completed. */
  expectedMinutes: Type.Integer(),
  /** Approved labour on the jobs completed: their catalogue duration plus their approved labour items' hours. */
  billedMinutes: Type.Integer(),
  /** Time clocked on the jobs completed (their logs, not rejected, whenever logged). */
  completedJobMinutes: Type.Integer(),
  /** billed ÷ clocked on the jobs completed (absent when nothing was clocked on them). */
  efficiency: Type.Optional(Type.Number()),
  /** Time the technician logged in the period (by the day a log starts), and of which on a job. */
  loggedMinutes: Type.Integer(),
  jobMinutes: Type.Integer(),
  /** jobMinutes ÷ loggedMinutes (absent when nothing was logged). */
  productivity: Type.Optional(Type.Number()),
});
export type TechnicianFigures = Static<typeof TechnicianFigures>;

export const Analytics = Type.Object({
  period: AnalyticsPeriodInfo,
  totals: AnalyticsTotals,
  /** Every day of the period, oldest first (days without bookings show 0). */
  bookingsPerDay: Type.Array(BookingsOnDay),
  /** Every status, in lifecycle order: the appointments booked in the period, by their status now. */
  byStatus: Type.Array(JobsInStatus),
  /** Every service type, in catalogue order. */
  byServiceType: Type.Array(ServiceTypeFigures),
  /** Technicians who completed a job or logged time in the period, by name. */
  technicians: Type.Array(TechnicianFigures),
});
export type Analytics = Static<typeof Analytics>;

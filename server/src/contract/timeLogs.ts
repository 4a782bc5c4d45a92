/** /api/time-logs: technicians' work time. Start and end are stored; the duration is derived. */
import { type Static, Type } from 'typebox';
import { ExpectedVersion, Id, IsoDate, Paged, PageQuery, StringEnum, TimeOfDay } from './common';
import { MAX_DESCRIPTION_LENGTH, MAX_REVIEW_REASON_LENGTH } from './limits';

export { MAX_DESCRIPTION_LENGTH, MAX_REVIEW_REASON_LENGTH } from './limits';

/**
 * A log's review. Every new log is SUBMITTED; an admin APPROVES it or REJECTS it with a reason.
 * - APPROVED is final: the technician can no longer edit or delete it (409 `approved`), and the admin cannot
 *   review it again.
 * - REJECTED: the technician sees the reason; editing the log resubmits it (SUBMITTED, reason cleared), and they
 *   may delete it.
 * - `version` increases on every change (an edit or a decision); an admin's decision carries `expectedVersion`
 *   and a stale one answers 409 `changedElsewhere`.
 */
export const TIME_LOG_REVIEW_STATES = ['SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export type TimeLogReviewState = (typeof TIME_LOG_REVIEW_STATES)[number];

export const TIME_LOG_MESSAGES = {
  overlap: 'This time overlaps another of your log entries.',
  notFound: 'Time log not found',
  jobNotFound: 'Job not found',
  approved: 'This time log has been approved and can no longer be changed.',
  changedElsewhere: 'This time log was changed by someone else. Reload and try again.',
  alreadyReviewed: 'This time log has already been reviewed.',
  technicianNotFound: 'Technician not found',
  notMonday: 'Week must be a Monday',
  toBeforeFrom: 'To must not be before From',
  periodTooLong: 'The period can be at most 53 weeks',
} as const;

/** A job id, or null for time not spent on a job. */
const jobId = Type.Unsafe<string | null>({
  type: ['string', 'null'],
  format: 'uuid',
  maxLength: 36,
  errorMessages: { format: 'Job is not a valid id', type: 'Job is not a valid id' },
});

/**
 * POST /api/time-logs and PUT /api/time-logs/:id. An end time earlier than the start means the work went past
 * midnight (spec §5: the duration wraps); an end equal to the start is refused.
 */
export const TimeLogBody = Type.Object(
  {
    appointmentId: Type.Optional(jobId),
    date: IsoDate('Date'),
    startTime: TimeOfDay('Start time'),
    endTime: TimeOfDay('End time'),
    description: Type.String({
      maxLength: MAX_DESCRIPTION_LENGTH,
      pattern: '\\S',
      errorMessages: {
        required: 'Description is required',
        type: 'Description is required',
        pattern: 'Description is required',
        maxLength: `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters long`,
      },
    }),
  },
  { additionalProperties: false },
);
export type TimeLogBody = Static<typeof TimeLogBody>;

export const TimeLogParams = Type.Object({ id: Id('Time log') }, { additionalProperties: false });
export type TimeLogParams = Static<typeof TimeLogParams>;

/** GET /api/time-logs: a technician's own; an admin's, anyone's (`employeeId` to narrow). Dates are the start's. */
export const TimeLogListQuery = Type.Object(
  { from: Type.Optional(IsoDate('From')), to: Type.Optional(IsoDate('To')), employeeId: Type.Optional(Id('Employee')), ...PageQuery },
  { additionalProperties: false },
);
export type TimeLogListQuery = Static<typeof TimeLogListQuery>;

const timeLogFields = {
  id: Type.String(),
  employeeId: Type.String(),
  appointmentId: Type.Optional(Type.String()),
  /** The day the work started, `YYYY-MM-DD`. */
  date: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  durationMinutes: Type.Integer(),
  description: Type.String(),
  createdAt: Type.String(),
  /** The technician's last change of the entry (a review does not change it: see `reviewedAt`). */
  updatedAt: Type.String(),
  reviewState: StringEnum(TIME_LOG_REVIEW_STATES),
  /** Why it was rejected (REJECTED only). */
  reviewReason: Type.Optional(Type.String()),
  /** When an admin approved or rejected it (absent while SUBMITTED). */
  reviewedAt: Type.Optional(Type.String()),
  /** Increases on every change; send it back as `expectedVersion` with a decision. */
  version: Type.Integer(),
};

export const TimeLog = Type.Object(timeLogFields);
export type TimeLog = Static<typeof TimeLog>;

export const TimeLogPage = Paged(TimeLog);
export type TimeLogPage = Static<typeof TimeLogPage>;

/** A Monday, `YYYY-MM-DD`: weeks run Monday to Sunday, and a log belongs to the week of the day it starts. */
const Week = IsoDate('Week');

const reviewStateFilter = StringEnum(TIME_LOG_REVIEW_STATES, {
  errorMessages: { enum: 'State must be SUBMITTED, APPROVED or REJECTED', type: 'State must be SUBMITTED, APPROVED or REJECTED' },
});

/** GET /api/time-logs/review (admin): one week of logs, per technician, optionally one technician or one state. */
export const TimeLogReviewQuery = Type.Object(
  { week: Week, employeeId: Type.Optional(Id('Employee')), state: Type.Optional(reviewStateFilter) },
  { additionalProperties: false },
);
export type TimeLogReviewQuery = Static<typeof TimeLogReviewQuery>;

/** Minutes and number of logs per review state (and in all). */
export const ReviewTotals = Type.Object({
  totalMinutes: Type.Integer(),
  submittedMinutes: Type.Integer(),
  approvedMinutes: Type.Integer(),
  rejectedMinutes: Type.Integer(),
  logs: Type.Integer(),
  submitted: Type.Integer(),
  approved: Type.Integer(),
  rejected: Type.Integer(),
});
export type ReviewTotals = Static<typeof ReviewTotals>;

/** A log as the admin reviews it: with the job it was logged against (its vehicle and service), if any. */
export const ReviewedTimeLog = Type.Object({
  ...timeLogFields,
  job: Type.Optional(Type.Object({ id: Type.String(), plate: Type.String(), serviceName: Type.String(), date: Type.String() })),
});
export type ReviewedTimeLog = Static<typeof ReviewedTimeLog>;

export const TechnicianWeek = Type.Object({
  employee: Type.Object({ id: Type.String(), fullName: Type.String(), department: Type.Optional(Type.String()) }),
  /** In start order. */
  logs: Type.Array(ReviewedTimeLog),
  totals: ReviewTotals,
});
export type TechnicianWeek = Static<typeof TechnicianWeek>;

/**
 * The week's logs per technician (those with a log that week, by name), each with totals per state, and the
 * week's totals. With `state`, only logs in that state (and the totals of those).
 */
export const TimeLogReview = Type.Object({
  /** The Monday. */
  week: Type.String(),
  /** The Sunday. */
  weekEnd: Type.String(),
  technicians: Type.Array(TechnicianWeek),
  totals: ReviewTotals,
});
export type TimeLogReview = Static<typeof TimeLogReview>;

/** POST /api/time-logs/:id/approve (admin). */
export const ApproveTimeLogBody = Type.Object({ expectedVersion: ExpectedVersion }, { additionalProperties: false });
export type ApproveTimeLogBody = Static<typeof ApproveTimeLogBody>;

/** POST /api/time-logs/:id/reject (admin): the reason is shown to the technician. */
export const RejectTimeLogBody = Type.Object(
  {
    reason: Type.String({
      maxLength: MAX_REVIEW_REASON_LENGTH,
      pattern: '\\S',
      errorMessages: {
        required: 'Reason is required',
        type: 'Reason is required',
        pattern: 'Reason is required',
        maxLength: `Reason must be at most ${MAX_REVIEW_REASON_LENGTH} characters long`,
      },
    }),
    expectedVersion: ExpectedVersion,
  },
  { additionalProperties: false },
);
export type RejectTimeLogBody = Static<typeof RejectTimeLogBody>;

/** POST /api/time-logs/approve-week (admin): every SUBMITTED log of that technician's week, in one transaction. */
export const ApproveWeekBody = Type.Object({ employeeId: Id('Employee'), week: Week }, { additionalProperties: false });
export type ApproveWeekBody = Static<typeof ApproveWeekBody>;

export const ApproveWeekResult = Type.Object({ approved: Type.Integer() });
export type ApproveWeekResult = Static<typeof ApproveWeekResult>;

/** GET /api/time-logs/weekly (technician): their own hours per week; default the 8 weeks up to today's. */
export const WeeklyHoursQuery = Type.Object({ from: Type.Optional(IsoDate('From')), to: Type.Optional(IsoDate('To')) }, { additionalProperties: false });
export type WeeklyHoursQuery = Static<typeof WeeklyHoursQuery>;

export const WeekHours = Type.Object({
  /** The Monday. */
  week: Type.String(),
  totalMinutes: Type.Integer(),
  approvedMinutes: Type.Integer(),
  submittedMinutes: Type.Integer(),
  rejectedMinutes: Type.Integer(),
});
export type WeekHours = Static<typeof WeekHours>;

/** Every week from the one holding `from` to the one holding `to`, oldest first (weeks with no log show zeros). */
export const WeeklyHours = Type.Object({ weeks: Type.Array(WeekHours) });
export type WeeklyHours = Static<typeof WeeklyHours>;

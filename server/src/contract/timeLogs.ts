/** /api/time-logs: technicians' work time. Start and end are stored; the duration is derived. */
import { type Static, Type } from 'typebox';
import { Id, IsoDate, Paged, PageQuery, TimeOfDay } from './common';
import { MAX_DESCRIPTION_LENGTH } from './limits';

export { MAX_DESCRIPTION_LENGTH } from './limits';

/** A log's review (issue 17): SUBMITTED until an admin approves it or rejects it with a reason. */
export const TIME_LOG_REVIEW_STATES = ['SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export type TimeLogReviewState = (typeof TIME_LOG_REVIEW_STATES)[number];

export const TIME_LOG_MESSAGES = {
  overlap: 'This time overlaps another of your log entries.',
  notFound: 'Time log not found',
  jobNotFound: 'Job not found',
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

export const TimeLog = Type.Object({
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
  updatedAt: Type.String(),
});
export type TimeLog = Static<typeof TimeLog>;

export const TimeLogPage = Paged(TimeLog);
export type TimeLogPage = Static<typeof TimeLogPage>;

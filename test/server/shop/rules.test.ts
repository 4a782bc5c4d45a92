import type * as NodeModule from 'node:module';
import { bookingTimeErrors, ESTIMATE_AFTER_START_MS, type JobState, nextJobState, PROGRESS_BY_STAGE } from '../../../server/src/appointments/rules';
import { DomainError } from '../../../server/src/domain/errors';
import { domainErrorAnswer } from '../../../server/src/plugins/errorHandler';
import { addCalendarDays, calendarDaysBetween, shopInstant, shopNow } from '../../../server/src/shopTime';
import { logErrors, logSpan } from '../../../server/src/timeLogs/rules';
import { normalisePlate } from '../../../server/src/vehicles/rules';

/** The shop's pure rules: no database, no HTTP. */

const ZONE = 'America/Chicago';
const TODAY = '2030-06-03';

/** What `run` throws, as the client would get it (status, message, field errors). */
function thrown(run: () => unknown): { statusCode: number; message: string; errors?: Record<string, string> } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const { status, body } = domainErrorAnswer(error as DomainError);
    return { statusCode: status, message: body.message, ...(body.errors && { errors: body.errors }) };
  }
  throw new Error('expected an error');
}

describe('bookingTimeErrors (appointments/rules.ts)', () => {
  const now = (time: string, date = TODAY) => ({ date, time });

  it("allows today's slot until it starts, and refuses it from its first minute", () => {
    expect(bookingTimeErrors(TODAY, '09:00', now('08:59'))).toEqual({});
    expect(bookingTimeErrors(TODAY, '09:00', now('09:00'))).toEqual({ slot: 'That time slot has already started. Please choose a later one.' });
    expect(bookingTimeErrors(TODAY, '09:00', now('09:01'))).toEqual({ slot: 'That time slot has already started. Please choose a later one.' });
    expect(bookingTimeErrors(TODAY, '16:00', now('15:59'))).toEqual({});
    expect(bookingTimeErrors(TODAY, '16:00', now('23:59'))).toEqual({ slot: 'That time slot has already started. Please choose a later one.' });
  });

  it('allows tomorrow at any hour of today, up to 90 days ahead; day 91 is too far', () => {
    expect(bookingTimeErrors('2030-06-04', '09:00', now('23:59'))).toEqual({});
    expect(bookingTimeErrors(addCalendarDays(TODAY, 90), '16:00', now('06:00'))).toEqual({});
    expect(bookingTimeErrors(addCalendarDays(TODAY, 91), '09:00', now('06:00'))).toEqual({ date: 'Service date must be within the next 90 days' });
    expect(bookingTimeErrors('2031-06-03', '09:00', now('06:00'))).toEqual({ date: 'Service date must be within the next 90 days' });
  });

  it('refuses the past', () => {
    expect(bookingTimeErrors('2030-06-02', '16:00', now('00:00'))).toEqual({ date: 'Service date cannot be in the past' });
    expect(bookingTimeErrors('2029-12-31', '09:00', now('06:00'))).toEqual({ date: 'Service date cannot be in the past' });
  });

  it('counts the window in calendar days across a month end, a year end and a leap day', () => {
    expect(bookingTimeErrors('2031-03-31', '09:00', now('12:00', '2030-12-31'))).toEqual({});
    expect(bookingTimeErrors('2031-04-01', '09:00', now('12:00', '2030-12-31'))).toEqual({ date: 'Service date must be within the next 90 days' });
    expect(bookingTimeErrors('2032-05-29', '09:00', now('12:00', '2032-02-29'))).toEqual({});
    expect(bookingTimeErrors('2032-02-28', '09:00', now('12:00', '2032-02-29'))).toEqual({ date: 'Service date cannot be in the past' });
  });
});

describe('nextJobState (appointments/rules.ts)', () => {
  const NOW = Date.UTC(2030, 5, 3, 15, 0);
  const nowIso = new Date(NOW).toISOString();
  const inAnHour = new Date(NOW + 60 * 60 * 1000).toISOString();
  const EARLIER = '2030-06-03T14:10:00.000Z';
  const EARLIER_ESTIMATE = '2030-06-03T15:10:00.000Z';
  const DONE = '2030-06-03T14:50:00.000Z';

  const confirmed: JobState = { status: 'CONFIRMED', stage: null, progress: null, startedAt: null, estimatedCompletion: null, completedAt: null };
  const inProgress: JobState = { status: 'IN_PROGRESS', stage: 'IN_PROGRESS', progress: 30, startedAt: EARLIER, estimatedCompletion: EARLIER_ESTIMATE, completedAt: null };
  const completed: JobState = { status: 'COMPLETED', stage: null, progress: 100, startedAt: EARLIER, estimatedCompletion: EARLIER_ESTIMATE, completedAt: DONE };
  const cleared: JobState = { status: 'CONFIRMED', stage: null, progress: null, startedAt: null, estimatedCompletion: null, completedAt: null };

  it('refuses any change before a technician is assigned, or after cancellation (409)', () => {
    for (const status of ['not_started', 'in_progress', 'completed'] as const) {
      expect(thrown(() => nextJobState({ ...confirmed, status: 'PENDING' }, { status }, NOW))).toEqual({
        statusCode: 409,
        message: 'Assign a technician before changing the status.',
      });
      expect(thrown(() => nextJobState({ ...confirmed, status: 'CANCELLED' }, { status }, NOW))).toEqual({ statusCode: 409, message: 'This appointment was cancelled.' });
    }
  });

  it('not started → not started changes nothing', () => {
    expect(nextJobState(confirmed, { status: 'not_started' }, NOW)).toBeNull();
  });

  it('not started → in progress: started now, estimated completion one hour later (spec §9), stage IN_PROGRESS', () => {
    expect(nextJobState(confirmed, { status: 'in_progress' }, NOW)).toEqual({
      status: 'IN_PROGRESS',
      stage: 'IN_PROGRESS',
      progress: PROGRESS_BY_STAGE.IN_PROGRESS,
      startedAt: nowIso,
      estimatedCompletion: inAnHour,
      completedAt: null,
    });
    expect(ESTIMATE_AFTER_START_MS).toBe(60 * 60 * 1000);
  });

  it('not started → in progress with a stage or a progress given', () => {
    expect(nextJobState(confirmed, { status: 'in_progress', stage: 'AWAITING_PARTS' }, NOW)).toMatchObject({ stage: 'AWAITING_PARTS', progress: 50, startedAt: nowIso });
    expect(nextJobState(confirmed, { status: 'in_progress', progress: 10 }, NOW)).toMatchObject({ stage: 'IN_PROGRESS', progress: 10 });
  });

  it('not started → completed: started and completed now, progress 100', () => {
    expect(nextJobState(confirmed, { status: 'completed' }, NOW)).toEqual({
      status: 'COMPLETED',
      stage: null,
      progress: 100,
      startedAt: nowIso,
      estimatedCompletion: null,
      completedAt: nowIso,
    });
  });

  it('in progress → in progress: a new stage brings its progress; the same stage and progress changes nothing', () => {
    expect(nextJobState(inProgress, { status: 'in_progress' }, NOW)).toBeNull();
    expect(nextJobState(inProgress, { status: 'in_progress', stage: 'IN_PROGRESS' }, NOW)).toBeNull();
    expect(nextJobState(inProgress, { status: 'in_progress', progress: 30 }, NOW)).toBeNull();
    expect(nextJobState(inProgress, { status: 'in_progress', stage: 'QUALITY_CHECK' }, NOW)).toEqual({ ...inProgress, stage: 'QUALITY_CHECK', progress: 90 });
    expect(nextJobState(inProgress, { status: 'in_progress', stage: 'AWAITING_PARTS', progress: 45 }, NOW)).toEqual({ ...inProgress, stage: 'AWAITING_PARTS', progress: 45 });
    expect(nextJobState(inProgress, { status: 'in_progress', progress: 70 }, NOW)).toEqual({ ...inProgress, progress: 70 });
    const awaiting: JobState = { ...inProgress, stage: 'AWAITING_PARTS', progress: 55 };
    expect(nextJobState(awaiting, { status: 'in_progress' }, NOW)).toBeNull();
  });

  it('in progress → completed keeps the start, completes now with progress 100', () => {
    expect(nextJobState(inProgress, { status: 'completed' }, NOW)).toEqual({
      status: 'COMPLETED',
      stage: null,
      progress: 100,
      startedAt: EARLIER,
      estimatedCompletion: EARLIER_ESTIMATE,
      completedAt: nowIso,
    });
  });

  it('in progress → not started clears the work record', () => {
    expect(nextJobState(inProgress, { status: 'not_started' }, NOW)).toEqual(cleared);
  });

  it('completed → completed changes nothing; → in progress reopens it (new estimate); → not started clears it', () => {
    expect(nextJobState(completed, { status: 'completed' }, NOW)).toBeNull();
    expect(nextJobState(completed, { status: 'in_progress' }, NOW)).toEqual({
      status: 'IN_PROGRESS',
      stage: 'IN_PROGRESS',
      progress: 25,
      startedAt: EARLIER,
      estimatedCompletion: inAnHour,
      completedAt: null,
    });
    expect(nextJobState(completed, { status: 'in_progress', stage: 'QUALITY_CHECK' }, NOW)).toMatchObject({ stage: 'QUALITY_CHECK', progress: 90 });
    expect(nextJobState(completed, { status: 'not_started' }, NOW)).toEqual(cleared);
  });

  it('refuses a stage or a progress outside in progress (400 on that field)', () => {
    const message = 'Stage and progress apply only to a job in progress';
    expect(thrown(() => nextJobState(confirmed, { status: 'not_started', stage: 'IN_PROGRESS' }, NOW))).toEqual({
      statusCode: 400,
      message,
      errors: { stage: message },
    });
    expect(thrown(() => nextJobState(inProgress, { status: 'completed', progress: 100 }, NOW))).toEqual({
      statusCode: 400,
      message,
      errors: { progress: message },
    });
  });

  it('PROGRESS_BY_STAGE: 25, 50 and 90 percent (awaiting approval, set by billing: 50)', () => {
    expect(PROGRESS_BY_STAGE).toEqual({ IN_PROGRESS: 25, AWAITING_PARTS: 50, QUALITY_CHECK: 90, AWAITING_APPROVAL: 50 });
  });
});

describe('logSpan and logErrors (timeLogs/rules.ts)', () => {
  it('places an entry on its date, and an end before the start on the next day (spec §5)', () => {
    expect(logSpan(TODAY, '09:00', '17:30')).toEqual({ startsAt: '2030-06-03 09:00:00', endsAt: '2030-06-03 17:30:00' });
    expect(logSpan(TODAY, '22:00', '01:30')).toEqual({ startsAt: '2030-06-03 22:00:00', endsAt: '2030-06-04 01:30:00' });
    expect(logSpan('2030-12-31', '23:00', '00:30')).toEqual({ startsAt: '2030-12-31 23:00:00', endsAt: '2031-01-01 00:30:00' });
    expect(logSpan('2032-02-28', '23:59', '00:00')).toEqual({ startsAt: '2032-02-28 23:59:00', endsAt: '2032-02-29 00:00:00' });
    expect(logSpan('2030-03-09', '22:00', '03:00')).toEqual({ startsAt: '2030-03-09 22:00:00', endsAt: '2030-03-10 03:00:00' });
  });

  const LIMITS = { maxAgeDays: 60 };

  it('refuses equal start and end times (no work at all)', () => {
    expect(logErrors(TODAY, '10:00', '10:00', { date: TODAY, time: '12:00' }, LIMITS)).toEqual({ endTime: 'End time must be different from the start time' });
  });

  it("accepts today and earlier in the shop's calendar, and refuses a later date", () => {
    expect(logErrors(TODAY, '09:00', '10:00', { date: TODAY, time: '00:00' }, LIMITS)).toEqual({});
    expect(logErrors('2030-05-01', '09:00', '10:00', { date: TODAY, time: '06:00' }, LIMITS)).toEqual({});
    expect(logErrors('2030-06-04', '09:00', '10:00', { date: TODAY, time: '23:59' }, LIMITS)).toEqual({ date: 'Date cannot be in the future' });
  });

  it('refuses a date more than maxAgeDays back (the bound itself is allowed), and one before the job was booked', () => {
    expect(logErrors('2030-04-04', '09:00', '10:00', { date: TODAY, time: '06:00' }, LIMITS)).toEqual({});
    expect(logErrors('2030-04-03', '09:00', '10:00', { date: TODAY, time: '06:00' }, LIMITS)).toEqual({ date: 'Date cannot be more than 60 days ago' });
    expect(logErrors('0001-01-01', '09:00', '10:00', { date: TODAY, time: '06:00' }, LIMITS)).toEqual({ date: 'Date cannot be more than 60 days ago' });
    expect(logErrors('2030-06-02', '09:00', '10:00', { date: TODAY, time: '06:00' }, { maxAgeDays: 1 })).toEqual({});
    expect(logErrors('2030-06-01', '09:00', '10:00', { date: TODAY, time: '06:00' }, { maxAgeDays: 1 })).toEqual({ date: 'Date cannot be more than 1 day ago' });
    const booked = { maxAgeDays: 60, bookedOn: '2030-05-20' };
    expect(logErrors('2030-05-20', '09:00', '10:00', { date: TODAY, time: '06:00' }, booked)).toEqual({});
    expect(logErrors('2030-05-19', '09:00', '10:00', { date: TODAY, time: '06:00' }, booked)).toEqual({ date: 'Date cannot be before the job was booked' });
    // Booked longer ago than the bound: the bound is what refuses.
    expect(logErrors('2030-04-03', '09:00', '10:00', { date: TODAY, time: '06:00' }, { maxAgeDays: 60, bookedOn: '2030-01-01' })).toEqual({
      date: 'Date cannot be more than 60 days ago',
    });
  });

  it('reports both problems at once', () => {
    expect(logErrors('2030-06-04', '10:00', '10:00', { date: TODAY, time: '12:00' }, LIMITS)).toEqual({
      date: 'Date cannot be in the future',
      endTime: 'End time must be different from the start time',
    });
  });
});

describe('shop time (shopTime.ts)', () => {
  it('reads the shop’s date and time of day in its zone, across midnight', () => {
    expect(shopNow(ZONE, Date.UTC(2030, 5, 3, 11, 0))).toEqual({ date: '2030-06-03', time: '06:00' });
    expect(shopNow(ZONE, Date.UTC(2030, 5, 4, 4, 59))).toEqual({ date: '2030-06-03', time: '23:59' });
    expect(shopNow(ZONE, Date.UTC(2030, 5, 4, 5, 0))).toEqual({ date: '2030-06-04', time: '00:00' });
    expect(shopNow('UTC', Date.UTC(2030, 5, 4, 5, 0))).toEqual({ date: '2030-06-04', time: '05:00' });
  });

  it('follows Chicago’s clocks across the spring-forward change (2030-03-10, 02:00 CST → 03:00 CDT)', () => {
    expect(shopNow(ZONE, Date.UTC(2030, 2, 10, 7, 59))).toEqual({ date: '2030-03-10', time: '01:59' });
    expect(shopNow(ZONE, Date.UTC(2030, 2, 10, 8, 0))).toEqual({ date: '2030-03-10', time: '03:00' });
    expect(shopNow(ZONE, Date.UTC(2030, 2, 10, 14, 0))).toEqual({ date: '2030-03-10', time: '09:00' });
  });

  it('follows Chicago’s clocks across the fall-back change (2030-11-03, 02:00 CDT → 01:00 CST)', () => {
    expect(shopNow(ZONE, Date.UTC(2030, 10, 3, 6, 30))).toEqual({ date: '2030-11-03', time: '01:30' });
    expect(shopNow(ZONE, Date.UTC(2030, 10, 3, 7, 30))).toEqual({ date: '2030-11-03', time: '01:30' });
    expect(shopNow(ZONE, Date.UTC(2030, 10, 4, 5, 59))).toEqual({ date: '2030-11-03', time: '23:59' });
    expect(shopNow(ZONE, Date.UTC(2030, 10, 4, 6, 0))).toEqual({ date: '2030-11-04', time: '00:00' });
  });

  it('finds the instant the shop’s clocks show a date and time, in summer and winter', () => {
    expect(shopInstant(ZONE, '2030-06-03', '09:00')).toBe(Date.UTC(2030, 5, 3, 14, 0));
    expect(shopInstant(ZONE, '2030-01-15', '09:00')).toBe(Date.UTC(2030, 0, 15, 15, 0));
    expect(shopInstant(ZONE, '2030-03-10', '09:00')).toBe(Date.UTC(2030, 2, 10, 14, 0));
    expect(shopInstant(ZONE, '2030-03-09', '09:00')).toBe(Date.UTC(2030, 2, 9, 15, 0));
    expect(shopInstant(ZONE, '2030-11-03', '16:00')).toBe(Date.UTC(2030, 10, 3, 22, 0));
    expect(shopInstant('UTC', '2030-06-03', '00:00')).toBe(Date.UTC(2030, 5, 3, 0, 0));
  });

  it('round-trips every slot of the DST days through shopInstant and shopNow', () => {
    for (const date of ['2030-03-10', '2030-11-03', '2030-06-03', '2030-12-31']) {
      for (const time of ['00:00', '09:00', '11:00', '14:00', '16:00', '23:59']) {
        expect(shopNow(ZONE, shopInstant(ZONE, date, time))).toEqual({ date, time });
      }
    }
  });

  it('moves dates by calendar days across month, year and leap-day ends', () => {
    expect(addCalendarDays('2030-06-03', 1)).toBe('2030-06-04');
    expect(addCalendarDays('2030-06-03', -1)).toBe('2030-06-02');
    expect(addCalendarDays('2030-06-03', 0)).toBe('2030-06-03');
    expect(addCalendarDays('2030-06-03', 90)).toBe('2030-09-01');
    expect(addCalendarDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(addCalendarDays('2031-01-01', -1)).toBe('2030-12-31');
    expect(addCalendarDays('2032-02-28', 1)).toBe('2032-02-29');
    expect(addCalendarDays('2031-02-28', 1)).toBe('2031-03-01');
  });

  it('counts calendar days between dates (negative backwards)', () => {
    expect(calendarDaysBetween('2030-06-03', '2030-09-01')).toBe(90);
    expect(calendarDaysBetween('2030-06-03', '2030-09-02')).toBe(91);
    expect(calendarDaysBetween('2030-06-03', '2030-06-02')).toBe(-1);
    expect(calendarDaysBetween('2030-06-03', '2030-06-03')).toBe(0);
    expect(calendarDaysBetween('2030-12-31', '2031-01-01')).toBe(1);
    expect(calendarDaysBetween('2032-02-28', '2032-03-01')).toBe(2);
  });

  it("counts whole days across DST changes, whatever the server process's own time zone", () => {
    /** Minutes behind UTC (getTimezoneOffset) on 1 January and 1 July: proof that the process's zone changed. */
    const OFFSETS: Record<string, [number, number]> = {
      'America/Chicago': [360, 300],
      'Europe/London': [0, -60],
      'Australia/Lord_Howe': [-660, -630],
      'America/Santiago': [180, 240],
      UTC: [0, 0],
    };
    // jest gives each test file a copy of process.env: the time zone is the real process's (one V8 isolate).
    const { Module } = jest.requireActual<typeof NodeModule>('node:module');
    const { env } = new Module(__filename).require('node:process') as NodeJS.Process;
    const original = env.TZ;
    try {
      for (const tz of ['America/Chicago', 'Europe/London', 'Australia/Lord_Howe', 'America/Santiago', 'UTC']) {
        env.TZ = tz;
        expect({ tz, january: new Date(2030, 0, 1).getTimezoneOffset(), july: new Date(2030, 6, 1).getTimezoneOffset() }).toEqual({ tz, january: OFFSETS[tz][0], july: OFFSETS[tz][1] });
        expect({ tz, days: calendarDaysBetween('2030-09-07', '2030-09-09'), next: addCalendarDays('2030-09-07', 1) }).toEqual({ tz, days: 2, next: '2030-09-08' });
        expect({ tz, days: calendarDaysBetween('2030-03-09', '2030-03-11') }).toEqual({ tz, days: 2 });
        expect({ tz, days: calendarDaysBetween('2030-03-30', '2030-04-01') }).toEqual({ tz, days: 2 });
        expect({ tz, days: calendarDaysBetween('2030-10-05', '2030-10-07') }).toEqual({ tz, days: 2 });
        expect({ tz, next: addCalendarDays('2030-03-10', 1), back: addCalendarDays('2030-11-04', -1) }).toEqual({ tz, next: '2030-03-11', back: '2030-11-03' });
        expect({ tz, next: addCalendarDays('2030-03-30', 1), spring: addCalendarDays('2030-10-05', 1) }).toEqual({ tz, next: '2030-03-31', spring: '2030-10-06' });
      }
    } finally {
      if (original === undefined) delete env.TZ;
      else env.TZ = original;
    }
  });
});

describe('normalisePlate (vehicles/rules.ts)', () => {
  it('trims, collapses inner spaces and upper-cases', () => {
    expect(normalisePlate('  ab 12   cd ')).toBe('AB 12 CD');
    expect(normalisePlate('wp-car-1290')).toBe('WP-CAR-1290');
    expect(normalisePlate('KD.7733')).toBe('KD.7733');
    expect(normalisePlate('AB 12 CD')).toBe('AB 12 CD');
    expect(normalisePlate('ab\t\n12')).toBe('AB 12');
    expect(normalisePlate('çab 1')).toBe('ÇAB 1');
  });

  it('is idempotent', () => {
    for (const raw of ['  ab 12   cd ', 'straße 7', 'x']) expect(normalisePlate(normalisePlate(raw))).toBe(normalisePlate(raw));
  });

  it('refuses a plate that upper-cases to more than 20 characters (400 on plate)', () => {
    expect(normalisePlate('ß'.repeat(10))).toBe('S'.repeat(20));
    expect(thrown(() => normalisePlate('ß'.repeat(11)))).toEqual({
      statusCode: 400,
      message: 'Vehicle ID must be at most 20 characters long',
      errors: { plate: 'Vehicle ID must be at most 20 characters long' },
    });
  });
});

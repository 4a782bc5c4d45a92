import { http, HttpResponse } from 'msw';
import type { Analytics, AnalyticsPeriod } from '@contract/analytics';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';

/** `count` days ending on `to`, `YYYY-MM-DD`. */
function days(to: string, count: number): string[] {
  const end = Date.parse(`${to}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

const SERVICE_TYPES = [
  ['FULL_SERVICE', 'Full Service'],
  ['OIL_CHANGE', 'Oil Change'],
  ['BRAKE_INSPECTION', 'Brake Inspection'],
  ['TIRE_ROTATION', 'Tire Rotation'],
  ['BATTERY_CHECK', 'Battery Check'],
  ['AIR_FILTER_REPLACEMENT', 'Air Filter Replacement'],
] as const;

function byType(figures: Record<string, [number, number, number]>): Analytics['byServiceType'] {
  return SERVICE_TYPES.map(([code, name]) => {
    const [bookings, completedJobs, invoicedMinor] = figures[code] ?? [0, 0, 0];
    return { code, name, bookings, completedJobs, invoicedMinor };
  });
}

function byStatus(pending: number, confirmed: number, inProgress: number, completed: number, cancelled: number): Analytics['byStatus'] {
  return [
    { status: 'PENDING', jobs: pending },
    { status: 'CONFIRMED', jobs: confirmed },
    { status: 'IN_PROGRESS', jobs: inProgress },
    { status: 'COMPLETED', jobs: completed },
    { status: 'CANCELLED', jobs: cancelled },
  ];
}

export const TODAY = '2030-06-03';

/** The last 30 days of a small shop (the figures of the server's own hand-made test shop). */
export const LAST_30: Analytics = {
  period: { days: 30, from: '2030-05-05', to: TODAY, timeZone: 'America/Chicago' },
  totals: { bookings: 5, completedJobs: 3, invoicedMinor: 4_700_000, collectedMinor: 2_550_000, loggedMinutes: 435, jobMinutes: 345 },
  bookingsPerDay: days(TODAY, 30).map((date) => ({ date, bookings: ['2030-05-27', '2030-05-28', '2030-05-31'].includes(date) ? 1 : date === '2030-06-01' ? 2 : 0 })),
  byStatus: byStatus(1, 0, 1, 2, 1),
  byServiceType: byType({
    FULL_SERVICE: [1, 1, 2_950_000],
    OIL_CHANGE: [1, 0, 0],
    BRAKE_INSPECTION: [0, 1, 1_250_000],
    TIRE_ROTATION: [1, 0, 0],
    BATTERY_CHECK: [1, 0, 0],
    AIR_FILTER_REPLACEMENT: [1, 1, 500_000],
  }),
  technicians: [
    {
      id: 't-ann',
      fullName: 'Ann Able',
      jobsCompleted: 1,
      averageCompletionMinutes: 660,
      expectedMinutes: 180,
      billedMinutes: 270,
      completedJobMinutes: 180,
      efficiency: 1.5,
      loggedMinutes: 240,
      jobMinutes: 180,
      productivity: 0.75,
    },
    {
      id: 't-bob',
      fullName: 'Bob "Spanner" Baker, Jr.',
      jobsCompleted: 2,
      averageCompletionMinutes: 1_515,
      expectedMinutes: 120,
      billedMinutes: 135,
      completedJobMinutes: 165,
      efficiency: 135 / 165,
      loggedMinutes: 195,
      jobMinutes: 165,
      productivity: 165 / 195,
    },
    {
      id: 't-cy',
      fullName: 'Cy Newman',
      jobsCompleted: 0,
      expectedMinutes: 0,
      billedMinutes: 0,
      completedJobMinutes: 0,
      loggedMinutes: 0,
      jobMinutes: 0,
    },
  ],
};

/** The last 7 days of the same shop. */
export const LAST_7: Analytics = {
  period: { days: 7, from: '2030-05-28', to: TODAY, timeZone: 'America/Chicago' },
  totals: { bookings: 4, completedJobs: 2, invoicedMinor: 3_450_000, collectedMinor: 1_300_000, loggedMinutes: 375, jobMinutes: 285 },
  bookingsPerDay: days(TODAY, 7).map((date) => ({ date, bookings: ['2030-05-28', '2030-05-31', '2030-06-01', '2030-06-03'].includes(date) ? 1 : 0 })),
  byStatus: byStatus(1, 0, 1, 2, 0),
  byServiceType: byType({ FULL_SERVICE: [1, 1, 2_950_000], OIL_CHANGE: [1, 0, 0], BATTERY_CHECK: [1, 0, 0], AIR_FILTER_REPLACEMENT: [1, 1, 500_000] }),
  technicians: [LAST_30.technicians[0]],
};

/** A period in which nothing happened. */
export const NOTHING_90: Analytics = {
  period: { days: 90, from: '2030-03-06', to: TODAY, timeZone: 'America/Chicago' },
  totals: { bookings: 0, completedJobs: 0, invoicedMinor: 0, collectedMinor: 0, loggedMinutes: 0, jobMinutes: 0 },
  bookingsPerDay: days(TODAY, 90).map((date) => ({ date, bookings: 0 })),
  byStatus: byStatus(0, 0, 0, 0, 0),
  byServiceType: byType({}),
  technicians: [],
};

/**
 * GET /api/analytics answering per period (a number is an error status for that period), recording the periods
 * asked for.
 */
export function serveAnalytics(answers: Partial<Record<AnalyticsPeriod, Analytics | number>>): { periods: string[] } {
  const periods: string[] = [];
  server.use(
    http.get(`${API}/analytics`, ({ request }) => {
      const period = new URL(request.url).searchParams.get('period') ?? '';
      periods.push(period);
      const answer = answers[period as AnalyticsPeriod];
      if (answer === undefined) return HttpResponse.json({ message: 'Period must be 7, 30 or 90 days', success: false }, { status: 400 });
      if (typeof answer === 'number') return HttpResponse.json({ message: 'Something went wrong on our side. Please try again.', success: false }, { status: answer });
      return HttpResponse.json(answer);
    }),
  );
  return { periods };
}

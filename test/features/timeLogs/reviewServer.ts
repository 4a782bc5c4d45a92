import { http, HttpResponse } from 'msw';
import { type ReviewedTimeLog, type ReviewTotals, type TechnicianWeek, TIME_LOG_MESSAGES } from '@contract/timeLogs';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { makeTimeLog, zeroTotals } from '../../msw/shop';

/**
 * A stateful stand-in for the time-log review endpoints that checks versions and review state like the server (409s),
 * and records every request.
 */

export interface Technician {
  id: string;
  fullName: string;
  department?: string;
}

export interface StoredLog extends ReviewedTimeLog {
  technician: Technician;
}

export interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

const MINUTES_OF = { SUBMITTED: 'submittedMinutes', APPROVED: 'approvedMinutes', REJECTED: 'rejectedMinutes' } as const;
const COUNT_OF = { SUBMITTED: 'submitted', APPROVED: 'approved', REJECTED: 'rejected' } as const;

function add(totals: ReviewTotals, log: ReviewedTimeLog): void {
  totals.totalMinutes += log.durationMinutes;
  totals[MINUTES_OF[log.reviewState]] += log.durationMinutes;
  totals.logs += 1;
  totals[COUNT_OF[log.reviewState]] += 1;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}

/** A review log of `technician` (SUBMITTED, version 1 unless overridden). */
export function reviewLog(technician: Technician, overrides: Partial<ReviewedTimeLog> = {}): StoredLog {
  return { ...makeTimeLog({ employeeId: technician.id, ...overrides }), ...(overrides.job && { job: overrides.job }), technician };
}

export function reviewServer(initial: StoredLog[]) {
  const state = { logs: initial.map((log) => ({ ...log })) };
  const sent: Sent[] = [];
  const reviewedAt = '2030-06-05T10:00:00.000Z';

  async function record(request: Request): Promise<unknown> {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    sent.push({ method: request.method, path: url.pathname.replace(/^\/api/, ''), query: Object.fromEntries(url.searchParams.entries()), ...(body !== undefined && { body }) });
    return body;
  }

  const fail = (status: number, message: string) => HttpResponse.json({ message, success: false }, { status });
  const answer = ({ technician: _technician, job: _job, ...log }: StoredLog) => log;

  function decide(id: string, expectedVersion: number, change: Partial<StoredLog>) {
    const index = state.logs.findIndex((log) => log.id === id);
    if (index < 0) return fail(404, TIME_LOG_MESSAGES.notFound);
    const log = state.logs[index];
    if (log.version !== expectedVersion) return fail(409, TIME_LOG_MESSAGES.changedElsewhere);
    if (log.reviewState !== 'SUBMITTED') return fail(409, TIME_LOG_MESSAGES.alreadyReviewed);
    state.logs[index] = { ...log, ...change, reviewedAt, version: log.version + 1 };
    return HttpResponse.json(answer(state.logs[index]));
  }

  server.use(
    http.get(`${API}/time-logs/review`, async ({ request }) => {
      await record(request);
      const week = new URL(request.url).searchParams.get('week') ?? '';
      const weekEnd = addDays(week, 6);
      const inWeek = state.logs
        .filter((log) => log.date >= week && log.date <= weekEnd)
        .sort((a, b) => a.technician.fullName.localeCompare(b.technician.fullName) || (a.date + a.startTime < b.date + b.startTime ? -1 : 1));
      const technicians: TechnicianWeek[] = [];
      const totals = zeroTotals();
      for (const { technician, ...log } of inWeek) {
        let entry = technicians.find((candidate) => candidate.employee.id === technician.id);
        if (!entry) {
          entry = { employee: technician, logs: [], totals: zeroTotals() };
          technicians.push(entry);
        }
        entry.logs.push(log);
        add(entry.totals, log);
        add(totals, log);
      }
      return HttpResponse.json({ week, weekEnd, technicians, totals });
    }),
    http.post(`${API}/time-logs/:id/approve`, async ({ request, params }) => {
      const body = (await record(request)) as { expectedVersion: number };
      return decide(String(params.id), body.expectedVersion, { reviewState: 'APPROVED' });
    }),
    http.post(`${API}/time-logs/:id/reject`, async ({ request, params }) => {
      const body = (await record(request)) as { expectedVersion: number; reason: string };
      return decide(String(params.id), body.expectedVersion, { reviewState: 'REJECTED', reviewReason: body.reason.trim() });
    }),
    http.post(`${API}/time-logs/approve-week`, async ({ request }) => {
      const body = (await record(request)) as { employeeId: string; week: string };
      let approved = 0;
      state.logs = state.logs.map((log) => {
        if (log.technician.id !== body.employeeId || log.reviewState !== 'SUBMITTED' || log.date < body.week || log.date > addDays(body.week, 6)) return log;
        approved += 1;
        return { ...log, reviewState: 'APPROVED', reviewedAt, version: log.version + 1 };
      });
      return HttpResponse.json({ approved });
    }),
  );

  return {
    state,
    sent,
    posts: () => sent.filter((request) => request.method === 'POST'),
    reviews: () => sent.filter((request) => request.method === 'GET').map((request) => request.query.week),
  };
}

import { http, HttpResponse } from 'msw';
import { APPOINTMENT_MESSAGES, type Appointment, type UpdateStatusBody } from '@contract/appointments';
import { type AppointmentStatus, STATUS_OF_TECHNICIAN_STATUS } from '@contract/statuses';
import { TIME_LOG_MESSAGES, type TimeLog, type TimeLogBody } from '@contract/timeLogs';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { countsOf, makeAppointment, makeTimeLog, nextId } from '../../msw/shop';

/**
 * A small, stateful stand-in for the technician's side of the shop API (docs/api-contract.md § "The shop"),
 * built from the contract's types: the technician's jobs, their counts, status changes, and their time logs (an
 * approved log answers 409 to an edit or a delete; an edit resubmits a rejected one).
 * Every request is recorded (method, path, query, JSON body) so tests can assert what was sent.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

export interface ShopOptions {
  jobs?: Appointment[];
  logs?: TimeLog[];
  /** What /counts answers as completedThisWeek (the server's own rule; the fake adds 1 per completion). */
  completedThisWeek?: number;
  /** The server's "now" for status changes. */
  now?: () => Date;
}

const ESTIMATE_MS = 60 * 60 * 1000;
const PROGRESS = { IN_PROGRESS: 25, AWAITING_PARTS: 50, QUALITY_CHECK: 90 } as const;

/** A job assigned to the technician: CONFIRMED (not started) unless overridden. */
export function technicianJob(overrides: Partial<Appointment> & { customerName?: string; make?: string; model?: string; plate?: string } = {}): Appointment {
  const { customerName, make, model, plate, ...rest } = overrides;
  const base = makeAppointment({ status: 'CONFIRMED', assignedEmployee: { id: 'u-employee', fullName: 'Sam Fernando' } });
  return {
    ...base,
    customer: { ...base.customer, ...(customerName && { fullName: customerName }) },
    vehicle: { ...base.vehicle, ...(make && { make }), ...(model && { model }), ...(plate && { plate }) },
    ...rest,
  };
}

/** A log as the server answers it, its duration derived from the times (end after start). */
export function technicianLog(overrides: Partial<TimeLog> = {}): TimeLog {
  const log = makeTimeLog(overrides);
  return { ...log, durationMinutes: overrides.durationMinutes ?? minutesBetween(log.startTime, log.endTime) };
}

function minutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

function minutesBetween(start: string, end: string): number {
  const diff = minutes(end) - minutes(start);
  return diff >= 0 ? diff : diff + 24 * 60;
}

/** Keyset paging stand-in: the cursor is the offset. */
function paged<T>(items: T[], url: URL) {
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const offset = Number(url.searchParams.get('cursor') ?? 0);
  const next = offset + limit;
  return { items: items.slice(offset, next), ...(next < items.length && { nextCursor: String(next) }) };
}

function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}

export function technicianShop({ jobs = [], logs = [], completedThisWeek = 0, now = () => new Date() }: ShopOptions = {}) {
  const state = { jobs: [...jobs], logs: [...logs], completedThisWeek };
  const requests: RecordedRequest[] = [];

  async function record(request: Request): Promise<unknown> {
    const url = new URL(request.url);
    const text = ['GET', 'DELETE'].includes(request.method) ? '' : await request.clone().text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    requests.push({ method: request.method, path: url.pathname.replace(/^\/api/, ''), query: queryOf(url), ...(body !== undefined && { body }) });
    return body;
  }

  function overlaps(candidate: { date: string; startTime: string; endTime: string }, except?: string): boolean {
    return state.logs.some(
      (log) =>
        log.id !== except &&
        log.date === candidate.date &&
        minutes(log.startTime) < minutes(candidate.endTime) &&
        minutes(candidate.startTime) < minutes(log.endTime),
    );
  }

  function sortedLogs(): TimeLog[] {
    return [...state.logs].sort((a, b) => (a.date + a.startTime < b.date + b.startTime ? -1 : 1));
  }

  server.use(
    http.get(`${API}/appointments/counts`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(countsOf(state.jobs, state.completedThisWeek));
    }),
    http.get(`${API}/appointments`, async ({ request }) => {
      await record(request);
      const url = new URL(request.url);
      const statuses = url.searchParams.get('status')?.split(',') as AppointmentStatus[] | undefined;
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      const matching = state.jobs
        .filter((job) => (!statuses || statuses.includes(job.status)) && (!from || job.date >= from) && (!to || job.date <= to))
        .sort((a, b) => (a.date + a.slot < b.date + b.slot ? -1 : a.date + a.slot > b.date + b.slot ? 1 : 0));
      return HttpResponse.json(paged(matching, url));
    }),
    http.patch(`${API}/appointments/:id/status`, async ({ request, params }) => {
      const body = (await record(request)) as UpdateStatusBody;
      const index = state.jobs.findIndex((job) => job.id === params.id);
      if (index < 0) return HttpResponse.json({ message: APPOINTMENT_MESSAGES.notFound, success: false }, { status: 404 });
      const job = state.jobs[index];
      if (body.expectedVersion !== undefined && body.expectedVersion !== job.version) {
        return HttpResponse.json({ message: APPOINTMENT_MESSAGES.changedElsewhere, success: false }, { status: 409 });
      }
      const at = now();
      const status = STATUS_OF_TECHNICIAN_STATUS[body.status];
      const { stage: _stage, progress: _progress, startedAt: _startedAt, estimatedCompletion: _estimate, completedAt: _completedAt, ...rest } = job;
      let next: Appointment;
      if (status === 'CONFIRMED') next = { ...rest, status };
      else if (status === 'COMPLETED') {
        next = { ...rest, status, progress: 100, ...(job.startedAt && { startedAt: job.startedAt }), completedAt: at.toISOString() };
        if (job.status !== 'COMPLETED') state.completedThisWeek += 1;
      } else {
        const stage = body.stage ?? job.stage ?? 'IN_PROGRESS';
        const restarting = job.status !== 'IN_PROGRESS';
        next = {
          ...rest,
          status,
          stage,
          progress: PROGRESS[stage],
          startedAt: restarting ? (job.startedAt ?? at.toISOString()) : job.startedAt,
          estimatedCompletion: restarting ? new Date(at.getTime() + ESTIMATE_MS).toISOString() : job.estimatedCompletion,
        };
      }
      next = { ...next, version: job.version + 1, updatedAt: at.toISOString() };
      state.jobs[index] = next;
      return HttpResponse.json(next);
    }),
    http.get(`${API}/time-logs`, async ({ request }) => {
      await record(request);
      const url = new URL(request.url);
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      return HttpResponse.json(paged(sortedLogs().filter((log) => (!from || log.date >= from) && (!to || log.date <= to)), url));
    }),
    http.post(`${API}/time-logs`, async ({ request }) => {
      const body = (await record(request)) as TimeLogBody;
      if (overlaps(body)) return HttpResponse.json({ message: TIME_LOG_MESSAGES.overlap, success: false }, { status: 409 });
      const { appointmentId, ...fields } = body;
      const log = technicianLog({ id: nextId(), ...fields, ...(appointmentId && { appointmentId }) });
      state.logs.push(log);
      return HttpResponse.json(log, { status: 201 });
    }),
    http.put(`${API}/time-logs/:id`, async ({ request, params }) => {
      const body = (await record(request)) as TimeLogBody;
      const index = state.logs.findIndex((log) => log.id === params.id);
      if (index < 0) return HttpResponse.json({ message: TIME_LOG_MESSAGES.notFound, success: false }, { status: 404 });
      if (state.logs[index].reviewState === 'APPROVED') return HttpResponse.json({ message: TIME_LOG_MESSAGES.approved, success: false }, { status: 409 });
      if (overlaps(body, String(params.id))) return HttpResponse.json({ message: TIME_LOG_MESSAGES.overlap, success: false }, { status: 409 });
      const { appointmentId, ...fields } = body;
      // An edit (re)submits the entry: a rejected one's reason and review are cleared.
      const { appointmentId: _old, reviewReason: _reason, reviewedAt: _reviewedAt, ...kept } = state.logs[index];
      const log: TimeLog = {
        ...kept,
        ...fields,
        ...(appointmentId && { appointmentId }),
        durationMinutes: minutesBetween(fields.startTime, fields.endTime),
        reviewState: 'SUBMITTED',
        version: kept.version + 1,
      };
      state.logs[index] = log;
      return HttpResponse.json(log);
    }),
    http.delete(`${API}/time-logs/:id`, async ({ request, params }) => {
      await record(request);
      if (state.logs.find((log) => log.id === params.id)?.reviewState === 'APPROVED') {
        return HttpResponse.json({ message: TIME_LOG_MESSAGES.approved, success: false }, { status: 409 });
      }
      const before = state.logs.length;
      state.logs = state.logs.filter((log) => log.id !== params.id);
      if (state.logs.length === before) return HttpResponse.json({ message: TIME_LOG_MESSAGES.notFound, success: false }, { status: 404 });
      return new HttpResponse(null, { status: 204 });
    }),
  );

  /** The recorded requests with this method whose path starts with `path`. */
  function requestsTo(method: string, path: string): RecordedRequest[] {
    return requests.filter((r) => r.method === method && r.path.startsWith(path));
  }

  return { state, requests, requestsTo };
}

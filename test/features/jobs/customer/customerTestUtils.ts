import { http, HttpResponse } from 'msw';
import type { Appointment, Availability } from '@contract/appointments';
import type { Vehicle } from '@contract/vehicles';
import { API } from '../../../msw/handlers';
import { server } from '../../../msw/server';
import { catalog, page } from '../../../msw/shop';

/** GET /api/availability for every catalogue slot of a centre with `bays`, the `full` slots (starts) taken. */
export function availabilityOf(full: string[] = [], bays = 4): Availability {
  return catalog.slots.map(({ start, label }) => {
    const booked = full.includes(start) ? bays : 0;
    return { slot: start, label, capacity: bays, booked, available: bays - booked };
  });
}

export interface ShopRecorder {
  /** The query strings of every GET /api/appointments, in order. */
  listRequests: URLSearchParams[];
  /** The query strings of every GET /api/availability. */
  availabilityRequests: URLSearchParams[];
  /** Every POST /api/appointments/:id/cancel as { id, body }. */
  cancels: { id: string; body: unknown }[];
  /** Every POST /api/appointments/:id/reschedule as { id, body }. */
  reschedules: { id: string; body: unknown }[];
  /** Every POST /api/appointments body. */
  bookings: unknown[];
}

export interface ShopOptions {
  /** The customer's jobs, as GET /api/appointments answers them (newest first); a function is read per request. */
  jobs?: Appointment[] | (() => Appointment[]);
  vehicles?: Vehicle[];
  /** GET /api/availability?date=&centerId= → slots. */
  availability?: (date: string, centerId: string) => Availability;
  /** POST /api/appointments/:id/cancel → the answer (default: the job, cancelled). */
  cancel?: (id: string, body: unknown) => Response;
  /** POST /api/appointments/:id/reschedule → the answer. */
  reschedule?: (id: string, body: unknown) => Response;
}

/**
 * The customer's shop as MSW serves it in these tests: their jobs (one page), their vehicles, availability, and
 * cancel/reschedule, each request recorded for assertions on what was sent.
 */
export function serveCustomerShop(options: ShopOptions = {}): ShopRecorder {
  const recorder: ShopRecorder = { listRequests: [], availabilityRequests: [], cancels: [], reschedules: [], bookings: [] };
  const jobs = () => (typeof options.jobs === 'function' ? options.jobs() : (options.jobs ?? []));
  server.use(
    http.get(`${API}/appointments`, ({ request }) => {
      recorder.listRequests.push(new URL(request.url).searchParams);
      return HttpResponse.json(page(jobs()));
    }),
    http.get(`${API}/vehicles`, () => HttpResponse.json(page(options.vehicles ?? []))),
    http.get(`${API}/availability`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      recorder.availabilityRequests.push(params);
      return HttpResponse.json((options.availability ?? (() => availabilityOf()))(params.get('date') ?? '', params.get('centerId') ?? ''));
    }),
    http.post<{ id: string }>(`${API}/appointments/:id/cancel`, async ({ params, request }) => {
      const body: unknown = await request.json();
      recorder.cancels.push({ id: params.id, body });
      if (options.cancel) return options.cancel(params.id, body);
      const job = jobs().find((j) => j.id === params.id);
      return job ? HttpResponse.json({ ...job, status: 'CANCELLED', version: job.version + 1 }) : HttpResponse.json({ message: 'Appointment not found', success: false }, { status: 404 });
    }),
    http.post<{ id: string }>(`${API}/appointments/:id/reschedule`, async ({ params, request }) => {
      const body: unknown = await request.json();
      recorder.reschedules.push({ id: params.id, body });
      if (options.reschedule) return options.reschedule(params.id, body);
      return HttpResponse.json({ message: 'Not expected in this test', success: false }, { status: 500 });
    }),
  );
  return recorder;
}

/** A 409 / 400 error body as the API sends it. */
export function apiError(status: number, message: string, errors?: Record<string, string>): Response {
  return HttpResponse.json({ message, success: false, ...(errors && { errors }) }, { status });
}

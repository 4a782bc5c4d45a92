import { http, HttpResponse } from 'msw';
import type { Appointment, Availability, BookAppointmentBody } from '@contract/appointments';
import type { Vehicle } from '@contract/vehicles';
import { API } from '../../../msw/handlers';
import { server } from '../../../msw/server';
import { catalog, makeAppointment, page } from '../../../msw/shop';
import { availabilityOf } from '../customer/customerTestUtils';

export { availabilityOf };

/** The appointment the server would answer a booking with (PENDING; the plate trimmed and upper-cased). */
export function appointmentFor(body: BookAppointmentBody): Appointment {
  const type = catalog.serviceTypes.find((t) => t.code === body.serviceType) ?? catalog.serviceTypes[0];
  const center = catalog.centers.find((c) => c.id === body.centerId) ?? catalog.centers[0];
  const slot = catalog.slots.find((s) => s.start === body.slot) ?? catalog.slots[0];
  return makeAppointment({
    status: 'PENDING',
    vehicle: { id: 'v-new', plate: (body.plate ?? '').trim().toUpperCase() },
    serviceType: { code: type.code, name: type.name, durationMinutes: type.durationMinutes, price: type.price },
    center: { id: center.id, name: center.name, address: center.address },
    date: body.date,
    slot: slot.start,
    slotLabel: slot.label,
  });
}

export interface BookingRecorder {
  /** Every POST /api/appointments body, in order. */
  bookings: BookAppointmentBody[];
  /** The query strings of every GET /api/availability. */
  availabilityRequests: URLSearchParams[];
  /** The ids of every GET /api/appointments/:id. */
  reads: string[];
}

export interface BookingServerOptions {
  vehicles?: Vehicle[];
  availability?: (date: string, centerId: string) => Availability;
  /** POST /api/appointments → the answer (default 201 with appointmentFor(body)). */
  book?: (body: BookAppointmentBody) => Response;
  /** What GET /api/appointments/:id answers (default: the last appointment booked, else 404). */
  appointment?: (id: string) => Response;
}

/** The booking page's server, as MSW serves it: own vehicles, availability, booking and reading one appointment. */
export function serveBooking(options: BookingServerOptions = {}): BookingRecorder {
  const recorder: BookingRecorder = { bookings: [], availabilityRequests: [], reads: [] };
  const booked = new Map<string, Appointment>();
  server.use(
    http.get(`${API}/vehicles`, () => HttpResponse.json(page(options.vehicles ?? []))),
    http.get(`${API}/availability`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      recorder.availabilityRequests.push(params);
      return HttpResponse.json((options.availability ?? (() => availabilityOf()))(params.get('date') ?? '', params.get('centerId') ?? ''));
    }),
    http.post(`${API}/appointments`, async ({ request }) => {
      const body = (await request.json()) as BookAppointmentBody;
      recorder.bookings.push(body);
      if (options.book) return options.book(body);
      const appointment = appointmentFor(body);
      booked.set(appointment.id, appointment);
      return HttpResponse.json(appointment, { status: 201 });
    }),
    http.get<{ id: string }>(`${API}/appointments/:id`, ({ params }) => {
      recorder.reads.push(params.id);
      if (options.appointment) return options.appointment(params.id);
      const appointment = booked.get(params.id);
      return appointment ? HttpResponse.json(appointment) : HttpResponse.json({ message: 'Appointment not found', success: false }, { status: 404 });
    }),
  );
  return recorder;
}

import { type APIRequestContext, expect } from '@playwright/test';
import type { Appointment, BookAppointmentBody } from '@contract/appointments';
import type { TimeLog, TimeLogBody } from '@contract/timeLogs';
import { type AuthAnswer, loginViaApi } from './api';
import { ADMIN } from './constants';

/**
 * Shop data for end-to-end tests, made through the real API (the journeys under test use the UI). Every test
 * works on its own people, plates and — for the admin board — its own day, because the suite shares one server
 * and runs in parallel.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD`, `days` from today in this machine's time zone (the server's SHOP_TIME_ZONE defaults to it). */
export function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A day 10–85 days ahead that no other test of this run is likely to use: the admin board and the slots of that
 * day belong to the test (bays are few: 4 + 3 + 2 per slot).
 */
export function ownDay(): string {
  return dayFromToday(10 + Math.floor(Math.random() * 76));
}

let plates = 0;

/** A plate no other test of this run uses. */
export function uniquePlate(): string {
  plates += 1;
  return `E2E-${Math.random().toString(36).slice(2, 6).toUpperCase()}${plates}`;
}

export async function adminSession(request: APIRequestContext): Promise<AuthAnswer> {
  return loginViaApi(request, ADMIN.email, ADMIN.password);
}

async function ok<T>(what: string, response: Awaited<ReturnType<APIRequestContext['post']>>, status = 200): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

type BookingBody = Partial<BookAppointmentBody> & Pick<BookAppointmentBody, 'date' | 'slot'>;

/** POST /api/appointments as `customer` (a new plate, an oil change unless `body` says otherwise): the server's answer as it is. */
export function postBooking(request: APIRequestContext, customer: AuthAnswer, body: BookingBody): ReturnType<APIRequestContext['post']> {
  return request.post('/api/appointments', {
    headers: { authorization: `Bearer ${customer.token}` },
    data: { plate: uniquePlate(), serviceType: 'OIL_CHANGE', ...body },
  });
}

/** POST /api/appointments as `customer`: a PENDING job. */
export async function bookViaApi(request: APIRequestContext, customer: AuthAnswer, body: BookingBody): Promise<Appointment> {
  return ok<Appointment>('book', await postBooking(request, customer, body), 201);
}

/** POST /api/appointments/:id/assign as the admin: the job becomes CONFIRMED with `employeeId`. */
export async function assignViaApi(request: APIRequestContext, admin: AuthAnswer, appointment: Appointment, employeeId: string): Promise<Appointment> {
  const response = await request.post(`/api/appointments/${appointment.id}/assign`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { employeeId },
  });
  return ok<Appointment>('assign', response);
}

/** PATCH /api/appointments/:id/status as the assigned technician (or the admin). */
export async function setStatusViaApi(request: APIRequestContext, who: AuthAnswer, appointment: Appointment, status: 'not_started' | 'in_progress' | 'completed'): Promise<Appointment> {
  const response = await request.patch(`/api/appointments/${appointment.id}/status`, {
    headers: { authorization: `Bearer ${who.token}` },
    data: { status },
  });
  return ok<Appointment>('status', response);
}

/** POST /api/time-logs as a technician. */
export async function logTimeViaApi(request: APIRequestContext, technician: AuthAnswer, body: TimeLogBody): Promise<TimeLog> {
  const response = await request.post('/api/time-logs', { headers: { authorization: `Bearer ${technician.token}` }, data: body });
  return ok<TimeLog>('log time', response, 201);
}

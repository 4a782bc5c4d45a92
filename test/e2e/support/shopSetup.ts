import { type APIRequestContext, expect } from '@playwright/test';
import { type Appointment, APPOINTMENT_MESSAGES } from '@contract/appointments';
import type { Catalog } from '@contract/catalog';
import type { StaffMember } from '@contract/employees';
import type { Stage } from '@contract/statuses';
import type { TimeLog } from '@contract/timeLogs';
import type { Vehicle } from '@contract/vehicles';
import { type AuthAnswer, loginViaApi, newTestUser, registerViaApi, type TestUser } from './api';
import { adminSession, ownDay, postBooking } from './shop';

/**
 * More shop set-up through the real API (next to support/shop.ts), and the dates and times as the screens write
 * them. The server's access tokens live 20 s: a test that calls the API again later in its run signs in again
 * (`freshSession`) instead of reusing the token it started with.
 */

const auth = (who: AuthAnswer) => ({ authorization: `Bearer ${who.token}` });

async function answer<T>(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** A short random tag (4 capital letters and digits): makes names and departments this test's own on a shared server. */
export function uniqueTag(): string {
  return Math.random().toString(36).slice(2, 6).toUpperCase().padEnd(4, 'X');
}

/** A new session for a user registered earlier in the test (the first token may have expired). */
export function freshSession(request: APIRequestContext, user: Pick<TestUser, 'email' | 'password'>): Promise<AuthAnswer> {
  return loginViaApi(request, user.email, user.password);
}

/**
 * POST /api/employees/:id/approve as the admin: a new technician account starts pending (not assignable, no jobs)
 * until an admin approves it.
 */
export async function approveTechnicianViaApi(request: APIRequestContext, technicianId: string): Promise<StaffMember> {
  const admin = await adminSession(request);
  return answer<StaffMember>('approve technician', await request.post(`/api/employees/${technicianId}/approve`, { headers: auth(admin), data: {} }));
}

/**
 * POST /api/auth/register/employee with a department (the admin's "specialization"), then the admin approves the
 * account so it can be assigned — unless `approved: false` (the account stays pending).
 */
export async function registerTechnician(
  request: APIRequestContext,
  fullName: string,
  department?: string,
  { approved = true }: { approved?: boolean } = {},
): Promise<{ user: TestUser; auth: AuthAnswer }> {
  const user = newTestUser('EMPLOYEE', { fullName });
  const response = await request.post('/api/auth/register/employee', { data: { ...user, role: 'EMPLOYEE', ...(department && { department }) } });
  const registered = await answer<AuthAnswer>(`register technician ${fullName}`, response, 201);
  if (approved) await approveTechnicianViaApi(request, registered.id);
  return { user, auth: registered };
}

/** GET /api/catalog: service types, slots and the three centres. */
export async function catalogViaApi(request: APIRequestContext): Promise<Catalog> {
  return answer<Catalog>('catalog', await request.get('/api/catalog'));
}

export function centreNamed(catalog: Catalog, name: string): Catalog['centers'][number] {
  const centre = catalog.centers.find((c) => c.name === name);
  expect(centre, `centre ${name} in ${catalog.centers.map((c) => c.name).join(', ')}`).toBeTruthy();
  return centre as Catalog['centers'][number];
}

/** POST /api/vehicles as the customer: a vehicle with make and model, so screens name it ("Toyota Corolla"). */
export async function addVehicleViaApi(
  request: APIRequestContext,
  customer: AuthAnswer,
  vehicle: { plate: string; make?: string; model?: string; year?: number },
): Promise<Vehicle> {
  return answer<Vehicle>('add vehicle', await request.post('/api/vehicles', { headers: auth(customer), data: vehicle }), 201);
}

/** PATCH /api/appointments/:id/status to in_progress at `stage` (as the assigned technician or the admin). */
export async function setStageViaApi(request: APIRequestContext, who: AuthAnswer, appointment: Pick<Appointment, 'id'>, stage: Stage): Promise<Appointment> {
  const response = await request.patch(`/api/appointments/${appointment.id}/status`, { headers: auth(who), data: { status: 'in_progress', stage } });
  return answer<Appointment>('set stage', response);
}

/** GET /api/appointments/:id as `who`: what the server holds now. */
export async function appointmentViaApi(request: APIRequestContext, who: AuthAnswer, id: string): Promise<Appointment> {
  return answer<Appointment>('get appointment', await request.get(`/api/appointments/${id}`, { headers: auth(who) }));
}

/** GET /api/appointments as `who` (a customer: their own, newest first). */
export async function appointmentsViaApi(request: APIRequestContext, who: AuthAnswer, params: Record<string, string> = {}): Promise<Appointment[]> {
  const page = await answer<{ items: Appointment[] }>('list appointments', await request.get('/api/appointments', { headers: auth(who), params }));
  return page.items;
}

/** GET /api/time-logs as the technician, for the days `from`…`to`. */
export async function timeLogsViaApi(request: APIRequestContext, technician: AuthAnswer, from: string, to: string): Promise<TimeLog[]> {
  const page = await answer<{ items: TimeLog[] }>('list time logs', await request.get('/api/time-logs', { headers: auth(technician), params: { from, to } }));
  return page.items;
}

/**
 * A day 10–85 days ahead (ownDay) on which the admin sees no appointment yet: the admin board narrowed to it shows
 * this test's cards only. (Another test could still pick the same day later; with 76 days and few tests that is rare.)
 */
export async function freeDay(request: APIRequestContext): Promise<string> {
  const admin = await adminSession(request);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const day = ownDay();
    const jobs = await appointmentsViaApi(request, admin, { from: day, to: day, limit: '1' });
    if (jobs.length === 0) return day;
  }
  throw new Error('no free day found in 20 tries');
}

/**
 * Other customers book `centre`'s `slot` on `day` until the server answers 409 "fully booked". Another test of the
 * run may already hold a bay that day (days are picked at random from 76), so it books until full rather than a
 * fixed `bays` times; at most `bays` bookings succeed.
 */
export async function fillSlotViaApi(request: APIRequestContext, day: string, slot: string, centre: Pick<Catalog['centers'][number], 'id' | 'bays'>): Promise<void> {
  for (let attempt = 0; attempt <= centre.bays; attempt += 1) {
    const other = await registerViaApi(request, 'CUSTOMER');
    const response = await postBooking(request, other.auth, { date: day, slot, centerId: centre.id });
    if (response.status() === 409) {
      expect(await response.json()).toMatchObject({ message: APPOINTMENT_MESSAGES.slotFull });
      return;
    }
    expect(response.status(), `book ${slot} on ${day}: ${await response.text()}`).toBe(201);
  }
  throw new Error(`${slot} on ${day} took more than ${centre.bays} bookings`);
}

/** `YYYY-MM-DD` `days` after `day` (before, when negative). */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(y, m - 1, d + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

// --- How the screens write dates and times (the test runs on the same machine, in the same time zone, as the browser).

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function parseDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** "2099-01-15" → "Jan 15, 2099" (list rows, cards). */
export function shortDate(day: string): string {
  const date = parseDay(day);
  return `${MONTHS[date.getMonth()].slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "2099-01-15" → "Thursday, January 15, 2099" (booking confirmation, admin header). */
export function longDate(day: string): string {
  const date = parseDay(day);
  return `${WEEKDAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "2099-01-15" → "January 15, 2099" (the calendar's day labels). */
export function dayLabel(day: string): string {
  const date = parseDay(day);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "2099-01" month heading of the calendar: "January 2099". */
export function monthLabel(day: string): string {
  const date = parseDay(day);
  return `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** An ISO instant in local time: "Oct 20, 2025, 9:05 AM". */
export function instant(iso: string): string {
  const date = new Date(iso);
  const hours = date.getHours() % 12 || 12;
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${MONTHS[date.getMonth()].slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}, ${hours}:${minutes} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** A job's day and slot as rows and cards show them: "Jan 15, 2099 · 09:00-10:00 AM". */
export function jobSlot(day: string, slotLabel: string): string {
  return `${shortDate(day)} · ${slotLabel}`;
}

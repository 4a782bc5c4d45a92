/**
 * Helpers shared by the appointments suites (booking, lifecycle, access, listing). Built on test/server/helpers:
 * each suite starts one shop and every test signs up its own people, so tests never see each other's jobs
 * except through the admin's all-seeing views (which the tests narrow with a unique name, date or slot).
 */
import { randomUUID } from 'node:crypto';
import { type ApiResponse, call, type Json } from '../helpers/http';

export { failure, invalid } from '../helpers/http';
import { approvedTechnician, day, type Person, type Shop, signUp, SLOTS } from '../helpers/shop';

export const ACCESS_DENIED = 'Access denied. You do not have permission to access this resource.';
export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const NOT_FOUND = 'Appointment not found';
export const SLOT_FULL = 'That time slot is fully booked. Please choose another.';
export const VEHICLE_BUSY = 'This vehicle already has an appointment at that time.';
export const CHANGED_ELSEWHERE = 'This appointment was changed by someone else. Reload and try again.';
export const PASSWORD = 'correct-horse-1';

/** An ISO 8601 instant as the server writes it. */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The instant the shop's clock shows, as the server writes it. */
export function isoNow(shop: Shop, plusMs = 0): string {
  return new Date(shop.clock.now() + plusMs).toISOString();
}

let names = 0;

/**
 * A full name no other in this test run contains (fixed-width counter), so `q` searches find exactly the jobs
 * a test expects.
 */
export function uniqueName(prefix: string): string {
  names += 1;
  return `${prefix} ${names.toString().padStart(4, '0')}`;
}

export function customer(shop: Shop, fullName = uniqueName('Customer')): Promise<Person> {
  return signUp(shop.app, 'CUSTOMER', { fullName });
}

/** A technician the admin approved (new technician accounts start pending). */
export function technician(shop: Shop, extra: Record<string, string> = {}): Promise<Person> {
  return approvedTechnician(shop, { fullName: uniqueName('Technician'), ...extra });
}

let nextSlot = 0;

/**
 * A date and slot (from tomorrow on) that no earlier call of this suite handed out, so bay numbers and
 * availability counts do not depend on other tests.
 */
export function freshSlot(): { date: string; slot: string } {
  const index = nextSlot;
  nextSlot += 1;
  const days = 1 + Math.floor(index / SLOTS.length);
  if (days > 90) throw new Error('freshSlot: the booking window is used up; start fewer bookings per suite');
  return { date: day(days), slot: SLOTS[index % SLOTS.length] };
}

/** A valid id that no row has. */
export function unknownId(): string {
  return randomUUID();
}

/** Rows in the tables a refused booking must not touch. */
export async function rowCounts(shop: Shop): Promise<{ appointments: number; vehicles: number }> {
  const count = async (table: 'appointments' | 'vehicles') => {
    const row = await shop.app.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return { appointments: await count('appointments'), vehicles: await count('vehicles') };
}

/** Runs `request` and checks that it stored no appointment and no vehicle. */
export async function storesNothing(shop: Shop, request: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const before = await rowCounts(shop);
  const response = await request();
  expect(await rowCounts(shop)).toEqual(before);
  return response;
}

// One request per shop route, named like the contract.

export function getAppointment(shop: Shop, token: string, id: string): Promise<ApiResponse> {
  return call(shop.app, 'GET', `/api/appointments/${id}`, { token });
}

/** The appointment as the admin sees it (to compare before and after a refused change). */
export async function adminView(shop: Shop, id: string): Promise<Json> {
  const response = await getAppointment(shop, shop.admin.token, id);
  if (response.status !== 200) throw new Error(`admin read failed: ${response.status} ${response.text}`);
  return response.body;
}

export function listAppointments(shop: Shop, token: string, query: Record<string, string | number> = {}): Promise<ApiResponse> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return call(shop.app, 'GET', `/api/appointments${search ? `?${search}` : ''}`, { token });
}

export function cancel(shop: Shop, token: string, id: string, body: Record<string, unknown> = {}): Promise<ApiResponse> {
  return call(shop.app, 'POST', `/api/appointments/${id}/cancel`, { token, body });
}

export function reschedule(shop: Shop, token: string, id: string, body: Record<string, unknown>): Promise<ApiResponse> {
  return call(shop.app, 'POST', `/api/appointments/${id}/reschedule`, { token, body });
}

export function assign(shop: Shop, id: string, employeeId: string, extra: Record<string, unknown> = {}, token = shop.admin.token): Promise<ApiResponse> {
  return call(shop.app, 'POST', `/api/appointments/${id}/assign`, { token, body: { employeeId, ...extra } });
}

export function setStatus(shop: Shop, token: string, id: string, body: Record<string, unknown>): Promise<ApiResponse> {
  return call(shop.app, 'PATCH', `/api/appointments/${id}/status`, { token, body });
}

export function availability(shop: Shop, token: string | undefined, query: Record<string, string>): Promise<ApiResponse> {
  return call(shop.app, 'GET', `/api/availability?${new URLSearchParams(query).toString()}`, { token });
}

/** A status change that must succeed; returns the job as it now stands. */
export async function statusChanged(shop: Shop, token: string, id: string, body: Record<string, unknown>): Promise<Json> {
  const response = await setStatus(shop, token, id, body);
  if (response.status !== 200) throw new Error(`status change failed: ${response.status} ${response.text}`);
  return response.body;
}

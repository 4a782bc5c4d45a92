import type { FastifyInstance } from 'fastify';
import { addCalendarDays, shopInstant } from '../../../server/src/shopTime';
import { verifyEmail } from '../account/helpers';
import { type ApiResponse, call, type Json, uniqueEmail } from './http';
import { startTestApp, type TestApp, type TestAppOptions, testClock } from './testApp';

/**
 * The shop in tests: a fixed calendar in a real time zone, so "today", "the past" and "90 days ahead" are the
 * same on every machine, and an admin account. Nothing here depends on the demo workshop (DEMO_DATA stays off).
 */
export const SHOP_ZONE = 'America/Chicago';
/** A Monday. The clock starts at 06:00 shop time on it, before the first slot. */
export const SHOP_TODAY = '2030-06-03';
export const ADMIN = { email: 'admin@shop.test', password: 'admin-password-1' };
export const SLOTS = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'] as const;
export const CENTERS = {
  downtown: 'c0000000-0000-4000-8000-000000000001',
  northside: 'c0000000-0000-4000-8000-000000000002',
  westgate: 'c0000000-0000-4000-8000-000000000003',
} as const;
/** Bays per centre (migration 0002). */
export const BAYS = { downtown: 4, northside: 3, westgate: 2 } as const;

/** `SHOP_TODAY` moved by `days`. */
export function day(days: number): string {
  return addCalendarDays(SHOP_TODAY, days);
}

/** The instant the shop's clocks show `date` `time`. */
export function shopTime(date: string, time: string): number {
  return shopInstant(SHOP_ZONE, date, time);
}

export interface Person {
  id: string;
  email: string;
  fullName: string;
  token: string;
}

export interface Shop extends TestApp {
  admin: Person;
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<Person> {
  const response = await call(app, 'POST', '/api/auth/login', { body: { email, password } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  return { id: response.body.id, email, fullName: response.body.fullName, token: response.body.token };
}

/** A real app on a fresh database, the shop's time zone and clock, and a signed-in admin. */
export async function startShop(options: TestAppOptions = {}): Promise<Shop> {
  const t = await startTestApp({
    clock: testClock(shopTime(SHOP_TODAY, '06:00')),
    ...options,
    env: { SHOP_TIME_ZONE: SHOP_ZONE, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOGIN_MAX_ATTEMPTS: '1000', ...options.env },
  });
  try {
    return { ...t, admin: await login(t.app, ADMIN.email, ADMIN.password) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/**
 * One shop for a test file: started before its tests, closed after them. The answer stands for the Shop from then on
 * (a stand-in, as the shop does not exist yet when the file is read).
 */
export function useShop(options: TestAppOptions = {}): Shop {
  let started: Shop | undefined;
  beforeAll(async () => {
    started = await startShop(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as Shop, {
    get(_, key) {
      if (!started) throw new Error('The shop starts in beforeAll: use it inside a test or a hook.');
      return Reflect.get(started, key) as unknown;
    },
  });
}

/** Each call the next day after SHOP_TODAY: a file's bookings never share a slot. */
export function dayCounter(): () => string {
  let days = 0;
  return () => day((days += 1));
}

let people = 0;

/** Registers a customer (or, with role EMPLOYEE, a technician) and returns them signed in. */
export async function signUp(app: FastifyInstance, role: 'CUSTOMER' | 'EMPLOYEE' = 'CUSTOMER', extra: Record<string, string> = {}): Promise<Person> {
  people += 1;
  const fullName = extra.fullName ?? `${role === 'CUSTOMER' ? 'Customer' : 'Technician'} ${people}`;
  const email = uniqueEmail(role.toLowerCase());
  const path = role === 'CUSTOMER' ? '/api/auth/register/customer' : '/api/auth/register/employee';
  const response = await call(app, 'POST', path, { body: { email, password: 'correct-horse-1', phoneNumber: '555-0100', ...extra, fullName } });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  return { id: response.body.id, email, fullName, token: response.body.token };
}

/**
 * A customer who opened the verification link sent at registration: only a verified address gets job
 * e-mails, so the suites about those e-mails start with one.
 */
export async function verifiedCustomer(app: FastifyInstance, extra: Record<string, string> = {}): Promise<Person> {
  const customer = await signUp(app, 'CUSTOMER', extra);
  await verifyEmail(app, customer.email);
  return customer;
}

/** POST /api/employees/:id/approve as the shop's admin: the technician becomes assignable and can work jobs. */
export async function approve(shop: Shop, technician: Person): Promise<Json> {
  const response = await call(shop.app, 'POST', `/api/employees/${technician.id}/approve`, { token: shop.admin.token, body: {} });
  if (response.status !== 200) throw new Error(`approval failed: ${response.status} ${response.text}`);
  return response.body;
}

/** Registers a technician and has the admin approve them (new technician accounts start pending). */
export async function approvedTechnician(shop: Shop, extra: Record<string, string> = {}): Promise<Person> {
  const technician = await signUp(shop.app, 'EMPLOYEE', extra);
  await approve(shop, technician);
  return technician;
}

let plates = 0;

/** A plate nobody has used in this test run. */
export function newPlate(): string {
  plates += 1;
  return `TST-${plates.toString().padStart(4, '0')}`;
}

export interface Booking {
  plate?: string;
  vehicleId?: string;
  serviceType?: string;
  date?: string;
  slot?: string;
  centerId?: string;
  notes?: string;
}

/** POST /api/appointments with sensible defaults (a new plate, an oil change tomorrow at 09:00, downtown). */
export function book(app: FastifyInstance, token: string, booking: Booking = {}): Promise<ApiResponse> {
  const body = booking.vehicleId ? booking : { plate: newPlate(), ...booking };
  return call(app, 'POST', '/api/appointments', { token, body: { serviceType: 'OIL_CHANGE', date: day(1), slot: '09:00', ...body } });
}

/** Books and returns the appointment, failing the test on anything but 201. */
export async function booked(app: FastifyInstance, token: string, booking: Booking = {}): Promise<Json> {
  const response = await book(app, token, booking);
  if (response.status !== 201) throw new Error(`booking failed: ${response.status} ${response.text}`);
  return response.body;
}

/** An appointment assigned to `technician` (CONFIRMED), booked by `customer`. */
export async function assigned(shop: Shop, customer: Person, technician: Person, booking: Booking = {}): Promise<Json> {
  const appointment = await booked(shop.app, customer.token, booking);
  const response = await call(shop.app, 'POST', `/api/appointments/${appointment.id}/assign`, { token: shop.admin.token, body: { employeeId: technician.id } });
  if (response.status !== 200) throw new Error(`assignment failed: ${response.status} ${response.text}`);
  return response.body;
}

/** Listens on a free loopback port, for tests that need real concurrent HTTP requests. Returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** One real HTTP request (fetch), JSON in and out. */
export async function http(base: string, method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

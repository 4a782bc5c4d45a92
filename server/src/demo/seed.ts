import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { hashPassword } from '../auth/passwords';
import type { Catalog } from '../catalog/queries';
import { seedDemoContactMessages } from '../contact/demo';
import { seedDemoBilling } from '../billing/demo';
import type { BillingSettings } from '../config';
import { seedDemoInventory } from '../inventory/demo';
import { silenceNotifications } from '../notifications/silence';
import { type Clock, isoAt } from '../clock';
import type { JobHistoryEvent } from '../contract/reports';
import type { AppointmentStatus, Stage } from '../contract/statuses';
import type { Db, Role } from '../db/schema';
import { addCalendarDays, shopInstant, shopNow } from '../shopTime';
import { mondayOf } from '../timeLogs/rules';

/**
 * The demo workshop (DEMO_DATA=1): the spec's sample services, vehicles, appointments, technicians and time logs
 * as real rows, dated relative to today, so that `npm start` opens on a shop that looks like the spec. Seeded once:
 * when the demo customer exists nothing is written (and two servers starting together seed it once).
 */
export const DEMO_PASSWORD = 'carcare-demo';

export const DEMO_SIGN_INS = [
  { role: 'ADMIN', email: 'admin@carcare.demo', fullName: 'Workshop Admin' },
  { role: 'CUSTOMER', email: 'customer@carcare.demo', fullName: 'Amaya Jayasinghe' },
  { role: 'EMPLOYEE', email: 'nimal@carcare.demo', fullName: 'Nimal Perera' },
  { role: 'EMPLOYEE', email: 'kasun@carcare.demo', fullName: 'Kasun Silva' },
  { role: 'EMPLOYEE', email: 'ruwan@carcare.demo', fullName: 'Ruwan Fernando' },
  // Registered, not approved yet: the Staff page (/admin/staff) has someone to approve.
  { role: 'EMPLOYEE', email: 'tharindu@carcare.demo', fullName: 'Tharindu Wickramasinghe' },
] as const satisfies readonly { role: Role; email: string; fullName: string }[];

const DEPARTMENTS: Record<string, string> = {
  'nimal@carcare.demo': 'Engine',
  'kasun@carcare.demo': 'Brakes & Suspension',
  'ruwan@carcare.demo': 'Electrical',
  'tharindu@carcare.demo': 'Diagnostics',
};

/** Demo technicians still awaiting an admin's approval; the others are approved. */
export const DEMO_PENDING_TECHNICIANS: readonly string[] = ['tharindu@carcare.demo'];

type Technician = 'nimal' | 'kasun' | 'ruwan';
type Center = 1 | 2 | 3;

interface DemoJob {
  customer: string;
  vehicle: [plate: string, make: string, model: string, year: number];
  service: string;
  /** Days from today. */
  day: number;
  slot: string;
  center: Center;
  status: AppointmentStatus;
  technician?: Technician;
  stage?: Stage;
  progress?: number;
  /** Time logs on the job's day: [start, end, description]. */
  logs?: [string, string, string][];
  /** The history entries that leave a notification (the bell's demo content); the others leave none. */
  notify?: JobHistoryEvent[];
}

const CUSTOMER = 'Amaya Jayasinghe';

/** Every state of the lifecycle, the spec's sample vehicles and people, spread over the three centres. */
const JOBS: DemoJob[] = [
  // The demo customer's vehicles (spec: the customer dashboard's sample services).
  { customer: CUSTOMER, vehicle: ['CAB-4821', 'Toyota', 'Corolla', 2018], service: 'FULL_SERVICE', day: 0, slot: '09:00', center: 1, status: 'IN_PROGRESS', technician: 'nimal', stage: 'IN_PROGRESS', progress: 65, notify: ['STARTED'] },
  { customer: CUSTOMER, vehicle: ['KD-7733', 'Honda', 'Civic', 2019], service: 'BRAKE_INSPECTION', day: 2, slot: '10:00', center: 2, status: 'CONFIRMED', technician: 'kasun', notify: ['ASSIGNED'] },
  { customer: CUSTOMER, vehicle: ['WP-CAR-1290', 'Nissan', 'Leaf', 2021], service: 'BATTERY_CHECK', day: -12, slot: '09:00', center: 3, status: 'COMPLETED', technician: 'ruwan', logs: [['09:00', '09:45', 'Battery load test and charging system check.']], notify: ['COMPLETED'] },
  { customer: CUSTOMER, vehicle: ['CAA-0456', 'Suzuki', 'Swift', 2017], service: 'OIL_CHANGE', day: -30, slot: '11:00', center: 1, status: 'COMPLETED', technician: 'nimal', logs: [['11:00', '12:15', 'Oil and filter change; topped up coolant.']] },
  { customer: CUSTOMER, vehicle: ['CAB-4821', 'Toyota', 'Corolla', 2018], service: 'TIRE_ROTATION', day: 5, slot: '14:00', center: 1, status: 'PENDING', notify: ['BOOKED'] },
  { customer: CUSTOMER, vehicle: ['KD-7733', 'Honda', 'Civic', 2019], service: 'AIR_FILTER_REPLACEMENT', day: 9, slot: '15:00', center: 1, status: 'CANCELLED', notify: ['CANCELLED'] },
  // The rest of the shop (spec: the admin board's and the technician's sample appointments).
  { customer: 'Dinuka Herath', vehicle: ['WP-KL-4410', 'Suzuki', 'Swift', 2021], service: 'TIRE_ROTATION', day: 1, slot: '10:00', center: 2, status: 'CONFIRMED', technician: 'kasun' },
  { customer: 'Sanduni Peiris', vehicle: ['CAD-9921', 'Mitsubishi', 'Outlander', 2018], service: 'BATTERY_CHECK', day: 3, slot: '14:00', center: 3, status: 'CONFIRMED', technician: 'ruwan' },
  { customer: 'Dilan Wickramasinghe', vehicle: ['KY-5521', 'Mitsubishi', 'Outlander', 2020], service: 'BRAKE_INSPECTION', day: 4, slot: '09:00', center: 1, status: 'CONFIRMED', technician: 'nimal', notify: ['ASSIGNED'] },
  { customer: 'Sachini Rathnayake', vehicle: ['CBA-9087', 'Mazda', '3', 2022], service: 'OIL_CHANGE', day: 6, slot: '10:00', center: 2, status: 'CONFIRMED', technician: 'ruwan' },
  { customer: 'Pradeep Kumara', vehicle: ['CAA-3344', 'Toyota', 'Prius', 2017], service: 'FULL_SERVICE', day: 0, slot: '10:00', center: 1, status: 'IN_PROGRESS', technician: 'kasun', stage: 'AWAITING_PARTS', progress: 40 },
  { customer: 'Nadeesha Fonseka', vehicle: ['WP-CAR-7781', 'Nissan', 'X-Trail', 2020], service: 'FULL_SERVICE', day: 0, slot: '11:00', center: 2, status: 'IN_PROGRESS', technician: 'ruwan', stage: 'QUALITY_CHECK', progress: 90 },
  { customer: 'Kavindi Senanayake', vehicle: ['CAB-1234', 'Toyota', 'Camry', 2020], service: 'FULL_SERVICE', day: 1, slot: '09:00', center: 1, status: 'PENDING', notify: ['BOOKED'] },
  { customer: 'Roshan de Silva', vehicle: ['KV-2231', 'Mazda', '3', 2022], service: 'AIR_FILTER_REPLACEMENT', day: 1, slot: '11:00', center: 3, status: 'PENDING', notify: ['BOOKED'] },
  { customer: 'Malsha Karunaratne', vehicle: ['WP-PD-5090', 'Kia', 'Sportage', 2019], service: 'BRAKE_INSPECTION', day: 2, slot: '15:00', center: 2, status: 'PENDING', notify: ['BOOKED'] },
  { customer: 'Chathura Abeysekara', vehicle: ['CAB-6612', 'BMW', '320i', 2016], service: 'OIL_CHANGE', day: -1, slot: '14:00', center: 1, status: 'COMPLETED', technician: 'nimal', logs: [['14:00', '15:10', 'Drained and replaced engine oil and filter.']] },
  { customer: 'Tharindu Perera', vehicle: ['CAE-7741', 'Honda', 'Fit', 2019], service: 'FULL_SERVICE', day: -2, slot: '09:00', center: 1, status: 'COMPLETED', technician: 'kasun', logs: [['08:30', '11:00', 'Full service: oil and filter change, brake check, fluid top-up.'], ['13:00', '13:45', 'Replaced cabin air filter; road test.']] },
];

/** Work not tied to a job: [technician, day, start, end, description]. */
const OTHER_LOGS: [Technician, number, string, string, string][] = [
  ['nimal', -3, '08:00', '09:30', 'Workshop safety briefing and tool calibration.'],
  ['kasun', -5, '16:00', '17:30', 'Brake lathe maintenance.'],
  ['ruwan', -7, '08:30', '10:00', 'Diagnostics scanner software update.'],
];

const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@customers.carcare.demo`;

export interface DemoSeedResult {
  seeded: boolean;
}

export async function seedDemoWorkshop(db: Db, catalog: Catalog, now: Clock, log: FastifyBaseLogger, billing: BillingSettings): Promise<DemoSeedResult> {
  const demoCustomer = DEMO_SIGN_INS[1].email;
  const nowMs = now();
  const today = shopNow(catalog.timeZone, nowMs).date;
  const at = (day: number, time: string) => isoAt(shopInstant(catalog.timeZone, addCalendarDays(today, day), time));
  const createdAt = isoAt(nowMs);

  // Hash outside the transaction (argon2 is slow on purpose): one hash for the demo sign-ins, one for the
  // other customers (a random password nobody knows: they exist to fill the board, not to sign in).
  const [demoHash, unusableHash] = await Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(randomBytes(24).toString('base64url'))]);

  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('carcare:demo-seed', 0))`.execute(trx);
    const existing = await trx.selectFrom('users').select('id').where('email', '=', demoCustomer).executeTakeFirst();
    if (existing) return { seeded: false };
    // A whole workshop's past written at once: no notification or e-mail per history entry —
    // only the few picked by `notify` below, and no e-mail to the made-up customers.
    await silenceNotifications(trx);
    const notified: { appointmentId: string; event: JobHistoryEvent }[] = [];

    const userIds = new Map<string, string>();
    const addUser = async (email: string, fullName: string, role: Role, passwordHash: string) => {
      const id = randomUUID();
      await trx
        .insertInto('users')
        .values({
          id,
          email,
          password_hash: passwordHash,
          full_name: fullName,
          phone_number: `+1 555 01${String(userIds.size).padStart(2, '0')}`,
          address: role === 'CUSTOMER' ? 'Springfield, IL' : '',
          role,
          department: DEPARTMENTS[email] ?? null,
          employee_id: role === 'EMPLOYEE' ? `EMP-${String(userIds.size).padStart(3, '0')}` : null,
          approved_at: role === 'EMPLOYEE' && !DEMO_PENDING_TECHNICIANS.includes(email) ? createdAt : null,
          // The demo's addresses count as verified, so its job e-mails and Google linking behave as for real users.
          email_verified_at: createdAt,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      const row = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      userIds.set(fullName, row.id);
      return row.id;
    };

    for (const account of DEMO_SIGN_INS) await addUser(account.email, account.fullName, account.role, demoHash);
    const technicianId = (name: Technician) => userIds.get(DEMO_SIGN_INS.find((account) => account.email.startsWith(name))!.fullName)!;

    const vehicleIds = new Map<string, string>();
    for (const job of JOBS) {
      const customerId = userIds.get(job.customer) ?? (await addUser(emailOf(job.customer), job.customer, 'CUSTOMER', unusableHash));
      const [plate, make, model, year] = job.vehicle;
      const key = `${customerId}:${plate}`;
      let vehicleId = vehicleIds.get(key);
      if (!vehicleId) {
        vehicleId = randomUUID();
        await trx.insertInto('vehicles').values({ id: vehicleId, customer_id: customerId, plate, make, model, year, created_at: createdAt }).execute();
        vehicleIds.set(key, vehicleId);
      }

      const center = catalog.centers[job.center - 1];
      const taken = await trx
        .selectFrom('appointments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('center_id', '=', center.id)
        .where('date', '=', addCalendarDays(today, job.day))
        .where('slot', '=', job.slot)
        .executeTakeFirstOrThrow();
      const slotStart = shopInstant(catalog.timeZone, addCalendarDays(today, job.day), job.slot);
      // Jobs in progress today started a little while ago, whatever the hour the demo is opened.
      const startedMs = job.status === 'IN_PROGRESS' ? nowMs - (35 + 10 * Number(taken.n)) * 60_000 : slotStart;
      const working = job.status === 'IN_PROGRESS' || job.status === 'COMPLETED';
      const serviceMinutes = catalog.serviceType(job.service)?.durationMinutes ?? 60;
      const appointmentId = randomUUID();
      await trx
        .insertInto('appointments')
        .values({
          id: appointmentId,
          status: job.status,
          stage: job.stage ?? null,
          customer_id: customerId,
          vehicle_id: vehicleId,
          service_type: job.service,
          center_id: center.id,
          date: addCalendarDays(today, job.day),
          slot: job.slot,
          bay: Number(taken.n) + 1,
          assigned_employee_id: job.technician ? technicianId(job.technician) : null,
          started_at: working ? isoAt(startedMs) : null,
          estimated_completion: working ? isoAt(startedMs + 60 * 60_000) : null,
          completed_at: job.status === 'COMPLETED' ? isoAt(startedMs + serviceMinutes * 60_000) : null,
          cancelled_at: job.status === 'CANCELLED' ? at(-1, '12:00') : null,
          progress: job.status === 'COMPLETED' ? 100 : (job.progress ?? null),
          created_at: at(Math.min(job.day, 0) - 3, '10:00'),
          updated_at: createdAt,
        })
        .execute();
      for (const event of job.notify ?? []) notified.push({ appointmentId, event });
      for (const [start, end, description] of job.logs ?? []) {
        const date = addCalendarDays(today, job.day);
        await trx
          .insertInto('time_logs')
          .values({
            id: randomUUID(),
            employee_id: technicianId(job.technician!),
            appointment_id: appointmentId,
            starts_at: `${date} ${start}:00`,
            ends_at: `${date} ${end}:00`,
            description,
            created_at: createdAt,
            updated_at: createdAt,
          })
          .execute();
      }
    }
    for (const [technician, day, start, end, description] of OTHER_LOGS) {
      const date = addCalendarDays(today, day);
      await trx
        .insertInto('time_logs')
        .values({ id: randomUUID(), employee_id: technicianId(technician), starts_at: `${date} ${start}:00`, ends_at: `${date} ${end}:00`, description, created_at: createdAt, updated_at: createdAt })
        .execute();
    }
    // Time-log approval (/admin/timesheets): logs before last week are approved; last week's and this week's wait
    // for review, but for one rejected with a reason (the technician sees it in their day panel).
    const adminId = userIds.get('Workshop Admin') ?? null;
    await trx
      .updateTable('time_logs')
      .set({ review_state: 'APPROVED', reviewed_by: adminId, reviewed_at: createdAt, version: 2 })
      .where('starts_at', '<', `${addCalendarDays(mondayOf(today), -7)} 00:00:00`)
      .execute();
    await trx
      .updateTable('time_logs')
      .set({ review_state: 'REJECTED', review_reason: 'Please note which machine and its service ticket number.', reviewed_by: adminId, reviewed_at: createdAt, version: 2 })
      .where('description', '=', 'Brake lathe maintenance.')
      .execute();
    const notifiedIds = await trx
      .selectFrom('job_history')
      .select('id')
      .where((eb) => eb.or(notified.map(({ appointmentId, event }) => eb.and([eb('appointment_id', '=', appointmentId), eb('event', '=', event)]))))
      .execute();
    await sql`SELECT notify_job_changes(${notifiedIds.map((row) => row.id)}::bigint[], false)`.execute(trx);
    // What happened more than a week ago has been read; this week's news has not (every role's bell shows some).
    await trx
      .updateTable('notifications')
      .set({ read_at: createdAt })
      .where('created_at', '<', sql<Date>`${isoAt(nowMs - 7 * 24 * 60 * 60_000)}::timestamptz`)
      .execute();
    await seedDemoContactMessages(trx, nowMs);
    if (adminId) await seedDemoInventory(trx, catalog, nowMs, adminId);
    if (adminId) await seedDemoBilling(trx, catalog, billing, nowMs, adminId);
    log.info(`Seeded the demo workshop: ${JOBS.length} jobs, ${userIds.size} accounts`);
    return { seeded: true };
  });
}

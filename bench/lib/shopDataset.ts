import { type RawBuilder, sql } from 'kysely';
import type { Catalog } from '../../server/src/catalog/queries';
import type { Db } from '../../server/src/db/schema';
import { silenceNotifications } from '../../server/src/notifications/silence';

/**
 * The shop's large data set, written straight into the database in a few INSERT … SELECT generate_series
 * statements (no API calls, no row-by-row round trips), before the server starts. Deterministic: every "random"
 * choice is a hash (md5) of the row's position, so PGlite and PostgreSQL get the same rows for the same day.
 *
 * A position is (day, slot, bay): the three centres have 4 + 3 + 2 = 9 bays and six slots a day, so a day holds
 * at most 54 open jobs and ±1 year only 39,474 — 100,000 jobs cannot fit there without breaking
 * appointments_bay_key. So:
 * - the 90-day booking window holds what customers have booked so far: ~60 % of the bays of the next 7 days and
 *   ~12 % further out (the rest stays free for the booking runs), and the contention day is full but for 10 bays;
 * - the rest of the 100,000 is history: every bay of every slot of the days before today, going back as far as
 *   it takes (about 4.9 years), 92 % completed and 8 % cancelled.
 * Technicians: one per job and no technician twice in one date and slot (a rotation of the 200 offset per slot);
 * vehicles: 7,500 (1–2 per customer), no vehicle twice in one date and slot.
 */
export const SHOP_DATASET = {
  appointments: 100_000,
  technicians: 200,
  customers: 5_000,
  vehicles: 7_500,
  /** Share of the positions booked in the next 7 days (today included) and from day 8 to day 90. */
  nearFill: 0.6,
  farFill: 0.12,
  nearDays: 7,
  /** Share of jobs cancelled (in the past and the window). */
  cancelled: 0.08,
  /** The day (from today) of the contention run: every bay booked but CONTENTION_FREE_BAYS. */
  contentionDay: 30,
  contentionFreeBays: 10,
  /** Every seeded customer's password (one argon2id hash for all, computed once). */
  password: 'Bench-Passw0rd!',
} as const;

export const BOOKING_WINDOW_DAYS = 90;
/** Multiplier that spreads positions over the vehicles (prime, so coprime with SHOP_DATASET.vehicles). */
const VEHICLE_STRIDE = 7919;
/** Keeps position numbers positive for past days. */
const DAY_BASE = 100_000;

export const customerEmail = (i: number) => `shop-customer-${i}@carcare.test`;

/** One bay left free on the contention day: a (centre, slot) whose other bays are all booked. */
export interface ContentionBay {
  centerId: string;
  centerName: string;
  slot: string;
  bay: number;
  /** Indexes in the seed's position grid: slot (0…5) and bay across centres (0…8). */
  s: number;
  g: number;
}

/**
 * Ten different (centre, slot) pairs of the contention day, spread over the day and the centres, each with exactly
 * one bay left (not always the last one: the booking takes the lowest free bay, and a CANCELLED job sits in it).
 */
export function contentionBays(catalog: Catalog): ContentionBay[] {
  const offsets: number[] = [];
  catalog.centers.reduce((offset, center) => (offsets.push(offset), offset + center.bays), 0);
  const pairs = catalog.slots.flatMap((slot, s) => catalog.centers.map((center, c) => ({ slot, s, center, c })));
  const n = SHOP_DATASET.contentionFreeBays;
  if (pairs.length < n) throw new Error(`The catalogue has only ${pairs.length} (centre, slot) pairs; the contention run needs ${n}`);
  return Array.from({ length: n }, (_, k) => {
    const { slot, s, center, c } = pairs[Math.floor((k * pairs.length) / n)];
    const bay = 1 + (k % center.bays);
    return { centerId: center.id, centerName: center.name, slot: slot.start, bay, s, g: offsets[c] + bay - 1 };
  });
}

/** A uniform number in [0, 1) from md5(key || salt): 28 bits of the hash. */
function rnd(key: string, salt: string): RawBuilder<number> {
  return sql.raw<number>(`(('x' || substr(md5((${key})::text || '${salt}'), 1, 7))::bit(28)::int / 268435456.0)`);
}

const FIRST_NAMES = ['Nimal', 'Kasun', 'Ruwan', 'Amaya', 'Dilani', 'Tharindu', 'Sanduni', 'Chamara', 'Ishara', 'Nadeesha', 'Ayesha', 'Lahiru', 'Priya', 'Mohamed', 'Fathima', 'Suresh', 'Anjali', 'Dinesh', 'Kumari', 'Ravi'];
const LAST_NAMES = ['Perera', 'Silva', 'Fernando', 'Jayasinghe', 'Wickramasinghe', 'Bandara', 'Dissanayake', 'Gunawardena', 'Rajapaksa', 'Herath', 'Karunaratne', 'Mendis', 'Ranasinghe', 'Senanayake', 'Weerasinghe', 'Abeysekera', 'Samarasinghe', 'Liyanage', 'Pathirana', 'Kumara', 'Nanayakkara', 'Ekanayake', 'Hettiarachchi', 'Rathnayake', 'Cooray'];
const MAKES = ['Toyota', 'Honda', 'Nissan', 'Suzuki', 'Toyota', 'Mitsubishi', 'Kia', 'Hyundai'];
const MODELS = ['Corolla', 'Civic', 'Leaf', 'Swift', 'Prius', 'Outlander', 'Sportage', 'Tucson'];
const DEPARTMENTS = ['Mechanical', 'Electrical', 'Bodywork', 'Diagnostics', 'Tyres and Alignment'];
const NOTES = ['Customer reports a squeak when braking.', 'Please check the air conditioning as well.', 'Vehicle will be dropped off the evening before.', 'Warning light on the dashboard since last week.'];

const textArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`);

async function seedUsers(db: Db, passwordHash: string): Promise<void> {
  const { customers, technicians, vehicles } = SHOP_DATASET;
  await sql`
    INSERT INTO users (id, email, password_hash, full_name, phone_number, address, role, department, employee_id, is_active, created_at, updated_at)
    SELECT md5('shop-customer-' || i)::uuid, 'shop-customer-' || i || '@carcare.test', ${passwordHash},
           (${textArray(FIRST_NAMES)})[1 + i % 20] || ' ' || (${textArray(LAST_NAMES)})[1 + (i / 20) % 25],
           '+94 77 ' || lpad(((i * 7907) % 10000000)::text, 7, '0'), (1 + i % 250) || ' Galle Road, Colombo ' || lpad((1 + i % 15)::text, 2, '0'),
           'CUSTOMER', NULL, NULL, true, now() - make_interval(days => i % 1800), now() - make_interval(days => i % 1800)
    FROM generate_series(0, ${customers - 1}::int) AS i`.execute(db);
  // Technicians the admin has approved (migration 0005): assignable, and their jobs load.
  await sql`
    INSERT INTO users (id, email, password_hash, full_name, phone_number, address, role, department, employee_id, is_active, approved_at, created_at, updated_at)
    SELECT md5('shop-technician-' || i)::uuid, 'shop-technician-' || i || '@carcare.test', ${passwordHash},
           (${textArray(FIRST_NAMES)})[1 + (i * 7) % 20] || ' ' || (${textArray(LAST_NAMES)})[1 + (i * 3) % 25] || ' ' || (i + 1),
           '+94 71 ' || lpad(((i * 7907) % 10000000)::text, 7, '0'), 'Workshop staff', 'EMPLOYEE',
           (${textArray(DEPARTMENTS)})[1 + i % 5], 'EMP-' || lpad((i + 1)::text, 4, '0'), true, now() - make_interval(days => 1800),
           now() - make_interval(days => 1800), now()
    FROM generate_series(0, ${technicians - 1}::int) AS i`.execute(db);
  await sql`
    INSERT INTO vehicles (id, customer_id, plate, make, model, year, created_at)
    SELECT md5('shop-vehicle-' || v)::uuid, md5('shop-customer-' || (v % ${customers}::int))::uuid, 'SHP-' || lpad(v::text, 4, '0'),
           (${textArray(MAKES)})[1 + v % 8], (${textArray(MODELS)})[1 + v % 8], (2005 + v % 20)::smallint, now() - make_interval(days => v % 1800)
    FROM generate_series(0, ${vehicles - 1}::int) AS v`.execute(db);
}

interface Window {
  today: string;
  /** The shop's time of day now (`HH:MM`): today's slots before it are done or under way, later ones booked. */
  nowTime: string;
  timeZone: string;
}

/**
 * Inserts the appointments at the positions `positions` selects (columns d = day from today, s = slot index,
 * g = bay index across centres). Everything else about a row follows from its position.
 */
async function insertAppointments(db: Db, positions: RawBuilder<unknown>, filter: RawBuilder<unknown>, w: Window, free: readonly ContentionBay[]): Promise<void> {
  const { technicians, vehicles, customers, cancelled, contentionDay } = SHOP_DATASET;
  const freeList = sql.raw(free.map((b) => `(${b.s}, ${b.g})`).join(', '));
  // A whole shop's past and future at once: its job history calls for no notification or e-mail.
  await db.transaction().execute(async (trx) => {
    await silenceNotifications(trx);
    await sql`
    WITH bays AS (
      SELECT (row_number() OVER (ORDER BY sc.position, b.n) - 1)::int AS g, sc.id AS center_id, b.n::smallint AS bay
      FROM service_centers sc CROSS JOIN LATERAL generate_series(1, sc.bays) AS b(n)
    ),
    slots AS (SELECT (row_number() OVER (ORDER BY position) - 1)::int AS s, start FROM time_slots),
    dims AS (
      SELECT (SELECT count(*) FROM bays)::int AS nb, (SELECT count(*) FROM slots)::int AS ns, (SELECT count(*) FROM service_types)::int AS nt
    ),
    pos AS (${positions}),
    keyed AS (
      SELECT pos.d, pos.s, pos.g, dims.nt,
             (((pos.d + ${DAY_BASE}::int) * dims.ns + pos.s) * dims.nb + pos.g)::bigint AS p,
             ((pos.d + ${DAY_BASE}::int) * dims.ns + pos.s)::bigint AS ds
      FROM pos, dims
    ),
    picked AS (
      SELECT k.*, ${rnd('k.p', 'fill')} AS uf, ${rnd('k.p', 'status')} AS us, ${rnd('k.p', 'type')} AS ut, ${rnd('k.p', 'stage')} AS ust,
             ${rnd('k.ds', 'technician')} AS utech, ${rnd('k.p', 'keep')} AS ukeep, ${rnd('k.p', 'notes')} AS un, ${rnd('k.p', 'created')} AS uc
      FROM keyed k
    ),
    chosen AS (
      SELECT p2.*, b.center_id, b.bay, sl.start AS slot, (${w.today}::date + p2.d) AS date,
             CASE
               WHEN p2.d = ${contentionDay}::int THEN
                 CASE WHEN (p2.s, p2.g) IN (${freeList}) THEN 'CANCELLED' WHEN p2.us < 0.5 THEN 'PENDING' ELSE 'CONFIRMED' END
               WHEN p2.us < ${cancelled}::float8 THEN 'CANCELLED'
               WHEN p2.d < 0 THEN 'COMPLETED'
               WHEN p2.d = 0 AND sl.start <= ${w.nowTime} THEN
                 CASE WHEN p2.us < 0.5 THEN 'COMPLETED' ELSE 'IN_PROGRESS' END
               WHEN p2.us < 0.6 THEN 'CONFIRMED'
               ELSE 'PENDING'
             END AS status
      FROM picked p2 JOIN bays b ON b.g = p2.g JOIN slots sl ON sl.s = p2.s
      WHERE ${filter}
    ),
    timed AS (
      SELECT c.*, st.code AS service_type, st.duration_minutes,
             CASE WHEN c.status IN ('IN_PROGRESS', 'COMPLETED') THEN (c.date + c.slot::time) AT TIME ZONE ${w.timeZone} END AS started_at,
             least(now(), ((c.date - (3 + floor(c.uc * 25))::int) + time '12:00') AT TIME ZONE ${w.timeZone}) AS created,
             ((c.p * ${VEHICLE_STRIDE}::bigint) % ${vehicles}::int)::int AS v,
             1 + floor(c.ust * 3)::int AS stage_index
      FROM chosen c JOIN service_types st ON st.position = 1 + floor(c.ut * c.nt)::int
    ),
    final AS (
      SELECT t.*,
             CASE WHEN t.status = 'COMPLETED' THEN t.started_at + make_interval(mins => t.duration_minutes) END AS completed,
             CASE WHEN t.status = 'CANCELLED' THEN least(now(), ((t.date - 2) + time '10:00') AT TIME ZONE ${w.timeZone}) END AS cancelled
      FROM timed t
    )
    INSERT INTO appointments (id, version, status, stage, customer_id, vehicle_id, service_type, center_id, date, slot, bay, assigned_employee_id,
                              started_at, estimated_completion, completed_at, cancelled_at, progress, notes, created_at, updated_at)
    SELECT md5('shop-appointment-' || f.p)::uuid,
           CASE f.status WHEN 'PENDING' THEN 1 WHEN 'CONFIRMED' THEN 2 WHEN 'CANCELLED' THEN 2 WHEN 'IN_PROGRESS' THEN 3 ELSE 4 END,
           f.status,
           CASE WHEN f.status = 'IN_PROGRESS' THEN (ARRAY['IN_PROGRESS', 'AWAITING_PARTS', 'QUALITY_CHECK'])[f.stage_index] END,
           md5('shop-customer-' || (f.v % ${customers}::int))::uuid,
           md5('shop-vehicle-' || f.v)::uuid,
           f.service_type, f.center_id, f.date, f.slot, f.bay,
           CASE
             WHEN f.status = 'PENDING' OR (f.status = 'CANCELLED' AND f.ukeep < 0.5) THEN NULL
             ELSE md5('shop-technician-' || ((floor(f.utech * ${technicians}::int)::int + f.g) % ${technicians}::int))::uuid
           END,
           f.started_at,
           f.started_at + interval '1 hour',
           f.completed,
           f.cancelled,
           CASE f.status WHEN 'IN_PROGRESS' THEN (ARRAY[25, 50, 90])[f.stage_index] WHEN 'COMPLETED' THEN 100 END,
           CASE WHEN f.un < 0.15 THEN (${textArray(NOTES)})[1 + floor(f.un / 0.15 * 4)::int] END,
           f.created,
           greatest(f.created, f.started_at, f.completed, f.cancelled)
    FROM final f`.execute(trx);
  });
}

export interface SeedResult {
  durationMs: number;
  appointments: number;
  /** Appointments from today to today + 90 (what the booking window holds). */
  inWindow: number;
  /** First and last appointment date. */
  firstDate: string;
  lastDate: string;
  byStatus: Record<string, number>;
  /** Jobs a day can hold: bays of all centres × slots. */
  jobsPerDay: number;
  customers: number;
  technicians: number;
  vehicles: number;
  /** `SELECT version()`. */
  serverVersion: string;
}

/**
 * Seeds the migrated, empty database: users, vehicles, 100,000 appointments; then VACUUM ANALYZE. The capacity
 * trigger, the unique indexes and the CHECK constraints all run on every row, so a wrong position fails the seed.
 */
export async function seedShop(db: Db, catalog: Catalog, w: Window, passwordHash: string): Promise<SeedResult> {
  const started = performance.now();
  const { nearDays, nearFill, farFill, appointments } = SHOP_DATASET;
  const free = contentionBays(catalog);
  await seedUsers(db, passwordHash);
  // Statistics for the tables just filled: without them the foreign-key checks of 100,000 inserts would be planned
  // for empty tables (sequential scans of users and vehicles for every row).
  await sql`ANALYZE users, vehicles, service_centers, service_types, time_slots`.execute(db);

  // The booking window: today … today + 90.
  await insertAppointments(
    db,
    sql`SELECT d, sl.s, b.g FROM generate_series(0, ${BOOKING_WINDOW_DAYS}::int) AS d CROSS JOIN slots sl CROSS JOIN bays b`,
    sql`(p2.d = ${SHOP_DATASET.contentionDay}::int OR (p2.d <= ${nearDays}::int AND p2.uf < ${nearFill}::float8) OR (p2.d > ${nearDays}::int AND p2.uf < ${farFill}::float8))`,
    w,
    free,
  );
  const { rows: counted } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM appointments`.execute(db);
  const inWindow = Number(counted[0].n);
  // History: every position of every day before today, yesterday first, until there are 100,000 in all.
  await insertAppointments(
    db,
    sql`SELECT -1 - n / (dims.ns * dims.nb) AS d, (n % (dims.ns * dims.nb)) / dims.nb AS s, n % dims.nb AS g
        FROM generate_series(0, ${appointments - inWindow - 1}::int) AS n, dims`,
    sql`true`,
    w,
    free,
  );
  await sql`VACUUM ANALYZE`.execute(db);

  const { rows: statusRows } = await sql<{ status: string; n: number }>`SELECT status, count(*)::int AS n FROM appointments GROUP BY status ORDER BY status`.execute(db);
  const { rows: span } = await sql<{ first: string; last: string; total: number }>`
    SELECT min(date)::text AS first, max(date)::text AS last, count(*)::int AS total FROM appointments`.execute(db);
  const { rows: people } = await sql<{ customers: number; technicians: number; vehicles: number }>`
    SELECT (SELECT count(*)::int FROM users WHERE role = 'CUSTOMER') AS customers, (SELECT count(*)::int FROM users WHERE role = 'EMPLOYEE') AS technicians,
           (SELECT count(*)::int FROM vehicles) AS vehicles`.execute(db);
  const { rows: version } = await sql<{ version: string }>`SELECT version()`.execute(db);
  const { rows: perDay } = await sql<{ n: number }>`SELECT ((SELECT sum(bays) FROM service_centers) * (SELECT count(*) FROM time_slots))::int AS n`.execute(db);
  return {
    durationMs: Math.round(performance.now() - started),
    appointments: Number(span[0].total),
    inWindow,
    firstDate: span[0].first,
    lastDate: span[0].last,
    byStatus: Object.fromEntries(statusRows.map((r) => [r.status, Number(r.n)])),
    jobsPerDay: Number(perDay[0].n),
    customers: Number(people[0].customers),
    technicians: Number(people[0].technicians),
    vehicles: Number(people[0].vehicles),
    serverVersion: version[0].version,
  };
}

import { type Kysely, sql } from 'kysely';

/**
 * The shop: catalogue, vehicles, appointments (one row per job, its whole lifecycle) and time logs.
 * The rules that must hold whatever the code does are constraints here:
 * - a bay holds one job per date and slot, and a centre has only its own bays (slot capacity);
 * - a vehicle has one job per date and slot; a technician has one job per date and slot;
 * - a job's status, stage, technician and timestamps agree with each other;
 * - a technician's time logs never overlap.
 * Cancelled jobs free their bay, vehicle and technician (the unique indexes are partial). The slot-capacity trigger
 * is appointments/sql/30_bay_capacity.sql; the status and stage lists, appointments/sql/10_checks.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // btree_gist: equality on a uuid inside a GiST exclusion constraint (time_logs_no_overlap).
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);

  await sql`
    CREATE TABLE service_types (
      code             text PRIMARY KEY CHECK (code ~ '^[A-Z_]{1,40}$'),
      name             text NOT NULL UNIQUE,
      description      text NOT NULL,
      duration_minutes integer NOT NULL CHECK (duration_minutes > 0),
      price            integer NOT NULL CHECK (price >= 0),
      position         smallint NOT NULL UNIQUE
    )`.execute(db);
  await sql`
    INSERT INTO service_types (code, name, description, duration_minutes, price, position) VALUES
      ('FULL_SERVICE', 'Full Service', 'Complete inspection, oil and filter change, fluid top-ups and a multi-point safety check.', 180, 25000, 1),
      ('OIL_CHANGE', 'Oil Change', 'Drain and replace engine oil and oil filter.', 60, 14500, 2),
      ('BRAKE_INSPECTION', 'Brake Inspection', 'Pad and disc wear check, brake fluid test and a road test.', 90, 12500, 3),
      ('TIRE_ROTATION', 'Tire Rotation', 'Rotate and balance all four tyres and check tread depth and pressure.', 45, 6500, 4),
      ('BATTERY_CHECK', 'Battery Check', 'Battery load test, terminal cleaning and charging system check.', 30, 3500, 5),
      ('AIR_FILTER_REPLACEMENT', 'Air Filter Replacement', 'Replace the engine air filter and inspect the cabin filter.', 30, 4500, 6)
  `.execute(db);

  await sql`
    CREATE TABLE time_slots (
      start    text PRIMARY KEY CHECK (start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      label    text NOT NULL UNIQUE,
      position smallint NOT NULL UNIQUE
    )`.execute(db);
  await sql`
    INSERT INTO time_slots (start, label, position) VALUES
      ('09:00', '09:00-10:00 AM', 1),
      ('10:00', '10:00-11:00 AM', 2),
      ('11:00', '11:00 AM-12:00 PM', 3),
      ('14:00', '02:00-03:00 PM', 4),
      ('15:00', '03:00-04:00 PM', 5),
      ('16:00', '04:00-05:00 PM', 6)
  `.execute(db);

  await sql`
    CREATE TABLE service_centers (
      id       uuid PRIMARY KEY,
      name     text NOT NULL UNIQUE,
      address  text NOT NULL,
      phone    text NOT NULL,
      bays     smallint NOT NULL CHECK (bays BETWEEN 1 AND 50),
      position smallint NOT NULL UNIQUE
    )`.execute(db);
  await sql`
    INSERT INTO service_centers (id, name, address, phone, bays, position) VALUES
      ('c0000000-0000-4000-8000-000000000001', 'Downtown Workshop', '1200 Market Street, Springfield, IL 62701', '+1 (555) 010-2031', 4, 1),
      ('c0000000-0000-4000-8000-000000000002', 'Northside Service Centre', '48 Lakeview Avenue, Springfield, IL 62702', '+1 (555) 010-2032', 3, 2),
      ('c0000000-0000-4000-8000-000000000003', 'Westgate Express Bay', '7 Industrial Park Road, Springfield, IL 62704', '+1 (555) 010-2033', 2, 3)
  `.execute(db);

  await sql`
    CREATE TABLE vehicles (
      id          uuid PRIMARY KEY,
      customer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      plate       text NOT NULL CHECK (plate = upper(btrim(plate)) AND length(plate) BETWEEN 1 AND 20),
      make        text CHECK (length(make) <= 40),
      model       text CHECK (length(model) <= 40),
      year        smallint CHECK (year BETWEEN 1886 AND 2100),
      created_at  timestamptz NOT NULL,
      CONSTRAINT vehicles_customer_plate_key UNIQUE (customer_id, plate),
      -- target of appointments' (vehicle_id, customer_id) foreign key: a job's vehicle is its customer's own
      CONSTRAINT vehicles_id_customer_key UNIQUE (id, customer_id)
    )`.execute(db);

  await sql`
    CREATE TABLE appointments (
      id                   uuid PRIMARY KEY,
      version              integer NOT NULL DEFAULT 1 CHECK (version >= 1),
      status               text NOT NULL,
      stage                text,
      customer_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      vehicle_id           uuid NOT NULL,
      service_type         text NOT NULL REFERENCES service_types (code),
      center_id            uuid NOT NULL REFERENCES service_centers (id),
      date                 date NOT NULL,
      slot                 text NOT NULL REFERENCES time_slots (start),
      bay                  smallint NOT NULL CHECK (bay >= 1),
      assigned_employee_id uuid REFERENCES users (id),
      started_at           timestamptz,
      estimated_completion timestamptz,
      completed_at         timestamptz,
      cancelled_at         timestamptz,
      progress             smallint CHECK (progress BETWEEN 0 AND 100),
      notes                text CHECK (length(notes) <= 500),
      created_at           timestamptz NOT NULL,
      updated_at           timestamptz NOT NULL,
      CONSTRAINT appointments_vehicle_of_customer FOREIGN KEY (vehicle_id, customer_id) REFERENCES vehicles (id, customer_id) ON DELETE CASCADE,
      CONSTRAINT appointments_stage_only_in_progress CHECK ((status = 'IN_PROGRESS') = (stage IS NOT NULL)),
      CONSTRAINT appointments_technician_matches_status CHECK (
        CASE status WHEN 'PENDING' THEN assigned_employee_id IS NULL
                    WHEN 'CANCELLED' THEN true
                    ELSE assigned_employee_id IS NOT NULL END),
      CONSTRAINT appointments_started_when_working CHECK (status NOT IN ('IN_PROGRESS', 'COMPLETED') OR started_at IS NOT NULL),
      CONSTRAINT appointments_completed_when_completed CHECK ((status = 'COMPLETED') = (completed_at IS NOT NULL)),
      CONSTRAINT appointments_cancelled_when_cancelled CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX appointments_bay_key ON appointments (center_id, date, slot, bay) WHERE status <> 'CANCELLED'`.execute(db);
  await sql`CREATE UNIQUE INDEX appointments_vehicle_slot_key ON appointments (vehicle_id, date, slot) WHERE status <> 'CANCELLED'`.execute(db);
  await sql`
    CREATE UNIQUE INDEX appointments_technician_slot_key ON appointments (assigned_employee_id, date, slot)
      WHERE status <> 'CANCELLED' AND assigned_employee_id IS NOT NULL`.execute(db);
  // Keyset paging per audience: the board (all), a technician's jobs, a customer's jobs (read backwards).
  await sql`CREATE INDEX appointments_board_idx ON appointments (date, slot, id)`.execute(db);
  await sql`CREATE INDEX appointments_technician_idx ON appointments (assigned_employee_id, date, slot, id) WHERE assigned_employee_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX appointments_customer_idx ON appointments (customer_id, date, slot, id)`.execute(db);

  await sql`
    CREATE TABLE time_logs (
      id             uuid PRIMARY KEY,
      employee_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      appointment_id uuid REFERENCES appointments (id) ON DELETE SET NULL,
      starts_at      timestamp NOT NULL,
      ends_at        timestamp NOT NULL,
      description    text NOT NULL CHECK (length(btrim(description)) BETWEEN 1 AND 500),
      created_at     timestamptz NOT NULL,
      updated_at     timestamptz NOT NULL,
      CONSTRAINT time_logs_positive_duration CHECK (ends_at > starts_at AND ends_at < starts_at + interval '24 hours'),
      CONSTRAINT time_logs_no_overlap EXCLUDE USING gist (employee_id WITH =, tsrange(starts_at, ends_at) WITH &&)
    )`.execute(db);
  await sql`CREATE INDEX time_logs_employee_idx ON time_logs (employee_id, starts_at, id)`.execute(db);
  await sql`CREATE INDEX time_logs_starts_idx ON time_logs (starts_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE time_logs`.execute(db);
  await sql`DROP TABLE appointments`.execute(db);
  await sql`DROP FUNCTION IF EXISTS appointments_bay_within_capacity()`.execute(db);
  await sql`DROP TABLE vehicles`.execute(db);
  await sql`DROP TABLE service_centers`.execute(db);
  await sql`DROP TABLE time_slots`.execute(db);
  await sql`DROP TABLE service_types`.execute(db);
}

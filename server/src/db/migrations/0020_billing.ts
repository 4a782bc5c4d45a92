import { type Kysely, sql } from 'kysely';

/**
 * Billing (billing/, server/README.md § Billing). Money is integer minor units (`*_minor`), quantities hundredths.
 * - `estimate_items`: extra work proposed on a job (labour, a part, a fee), at its current version; `status` is the
 *   state of that version (PENDING until the customer decides). A price or quantity change makes a new version.
 * - `estimate_decisions`: the customer's decision on one version of an item, with a copy of what that version said.
 *   One per (item, version): the primary key refuses a second one. Append-only (billing/sql/30_decisions.sql).
 * - `job_lines`: an admin's fees (+) and discounts (−) on a job.
 * - `invoice_counters`: the last number given in each year. Taken with INSERT … ON CONFLICT DO UPDATE … RETURNING in
 *   the issuing transaction: the row lock makes issuing serial, a rollback gives the number back (no gap). Never a
 *   sequence.
 * - `invoices`: issued invoices (no drafts), never deleted; a correction is a void (reason, time, who) and a new
 *   invoice that `replaces_id` it. One live (not void) invoice per job. `status` is generated from the void and the
 *   money; `paid_minor` is the sum of its payments, kept by trigger (billing/sql/30_payments.sql), and never more
 *   than the total (CHECK: concurrent payments queue on the row lock, the one too many is refused).
 * - `invoice_lines`: the lines copied onto an invoice when it was issued (frozen).
 * - `payments`: recorded, not processed. `invoice_id` NULL: a deposit on the job (or a payment of a voided invoice,
 *   moved back to the job), joining the job's next invoice. `provider`/`provider_reference` stay NULL until a
 *   payment provider is added.
 * The lists of kinds, statuses, channels and methods are CHECKs built from the contract (billing/sql/10_checks.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE estimate_items (
      id                  uuid PRIMARY KEY,
      appointment_id      uuid NOT NULL REFERENCES appointments (id),
      version             integer NOT NULL DEFAULT 1,
      kind                text NOT NULL,
      description         text NOT NULL,
      note                text,
      part_id             uuid REFERENCES parts (id),
      quantity_hundredths integer NOT NULL CONSTRAINT estimate_items_quantity_positive CHECK (quantity_hundredths > 0),
      unit_price_minor    integer NOT NULL CONSTRAINT estimate_items_price_not_negative CHECK (unit_price_minor >= 0),
      status              text NOT NULL DEFAULT 'PENDING',
      proposed_by         uuid NOT NULL REFERENCES users (id),
      proposed_at         timestamptz NOT NULL,
      updated_at          timestamptz NOT NULL,
      CONSTRAINT estimate_items_part_has_part CHECK ((kind = 'PART') = (part_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX estimate_items_job_idx ON estimate_items (appointment_id, proposed_at, id)`.execute(db);
  await sql`
    CREATE TABLE estimate_decisions (
      item_id             uuid NOT NULL REFERENCES estimate_items (id),
      version             integer NOT NULL,
      decision            text NOT NULL,
      channel             text NOT NULL,
      decided_at          timestamptz NOT NULL,
      decided_by          uuid REFERENCES users (id),
      description         text NOT NULL,
      quantity_hundredths integer NOT NULL,
      unit_price_minor    integer NOT NULL,
      amount_minor        integer NOT NULL,
      PRIMARY KEY (item_id, version),
      CONSTRAINT estimate_decisions_link_is_anonymous CHECK (channel <> 'LINK' OR decided_by IS NULL)
    )`.execute(db);
  await sql`
    CREATE TABLE job_lines (
      id             uuid PRIMARY KEY,
      appointment_id uuid NOT NULL REFERENCES appointments (id),
      kind           text NOT NULL CONSTRAINT job_lines_kind_check CHECK (kind IN ('FEE', 'DISCOUNT')),
      description    text NOT NULL,
      amount_minor   integer NOT NULL,
      created_by     uuid NOT NULL REFERENCES users (id),
      created_at     timestamptz NOT NULL,
      CONSTRAINT job_lines_sign CHECK ((kind = 'FEE' AND amount_minor > 0) OR (kind = 'DISCOUNT' AND amount_minor < 0))
    )`.execute(db);
  await sql`CREATE INDEX job_lines_job_idx ON job_lines (appointment_id, created_at, id)`.execute(db);
  await sql`
    CREATE TABLE invoice_counters (
      year        integer PRIMARY KEY,
      last_number integer NOT NULL CONSTRAINT invoice_counters_positive CHECK (last_number > 0)
    )`.execute(db);
  await sql`
    CREATE TABLE invoices (
      id                    uuid PRIMARY KEY,
      number                text NOT NULL CONSTRAINT invoices_number_key UNIQUE,
      year                  integer NOT NULL,
      sequence              integer NOT NULL,
      appointment_id        uuid NOT NULL REFERENCES appointments (id),
      customer_id           uuid NOT NULL REFERENCES users (id),
      vehicle               text NOT NULL,
      service_type_name     text NOT NULL,
      version               integer NOT NULL DEFAULT 1,
      issued_at             timestamptz NOT NULL,
      issued_on             date NOT NULL,
      due_on                date NOT NULL,
      issued_by             uuid REFERENCES users (id),
      subtotal_minor        integer NOT NULL CONSTRAINT invoices_subtotal_not_negative CHECK (subtotal_minor >= 0),
      tax_rate_basis_points integer NOT NULL CONSTRAINT invoices_tax_rate_range CHECK (tax_rate_basis_points BETWEEN 0 AND 10000),
      tax_minor             integer NOT NULL CONSTRAINT invoices_tax_not_negative CHECK (tax_minor >= 0),
      total_minor           integer NOT NULL,
      paid_minor            integer NOT NULL DEFAULT 0 CONSTRAINT invoices_paid_not_negative CHECK (paid_minor >= 0),
      voided_at             timestamptz,
      voided_by             uuid REFERENCES users (id),
      void_reason           text,
      replaces_id           uuid CONSTRAINT invoices_replaces_once UNIQUE REFERENCES invoices (id),
      status                text NOT NULL GENERATED ALWAYS AS (
                              CASE WHEN voided_at IS NOT NULL THEN 'VOID'
                                   WHEN paid_minor >= total_minor THEN 'PAID'
                                   WHEN paid_minor > 0 THEN 'PARTLY_PAID'
                                   ELSE 'ISSUED' END) STORED,
      CONSTRAINT invoices_year_sequence_key UNIQUE (year, sequence),
      CONSTRAINT invoices_total_adds_up CHECK (total_minor = subtotal_minor + tax_minor),
      CONSTRAINT invoices_not_overpaid CHECK (paid_minor <= total_minor),
      CONSTRAINT invoices_void_has_reason CHECK ((voided_at IS NULL) = (void_reason IS NULL))
    )`.execute(db);
  // One live invoice per job.
  await sql`CREATE UNIQUE INDEX invoices_one_live_per_job ON invoices (appointment_id) WHERE voided_at IS NULL`.execute(db);
  await sql`CREATE INDEX invoices_job_idx ON invoices (appointment_id, issued_at)`.execute(db);
  // The list, newest first, keyset paged by (issued_at, id): all, per customer, per status, and the open ones (overdue).
  await sql`CREATE INDEX invoices_list_idx ON invoices (issued_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX invoices_customer_idx ON invoices (customer_id, issued_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX invoices_status_idx ON invoices (status, issued_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX invoices_open_due_idx ON invoices (due_on, issued_at DESC, id DESC) WHERE status IN ('ISSUED', 'PARTLY_PAID')`.execute(db);
  await sql`
    CREATE TABLE invoice_lines (
      invoice_id          uuid NOT NULL REFERENCES invoices (id),
      position            smallint NOT NULL,
      kind                text NOT NULL,
      source              text NOT NULL,
      description         text NOT NULL,
      quantity_hundredths integer NOT NULL,
      unit_price_minor    integer NOT NULL,
      amount_minor        integer NOT NULL,
      PRIMARY KEY (invoice_id, position)
    )`.execute(db);
  await sql`
    CREATE TABLE payments (
      id                 uuid PRIMARY KEY,
      appointment_id     uuid NOT NULL REFERENCES appointments (id),
      invoice_id         uuid REFERENCES invoices (id),
      method             text NOT NULL,
      amount_minor       integer NOT NULL CONSTRAINT payments_amount_positive CHECK (amount_minor > 0),
      reference          text,
      paid_on            date NOT NULL,
      recorded_at        timestamptz NOT NULL,
      recorded_by        uuid REFERENCES users (id),
      provider           text,
      provider_reference text,
      CONSTRAINT payments_provider_reference_key UNIQUE (provider, provider_reference),
      CONSTRAINT payments_provider_pair CHECK ((provider IS NULL) = (provider_reference IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX payments_job_idx ON payments (appointment_id, recorded_at, id)`.execute(db);
  await sql`CREATE INDEX payments_invoice_idx ON payments (invoice_id) WHERE invoice_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX payments_paid_on_idx ON payments (paid_on)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS payments CASCADE`.execute(db);
  await sql`DROP TABLE IF EXISTS invoice_lines CASCADE`.execute(db);
  await sql`DROP TABLE IF EXISTS invoices CASCADE`.execute(db);
  await sql`DROP TABLE IF EXISTS invoice_counters CASCADE`.execute(db);
  await sql`DROP TABLE IF EXISTS job_lines CASCADE`.execute(db);
  await sql`DROP TABLE IF EXISTS estimate_decisions CASCADE`.execute(db);
  await sql`DROP TABLE IF EXISTS estimate_items CASCADE`.execute(db);
  await sql`DROP FUNCTION IF EXISTS payments_apply() CASCADE`.execute(db);
  await sql`DROP FUNCTION IF EXISTS estimate_decisions_append_only() CASCADE`.execute(db);
}

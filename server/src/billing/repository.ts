import { type ExpressionBuilder, type Selectable, sql, type Transaction } from 'kysely';
import type { AppointmentsTable, Database, Db } from '../db/schema';
import { transact } from '../db/transaction';
import type { Viewer } from '../plugins/authenticate';
import type { EstimateDecisionsTable, EstimateItemsTable, InvoicesTable, JobLinesTable, PaymentsTable } from './tables';
import './tables';

export type Trx = Transaction<Database>;
export type Executor = Db | Trx;
export type ItemRow = Selectable<EstimateItemsTable> & { proposer: string; part_sku: string | null; part_name: string | null };
export type DecisionRow = Selectable<EstimateDecisionsTable>;
export type JobLineRow = Selectable<JobLinesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type InvoiceRow = Selectable<InvoicesTable> & { customer_name: string; customer_email: string };

/** The job as billing reads it: its state, its people and what an invoice names. */
export interface BillingJob {
  id: string;
  version: number;
  status: AppointmentsTable['status'];
  stage: AppointmentsTable['stage'];
  customer_id: string;
  assigned_employee_id: string | null;
  service_type: string;
  make: string | null;
  model: string | null;
  plate: string;
}

type JobScope = ExpressionBuilder<Database & { a: AppointmentsTable }, 'a'>;

/** Ownership in the WHERE clause, as the appointments domain's: the customer's own, the technician's assigned, admins all. */
export function jobVisibleTo(viewer: Viewer) {
  return (eb: JobScope) => {
    switch (viewer.role) {
      case 'CUSTOMER':
        return eb('a.customer_id', '=', viewer.id);
      case 'EMPLOYEE':
        return eb('a.assigned_employee_id', '=', viewer.id);
      default:
        return eb.lit(true);
    }
  };
}

/** Billing in SQL: reads scoped to the caller, and the statements a change runs inside its transaction. */
export class BillingRepository {
  constructor(readonly db: Db) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return transact(this.db, work);
  }

  private jobs(db: Executor) {
    return db
      .selectFrom('appointments as a')
      .innerJoin('vehicles as v', 'v.id', 'a.vehicle_id')
      .select(['a.id', 'a.version', 'a.status', 'a.stage', 'a.customer_id', 'a.assigned_employee_id', 'a.service_type', 'v.make', 'v.model', 'v.plate']);
  }

  /** The job when `viewer` may see it (null: any viewer); locked (FOR UPDATE OF a) when asked. */
  job(db: Executor, viewer: Viewer | null, id: string, lock = false): Promise<BillingJob | undefined> {
    return this.jobs(db)
      .where('a.id', '=', id)
      .$if(viewer !== null, (qb) => qb.where(jobVisibleTo(viewer as Viewer)))
      .$if(lock, (qb) => qb.forUpdate(['a']))
      .executeTakeFirst();
  }

  /** Of `ids`, the jobs `viewer` may see. */
  visibleJobs(viewer: Viewer, ids: readonly string[]): Promise<BillingJob[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.jobs(this.db).where('a.id', 'in', ids).where(jobVisibleTo(viewer)).execute();
  }

  items(db: Executor, jobId: string): Promise<ItemRow[]> {
    return db
      .selectFrom('estimate_items as i')
      .innerJoin('users as u', 'u.id', 'i.proposed_by')
      .leftJoin('parts as p', 'p.id', 'i.part_id')
      .selectAll('i')
      .select(['u.full_name as proposer', 'p.sku as part_sku', 'p.name as part_name'])
      .where('i.appointment_id', '=', jobId)
      .orderBy('i.proposed_at')
      .orderBy('i.id')
      .execute();
  }

  decisions(db: Executor, itemIds: readonly string[]): Promise<DecisionRow[]> {
    if (itemIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('estimate_decisions').selectAll().where('item_id', 'in', itemIds).orderBy('item_id').orderBy('version').execute();
  }

  /** The item (and its job's id) when `viewer` may see its job; locked when asked. */
  item(db: Executor, viewer: Viewer | null, id: string, lock = false): Promise<Selectable<EstimateItemsTable> | undefined> {
    return db
      .selectFrom('estimate_items as i')
      .innerJoin('appointments as a', 'a.id', 'i.appointment_id')
      .selectAll('i')
      .where('i.id', '=', id)
      .$if(viewer !== null, (qb) => qb.where(jobVisibleTo(viewer as Viewer)))
      .$if(lock, (qb) => qb.forUpdate(['i']))
      .executeTakeFirst();
  }

  jobLines(db: Executor, jobId: string): Promise<JobLineRow[]> {
    return db.selectFrom('job_lines').selectAll().where('appointment_id', '=', jobId).orderBy('created_at').orderBy('id').execute();
  }

  /** The parts used on the job (inventory's job_parts), with their sell price now. */
  partsUsed(db: Executor, jobId: string) {
    return db
      .selectFrom('job_parts as j')
      .innerJoin('parts as p', 'p.id', 'j.part_id')
      .select(['j.part_id', 'j.quantity', 'p.sku', 'p.name', 'p.sell_price_minor'])
      .where('j.appointment_id', '=', jobId)
      .orderBy('p.sku')
      .execute();
  }

  part(db: Executor, id: string) {
    return db.selectFrom('parts').select(['id', 'sku', 'name', 'sell_price_minor', 'archived_at']).where('id', '=', id).executeTakeFirst();
  }

  payments(db: Executor, jobId: string): Promise<PaymentRow[]> {
    return db.selectFrom('payments').selectAll().where('appointment_id', '=', jobId).orderBy('recorded_at').orderBy('id').execute();
  }

  invoicePayments(db: Executor, invoiceId: string): Promise<PaymentRow[]> {
    return db.selectFrom('payments').selectAll().where('invoice_id', '=', invoiceId).orderBy('recorded_at').orderBy('id').execute();
  }

  private invoices(db: Executor) {
    return db.selectFrom('invoices as n').innerJoin('users as c', 'c.id', 'n.customer_id').selectAll('n').select(['c.full_name as customer_name', 'c.email as customer_email']);
  }

  /** The job's live (not void) invoice. */
  liveInvoice(db: Executor, jobId: string, lock = false): Promise<InvoiceRow | undefined> {
    return this.invoices(db)
      .where('n.appointment_id', '=', jobId)
      .where('n.voided_at', 'is', null)
      .$if(lock, (qb) => qb.forUpdate(['n']))
      .executeTakeFirst();
  }

  /** An invoice an admin (null) or its customer may see; locked when asked. */
  invoice(db: Executor, customerId: string | null, id: string, lock = false): Promise<InvoiceRow | undefined> {
    return this.invoices(db)
      .where('n.id', '=', id)
      .$if(customerId !== null, (qb) => qb.where('n.customer_id', '=', customerId as string))
      .$if(lock, (qb) => qb.forUpdate(['n']))
      .executeTakeFirst();
  }

  invoiceLines(db: Executor, invoiceId: string) {
    return db.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoiceId).orderBy('position').execute();
  }

  /** The void invoice `id` replaced, and the one that replaced it. */
  async links(db: Executor, invoice: { id: string; replaces_id: string | null }) {
    const [replaces, replacedBy] = await Promise.all([
      invoice.replaces_id === null ? undefined : db.selectFrom('invoices').select(['id', 'number']).where('id', '=', invoice.replaces_id).executeTakeFirst(),
      db.selectFrom('invoices').select(['id', 'number']).where('replaces_id', '=', invoice.id).executeTakeFirst(),
    ]);
    return { replaces, replacedBy };
  }

  /** The next number of `year`: the counter's row lock holds until the transaction ends, so issuing is serial and a rollback leaves no gap. */
  async nextNumber(trx: Trx, year: number): Promise<number> {
    const { rows } = await sql<{ last_number: number }>`
      INSERT INTO invoice_counters (year, last_number) VALUES (${year}, 1)
      ON CONFLICT (year) DO UPDATE SET last_number = invoice_counters.last_number + 1
      RETURNING last_number`.execute(trx);
    return Number(rows[0].last_number);
  }

  /** Writes the job a new version (its stage changed). */
  async setStage(trx: Trx, jobId: string, stage: AppointmentsTable['stage'], nowIso: string): Promise<void> {
    await trx
      .updateTable('appointments')
      .set({ stage, version: sql<number>`version + 1`, updated_at: nowIso })
      .where('id', '=', jobId)
      .execute();
  }

  async notify(trx: Trx, kind: string, jobId: string, audiences: readonly string[], actorId: string | null, facts: object, nowIso: string, withMail: boolean): Promise<void> {
    await sql`SELECT notify_job_billing(${kind}, ${jobId}::uuid, ${sql.val(audiences)}::text[], ${actorId}::uuid, ${JSON.stringify(facts)}::jsonb, ${nowIso}::timestamptz, ${withMail})`.execute(trx);
  }
}

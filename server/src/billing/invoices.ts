import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Catalog } from '../catalog/queries';
import { type Clock, isoAt, toIso } from '../clock';
import type { BillingSettings } from '../config';
import {
  BILLING_MESSAGES,
  type Invoice,
  type InvoiceListQuery,
  invoiceNumber,
  type InvoiceSummary,
  type VoidInvoiceBody,
  totalsOf,
} from '../contract/billing';
import { DEFAULT_PAGE_SIZE, type Page } from '../contract/common';
import { CURSORS, decodeCursor, toPage } from '../db/cursor';
import { violates } from '../db/errors';
import { ConflictError, NotFoundError } from '../domain/errors';
import { actAs } from '../history/actor';
import type { Viewer } from '../plugins/authenticate';
import { addCalendarDays, shopNow } from '../shopTime';
import { billingOf, readFacts, toPayment, vehicleOf } from './lines';
import type { BillingJob, BillingRepository, InvoiceRow, Trx } from './repository';

const notFound = () => new NotFoundError(BILLING_MESSAGES.invoiceNotFound);

/** The database refusing an invoice or payment row, as the contract's answer; anything else is rethrown. */
export function billingConflictFrom(error: unknown): never {
  if (violates(error, 'invoices_one_live_per_job')) throw new ConflictError(BILLING_MESSAGES.alreadyInvoiced);
  if (violates(error, 'invoices_not_overpaid')) throw new ConflictError(BILLING_MESSAGES.overpayment);
  if (violates(error, 'estimate_decisions_pkey')) throw new ConflictError(BILLING_MESSAGES.alreadyDecided);
  throw error;
}

/**
 * Invoices: issued with a gap-free number per year (the counter row, in the issuing transaction), their lines frozen;
 * voided with a reason, never deleted; listed newest first, keyset paged.
 */
export class Invoices {
  constructor(
    private readonly repository: BillingRepository,
    private readonly catalog: Catalog,
    private readonly settings: BillingSettings,
    private readonly now: Clock,
  ) {}

  private today(): string {
    return shopNow(this.catalog.timeZone, this.now()).date;
  }

  summaryOf(row: InvoiceRow, today = this.today()): InvoiceSummary {
    const balanceMinor = row.total_minor - row.paid_minor;
    return {
      id: row.id,
      number: row.number,
      version: row.version,
      status: row.status,
      appointmentId: row.appointment_id,
      customer: { id: row.customer_id, fullName: row.customer_name, email: row.customer_email },
      vehicle: row.vehicle,
      serviceTypeName: row.service_type_name,
      issuedAt: toIso(row.issued_at),
      dueOn: row.due_on,
      totalMinor: row.total_minor,
      paidMinor: row.paid_minor,
      balanceMinor,
      overdue: row.voided_at === null && balanceMinor > 0 && today > row.due_on,
    };
  }

  async detail(row: InvoiceRow, db = this.repository.db): Promise<Invoice> {
    const [lines, payments, links] = await Promise.all([this.repository.invoiceLines(db, row.id), this.repository.invoicePayments(db, row.id), this.repository.links(db, row)]);
    return {
      ...this.summaryOf(row),
      lines: lines.map((line) => ({
        kind: line.kind,
        description: line.description,
        quantityHundredths: line.quantity_hundredths,
        unitPriceMinor: line.unit_price_minor,
        amountMinor: line.amount_minor,
      })),
      subtotalMinor: row.subtotal_minor,
      taxRateBasisPoints: row.tax_rate_basis_points,
      taxMinor: row.tax_minor,
      payments: payments.map(toPayment),
      ...(row.voided_at !== null && { voidedAt: toIso(row.voided_at) }),
      ...(row.void_reason !== null && { voidReason: row.void_reason }),
      ...(links.replaces && { replaces: links.replaces }),
      ...(links.replacedBy && { replacedBy: links.replacedBy }),
    };
  }

  /**
   * Issues the job's invoice inside `trx` (the job's row already locked): its lines as they stand, frozen; the year's
   * next number; the job's payments not on an invoice (deposits, or those of a voided invoice) carried onto it; the
   * voided invoice it replaces. The customer is told. The caller has checked the job may be invoiced.
   */
  async issue(trx: Trx, job: BillingJob, actorId: string | null): Promise<string> {
    const { repository } = this;
    const facts = await readFacts(repository, trx, job.id);
    const billing = billingOf(job, facts, this.catalog, this.settings, false);
    const lines = billing.lines;
    const totals = totalsOf(
      lines.map((line) => line.amountMinor),
      this.settings.taxRateBasisPoints,
    );
    const nowIso = isoAt(this.now());
    const today = this.today();
    const year = Number(today.slice(0, 4));
    const sequence = await repository.nextNumber(trx, year);
    const number = invoiceNumber(this.settings.invoiceNumberPrefix, year, sequence);
    const replaced = await trx
      .selectFrom('invoices as v')
      .select('v.id')
      .where('v.appointment_id', '=', job.id)
      .where('v.voided_at', 'is not', null)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('invoices as r').select('r.id').whereRef('r.replaces_id', '=', 'v.id'))))
      .orderBy('v.voided_at', 'desc')
      .executeTakeFirst();
    const service = this.catalog.serviceType(job.service_type);
    const id = randomUUID();
    const dueOn = addCalendarDays(today, this.settings.invoiceDueDays);
    await trx
      .insertInto('invoices')
      .values({
        id,
        number,
        year,
        sequence,
        appointment_id: job.id,
        customer_id: job.customer_id,
        vehicle: vehicleOf(job),
        service_type_name: service?.name ?? job.service_type,
        issued_at: nowIso,
        issued_on: today,
        due_on: dueOn,
        issued_by: actorId,
        subtotal_minor: Math.max(0, totals.subtotalMinor),
        tax_rate_basis_points: this.settings.taxRateBasisPoints,
        tax_minor: Math.max(0, totals.taxMinor),
        total_minor: Math.max(0, totals.subtotalMinor) + Math.max(0, totals.taxMinor),
        replaces_id: replaced?.id ?? null,
      })
      .execute();
    if (lines.length > 0) {
      await trx
        .insertInto('invoice_lines')
        .values(
          lines.map((line, position) => ({
            invoice_id: id,
            position,
            kind: line.kind,
            source: line.source,
            description: line.description,
            quantity_hundredths: line.quantityHundredths,
            unit_price_minor: line.unitPriceMinor,
            amount_minor: line.amountMinor,
          })),
        )
        .execute();
    }
    await trx.updateTable('payments').set({ invoice_id: id }).where('appointment_id', '=', job.id).where('invoice_id', 'is', null).execute();
    // Told a millisecond after the change, so it follows "Job completed" (same transaction) in every list.
    const toldAt = isoAt(this.now() + 1);
    await repository.notify(trx, 'INVOICE_ISSUED', job.id, ['CUSTOMER'], actorId, { invoiceNumber: number, totalMinor: totals.totalMinor, dueOn }, toldAt, true);
    return id;
  }

  /** Completing a job issues its invoice, unless it has a live one (a reopened and completed again job keeps it). */
  async issueOnCompletion(trx: Trx, jobId: string, actorId: string): Promise<void> {
    const job = await this.repository.job(trx, null, jobId);
    if (!job || (await this.repository.liveInvoice(trx, jobId))) return;
    await this.issue(trx, job, actorId).catch(billingConflictFrom);
  }

  /** POST /appointments/:id/invoice (admins): a job in progress or completed, without a live invoice. */
  async issueByAdmin(viewer: Viewer, jobId: string): Promise<Invoice> {
    const id = await this.repository
      .transaction(async (trx) => {
        await actAs(trx, viewer.id);
        const job = await this.repository.job(trx, viewer, jobId, true);
        if (!job) throw new NotFoundError('Appointment not found');
        if (job.status !== 'IN_PROGRESS' && job.status !== 'COMPLETED') throw new ConflictError(BILLING_MESSAGES.notInvoiceable);
        if (await this.repository.liveInvoice(trx, jobId)) throw new ConflictError(BILLING_MESSAGES.alreadyInvoiced);
        if (job.status === 'IN_PROGRESS') {
          const pending = await trx.selectFrom('estimate_items').select('id').where('appointment_id', '=', jobId).where('status', '=', 'PENDING').executeTakeFirst();
          if (pending) throw new ConflictError(BILLING_MESSAGES.pendingItems);
        }
        return this.issue(trx, job, viewer.id);
      })
      .catch(billingConflictFrom);
    return this.get(viewer, id);
  }

  async get(viewer: Viewer, id: string): Promise<Invoice> {
    const row = await this.repository.invoice(this.repository.db, viewer.role === 'ADMIN' ? null : viewer.id, id);
    if (!row) throw notFound();
    return this.detail(row);
  }

  /** Admins: void with a reason; its payments go back to the job and join the next invoice issued for it. */
  async void(viewer: Viewer, id: string, { reason, expectedVersion }: VoidInvoiceBody): Promise<Invoice> {
    await this.repository.transaction(async (trx) => {
      const row = await this.repository.invoice(trx, null, id, true);
      if (!row) throw notFound();
      if (row.voided_at !== null) throw new ConflictError(BILLING_MESSAGES.alreadyVoid);
      if (row.version !== expectedVersion) throw new ConflictError(BILLING_MESSAGES.invoiceStale);
      await trx
        .updateTable('invoices')
        .set({ voided_at: isoAt(this.now()), voided_by: viewer.id, void_reason: reason.trim(), version: sql<number>`version + 1` })
        .where('id', '=', id)
        .execute();
      await trx.updateTable('payments').set({ invoice_id: null }).where('invoice_id', '=', id).execute();
    });
    return this.get(viewer, id);
  }

  /** Admins every invoice, a customer their own; newest first. `from`/`to`: the issue day. */
  async list(viewer: Viewer, query: InvoiceListQuery): Promise<Page<InvoiceSummary>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor, CURSORS.newestFirst) : null;
    const today = this.today();
    const customerId = viewer.role === 'ADMIN' ? query.customerId : viewer.id;
    const rows = await this.repository.db
      .selectFrom('invoices as n')
      .innerJoin('users as c', 'c.id', 'n.customer_id')
      .selectAll('n')
      .select(['c.full_name as customer_name', 'c.email as customer_email'])
      .$if(customerId !== undefined, (qb) => qb.where('n.customer_id', '=', customerId as string))
      .$if(query.status !== undefined, (qb) => qb.where('n.status', '=', query.status as InvoiceRow['status']))
      .$if(query.overdue === true, (qb) => qb.where('n.status', 'in', ['ISSUED', 'PARTLY_PAID']).where('n.due_on', '<', today))
      .$if(query.overdue === false, (qb) => qb.where((eb) => eb.or([eb('n.status', 'not in', ['ISSUED', 'PARTLY_PAID']), eb('n.due_on', '>=', today)])))
      .$if(query.from !== undefined, (qb) => qb.where('n.issued_on', '>=', query.from as string))
      .$if(query.to !== undefined, (qb) => qb.where('n.issued_on', '<=', query.to as string))
      .$if(after !== null, (qb) => qb.where(sql<boolean>`(n.issued_at, n.id) < (${(after as string[])[0]}::timestamptz, ${(after as string[])[1]}::uuid)`))
      .orderBy('n.issued_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limit + 1)
      .execute();
    return toPage(
      rows,
      limit,
      (row) => [toIso(row.issued_at), row.id],
      (row) => this.summaryOf(row, today),
    );
  }
}

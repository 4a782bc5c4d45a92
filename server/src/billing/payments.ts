import { randomUUID } from 'node:crypto';
import type { Catalog } from '../catalog/queries';
import { type Clock, isoAt } from '../clock';
import type { BillingSettings } from '../config';
import { BILLING_MESSAGES, PAYMENT_METHOD_LABELS, type PaymentBody, totalsOf } from '../contract/billing';
import { ConflictError, invalidField, NotFoundError } from '../domain/errors';
import type { Viewer } from '../plugins/authenticate';
import { shopNow } from '../shopTime';
import { billingConflictFrom } from './invoices';
import { linesOf, readFacts } from './lines';
import type { BillingRepository, Trx } from './repository';

/**
 * Payments are recorded, not processed. On an invoice: never more than its balance — the database's CHECK on the
 * invoice (its paid amount, moved by the payments trigger under the invoice's row lock) refuses the one too many of
 * concurrent payments. Before the invoice: a deposit on the job, at most the job's total less earlier deposits.
 */
export class Payments {
  constructor(
    private readonly repository: BillingRepository,
    private readonly catalog: Catalog,
    private readonly settings: BillingSettings,
    private readonly now: Clock,
  ) {}

  private checkDate(paidOn: string): void {
    if (paidOn > shopNow(this.catalog.timeZone, this.now()).date) throw invalidField('paidOn', BILLING_MESSAGES.paymentDateFuture);
  }

  private async insert(trx: Trx, viewer: Viewer, jobId: string, invoiceId: string | null, body: PaymentBody): Promise<void> {
    await trx
      .insertInto('payments')
      .values({
        id: randomUUID(),
        appointment_id: jobId,
        invoice_id: invoiceId,
        method: body.method,
        amount_minor: body.amountMinor,
        reference: body.reference?.trim() || null,
        paid_on: body.paidOn,
        recorded_at: isoAt(this.now()),
        recorded_by: viewer.id,
      })
      .execute();
  }

  private async receipt(trx: Trx, viewer: Viewer, jobId: string, body: PaymentBody, invoiceNumber: string | null, balanceMinor: number): Promise<void> {
    await this.repository.notify(
      trx,
      'PAYMENT_RECEIVED',
      jobId,
      ['CUSTOMER'],
      viewer.id,
      { amountMinor: body.amountMinor, method: PAYMENT_METHOD_LABELS[body.method], paidOn: body.paidOn, invoiceNumber, balanceMinor },
      isoAt(this.now()),
      true,
    );
  }

  /** POST /invoices/:id/payments. Returns the job's id. */
  async onInvoice(viewer: Viewer, invoiceId: string, body: PaymentBody): Promise<void> {
    this.checkDate(body.paidOn);
    await this.repository
      .transaction(async (trx) => {
        // Read without a lock: the trigger's UPDATE of the invoice takes it, and the CHECK judges the race.
        const invoice = await this.repository.invoice(trx, null, invoiceId);
        if (!invoice) throw new NotFoundError(BILLING_MESSAGES.invoiceNotFound);
        if (invoice.voided_at !== null) throw new ConflictError(BILLING_MESSAGES.voidInvoice);
        const balance = invoice.total_minor - invoice.paid_minor;
        if (balance <= 0) throw new ConflictError(BILLING_MESSAGES.paidInFull);
        if (body.amountMinor > balance) throw new ConflictError(BILLING_MESSAGES.overpayment);
        await this.insert(trx, viewer, invoice.appointment_id, invoiceId, body);
        const after = await this.repository.invoice(trx, null, invoiceId);
        await this.receipt(trx, viewer, invoice.appointment_id, body, invoice.number, after ? after.total_minor - after.paid_minor : 0);
      })
      .catch(billingConflictFrom);
  }

  /**
   * POST /appointments/:id/payments: a deposit before the invoice, at most the job's total less what is already paid
   * on it; once the job has its invoice, a payment of that invoice.
   */
  async onJob(viewer: Viewer, jobId: string, body: PaymentBody): Promise<void> {
    this.checkDate(body.paidOn);
    const live = await this.repository.transaction(async (trx) => {
      const job = await this.repository.job(trx, viewer, jobId, true);
      if (!job) throw new NotFoundError('Appointment not found');
      if (job.status === 'CANCELLED') throw new ConflictError(BILLING_MESSAGES.jobCancelled);
      const invoice = await this.repository.liveInvoice(trx, jobId);
      if (invoice) return invoice.id;
      const facts = await readFacts(this.repository, trx, jobId);
      const { totalMinor } = totalsOf(
        linesOf(job, facts, this.catalog).map((line) => line.amountMinor),
        this.settings.taxRateBasisPoints,
      );
      const paid = facts.payments.reduce((sum, payment) => sum + payment.amount_minor, 0);
      if (paid + body.amountMinor > totalMinor) throw new ConflictError(BILLING_MESSAGES.depositTooLarge);
      await this.insert(trx, viewer, jobId, null, body);
      await this.receipt(trx, viewer, jobId, body, null, totalMinor - paid - body.amountMinor);
      return null;
    });
    if (live !== null) await this.onInvoice(viewer, live, body);
  }
}

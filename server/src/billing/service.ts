import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Catalog } from '../catalog/queries';
import { type Clock, isoAt } from '../clock';
import type { BillingSettings } from '../config';
import { APPOINTMENT_MESSAGES } from '../contract/appointments';
import {
  BILLING_MESSAGES,
  type BillingSummary,
  type CustomerBalance,
  type Decision,
  type DecisionChannel,
  type JobBilling,
  lineAmountMinor,
  type ManualLineBody,
  type ProposeItemBody,
  type ReviseItemBody,
  totalsOf,
  type TrackedEstimate,
} from '../contract/billing';
import { ConflictError, ForbiddenError, invalidField, NotFoundError } from '../domain/errors';
import { actAs } from '../history/actor';
import type { Viewer } from '../plugins/authenticate';
import { shopNow } from '../shopTime';
import type { TrackingLinks } from '../tracking/service';
import { billingConflictFrom, Invoices } from './invoices';
import { billingOf, linesOf, readFacts } from './lines';
import { type BillingJob, BillingRepository, type Trx } from './repository';

const jobNotFound = () => new NotFoundError(APPOINTMENT_MESSAGES.notFound);
const itemNotFound = () => new NotFoundError(BILLING_MESSAGES.itemNotFound);

const CLOSED = new Set(['COMPLETED', 'CANCELLED']);

/**
 * A job's billing: its lines and totals, the estimate items the technician (or an admin) proposes and the customer
 * decides on, an admin's fees and discounts, and the summaries and balances the lists show. Every change runs in
 * one transaction that locks the job first (the shop's lock order), so two decisions on one item run one after the
 * other and the second is told it was already decided.
 */
export class Billing {
  readonly repository: BillingRepository;
  readonly invoices: Invoices;

  constructor(
    db: BillingRepository['db'],
    private readonly catalog: Catalog,
    private readonly settings: BillingSettings,
    private readonly tracking: TrackingLinks,
    private readonly appUrl: string,
    private readonly now: Clock,
  ) {
    this.repository = new BillingRepository(db);
    this.invoices = new Invoices(this.repository, catalog, settings, now);
  }

  private rates() {
    return { taxRateBasisPoints: this.settings.taxRateBasisPoints, labourRateMinor: this.settings.labourRateMinor };
  }

  /** The job's billing as `viewer` sees it (names shown to signed-in people only). */
  private async billingOfJob(job: BillingJob, withNames = true): Promise<JobBilling> {
    const { repository } = this;
    const [facts, invoice] = await Promise.all([readFacts(repository, repository.db, job.id), repository.liveInvoice(repository.db, job.id)]);
    const billing = billingOf(job, facts, this.catalog, this.rates(), withNames);
    const summary = invoice ? this.invoices.summaryOf(invoice) : undefined;
    return { ...billing, ...(summary && { invoice: summary }), balanceMinor: summary ? summary.balanceMinor : billing.totalMinor - billing.paidMinor };
  }

  /** GET /appointments/:id/billing: the job's customer, its technician, admins. */
  async forJob(viewer: Viewer, jobId: string): Promise<JobBilling> {
    const job = await this.repository.job(this.repository.db, viewer, jobId);
    if (!job) throw jobNotFound();
    return this.billingOfJob(job);
  }

  /** GET /billing/summaries: of `ids`, the jobs the caller can see. */
  async summaries(viewer: Viewer, ids: readonly string[]): Promise<BillingSummary[]> {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const jobs = await this.repository.visibleJobs(viewer, unique);
    const byId = new Map(jobs.map((job) => [job.id, job]));
    const found = unique.map((id) => byId.get(id)).filter((job): job is BillingJob => job !== undefined);
    return Promise.all(
      found.map(async (job) => {
        const billing = await this.billingOfJob(job);
        return {
          appointmentId: job.id,
          totalMinor: billing.totalMinor,
          approvedMinor: billing.approvedMinor,
          pendingMinor: billing.pendingMinor,
          declinedMinor: billing.declinedMinor,
          pendingItems: billing.items.filter((item) => item.status === 'PENDING').length,
          ...(billing.invoice && {
            invoice: { id: billing.invoice.id, number: billing.invoice.number, status: billing.invoice.status, balanceMinor: billing.invoice.balanceMinor },
          }),
        };
      }),
    );
  }

  /** The job locked for a change of its estimate by `viewer`: the assigned technician while in progress, admins while confirmed or in progress. */
  private async jobForEstimate(trx: Trx, viewer: Viewer, jobId: string): Promise<BillingJob> {
    const job = await this.repository.job(trx, viewer, jobId, true);
    if (!job) throw jobNotFound();
    if (viewer.role === 'CUSTOMER') throw new ForbiddenError(BILLING_MESSAGES.notYourJob);
    if (CLOSED.has(job.status)) throw new ConflictError(BILLING_MESSAGES.jobClosed);
    const allowed = viewer.role === 'ADMIN' ? job.status === 'CONFIRMED' || job.status === 'IN_PROGRESS' : job.status === 'IN_PROGRESS';
    if (!allowed) throw new ConflictError(BILLING_MESSAGES.notInProgress);
    return job;
  }

  /** An in-progress job waits for approval while an item is pending, and goes back to work when none is. */
  private async settleStage(trx: Trx, job: BillingJob): Promise<void> {
    if (job.status !== 'IN_PROGRESS') return;
    const pending = await trx.selectFrom('estimate_items').select('id').where('appointment_id', '=', job.id).where('status', '=', 'PENDING').executeTakeFirst();
    const nowIso = isoAt(this.now());
    if (pending && job.stage !== 'AWAITING_APPROVAL') await this.repository.setStage(trx, job.id, 'AWAITING_APPROVAL', nowIso);
    if (!pending && job.stage === 'AWAITING_APPROVAL') await this.repository.setStage(trx, job.id, 'IN_PROGRESS', nowIso);
  }

  private async tellCustomer(trx: Trx, viewer: Viewer, job: BillingJob, items: { description: string; amountMinor: number }[], link: string): Promise<void> {
    await this.repository.notify(trx, 'ESTIMATE_PENDING', job.id, ['CUSTOMER'], viewer.id, { items, link }, isoAt(this.now()), true);
  }

  /** The job's tracking link, made when it has none (outside the change's transaction: making one twice is harmless). */
  private async linkOf(jobId: string): Promise<string> {
    const job = await this.repository.job(this.repository.db, null, jobId);
    if (!job) return '';
    const link = await this.tracking.linkFor({ id: job.customer_id, role: 'CUSTOMER' }, jobId);
    return `${this.appUrl}${link.path}`;
  }

  /** One transaction, its changes recorded as `viewer`'s in the job history (none: the tracking link's holder). */
  private async change(viewer: Viewer | null, work: (trx: Trx) => Promise<void>): Promise<void> {
    await this.repository
      .transaction(async (trx) => {
        if (viewer) await actAs(trx, viewer.id);
        await work(trx);
      })
      .catch(billingConflictFrom);
  }

  /** POST /appointments/:id/estimate-items. */
  async propose(viewer: Viewer, jobId: string, body: ProposeItemBody): Promise<JobBilling> {
    let unitPrice = body.unitPriceMinor;
    let partId: string | null = null;
    if (body.kind === 'PART') {
      if (body.partId === undefined) throw invalidField('partId', BILLING_MESSAGES.partNeedsPart);
      const part = await this.repository.part(this.repository.db, body.partId);
      if (!part || part.archived_at !== null) throw new NotFoundError(BILLING_MESSAGES.partNotFound);
      partId = part.id;
      unitPrice ??= part.sell_price_minor;
    } else if (body.kind === 'LABOUR') {
      unitPrice ??= this.settings.labourRateMinor;
    } else if (unitPrice === undefined) {
      throw invalidField('unitPriceMinor', BILLING_MESSAGES.feeNeedsPrice);
    }
    const price = unitPrice as number;
    // Checked (and the link made) before the transaction; the transaction checks again under the lock.
    const visible = await this.repository.job(this.repository.db, viewer, jobId);
    if (!visible) throw jobNotFound();
    const link = viewer.role === 'CUSTOMER' || CLOSED.has(visible.status) ? '' : await this.linkOf(jobId);
    await this.change(viewer, async (trx) => {
      const job = await this.jobForEstimate(trx, viewer, jobId);
      const nowIso = isoAt(this.now());
      await trx
        .insertInto('estimate_items')
        .values({
          id: randomUUID(),
          appointment_id: job.id,
          kind: body.kind,
          description: body.description.trim(),
          note: body.note?.trim() || null,
          part_id: partId,
          quantity_hundredths: body.quantityHundredths,
          unit_price_minor: price,
          proposed_by: viewer.id,
          proposed_at: nowIso,
          updated_at: nowIso,
        })
        .execute();
      await this.settleStage(trx, job);
      await this.tellCustomer(trx, viewer, job, [{ description: body.description.trim(), amountMinor: lineAmountMinor(body.quantityHundredths, price) }], link);
    });
    return this.forJob(viewer, jobId);
  }

  /** The item's job, locked (the job first, then the item), for a change by `viewer`. */
  private async lockedItem(trx: Trx, viewer: Viewer, itemId: string) {
    const seen = await this.repository.item(trx, viewer, itemId);
    if (!seen) throw itemNotFound();
    const job = await this.jobForEstimate(trx, viewer, seen.appointment_id);
    const item = await this.repository.item(trx, null, itemId, true);
    if (!item) throw itemNotFound();
    return { job, item };
  }

  /** PATCH /estimate-items/:id: a new price or quantity is a new version, pending again; words alone are not. */
  async revise(viewer: Viewer, itemId: string, body: ReviseItemBody): Promise<JobBilling> {
    const seen = await this.repository.item(this.repository.db, viewer, itemId);
    if (!seen) throw itemNotFound();
    const link = viewer.role === 'CUSTOMER' ? '' : await this.linkOf(seen.appointment_id);
    await this.change(viewer, async (trx) => {
      const { job, item } = await this.lockedItem(trx, viewer, itemId);
      if (item.version !== body.expectedVersion) throw new ConflictError(BILLING_MESSAGES.itemStale);
      if (item.status === 'DECLINED') throw new ConflictError(BILLING_MESSAGES.declinedFinal);
      const quantity = body.quantityHundredths ?? item.quantity_hundredths;
      const price = body.unitPriceMinor ?? item.unit_price_minor;
      const newVersion = quantity !== item.quantity_hundredths || price !== item.unit_price_minor;
      const description = body.description?.trim() ?? item.description;
      await trx
        .updateTable('estimate_items')
        .set({
          description,
          ...(body.note !== undefined && { note: body.note.trim() || null }),
          quantity_hundredths: quantity,
          unit_price_minor: price,
          ...(newVersion && { version: item.version + 1, status: 'PENDING' as const }),
          updated_at: isoAt(this.now()),
        })
        .where('id', '=', itemId)
        .execute();
      if (newVersion) {
        await this.settleStage(trx, job);
        await this.tellCustomer(trx, viewer, job, [{ description, amountMinor: lineAmountMinor(quantity, price) }], link);
      }
    });
    return this.forJob(viewer, seen.appointment_id);
  }

  /** DELETE /estimate-items/:id: only an item the customer never decided on. */
  async withdraw(viewer: Viewer, itemId: string, expectedVersion: number): Promise<JobBilling> {
    const seen = await this.repository.item(this.repository.db, viewer, itemId);
    if (!seen) throw itemNotFound();
    await this.change(viewer, async (trx) => {
      const { job, item } = await this.lockedItem(trx, viewer, itemId);
      if (item.version !== expectedVersion) throw new ConflictError(BILLING_MESSAGES.itemStale);
      const decided = await trx.selectFrom('estimate_decisions').select('item_id').where('item_id', '=', itemId).executeTakeFirst();
      if (decided || item.status !== 'PENDING') throw new ConflictError(BILLING_MESSAGES.onlyPendingWithdrawn);
      await trx.deleteFrom('estimate_items').where('id', '=', itemId).execute();
      await this.settleStage(trx, job);
    });
    return this.forJob(viewer, seen.appointment_id);
  }

  /**
   * A decision on the version shown: by the job's customer (DASHBOARD) or by the tracking link's holder (LINK, `jobId`
   * the link's job). The job is locked first, then the item: the second of two decisions finds it decided (409), and
   * the primary key (item, version) stands behind that.
   */
  private async decideItem(viewer: Viewer | null, linkJobId: string | null, itemId: string, decision: Decision, expectedVersion: number): Promise<string> {
    const channel: DecisionChannel = viewer ? 'DASHBOARD' : 'LINK';
    const seen = await this.repository.item(this.repository.db, viewer, itemId);
    if (!seen || (linkJobId !== null && seen.appointment_id !== linkJobId)) throw itemNotFound();
    await this.change(viewer, async (trx) => {
      const job = await this.repository.job(trx, viewer, seen.appointment_id, true);
      if (!job) throw itemNotFound();
      if (viewer && viewer.role !== 'ADMIN' && job.customer_id !== viewer.id) throw itemNotFound();
      const item = await this.repository.item(trx, null, itemId, true);
      if (!item) throw itemNotFound();
      if (CLOSED.has(job.status)) throw new ConflictError(BILLING_MESSAGES.jobClosed);
      if (expectedVersion < item.version || expectedVersion > item.version) {
        // A decision on a version already decided is "already decided"; on any other, the item changed since.
        const decidedThat = await trx.selectFrom('estimate_decisions').select('item_id').where('item_id', '=', itemId).where('version', '=', expectedVersion).executeTakeFirst();
        throw new ConflictError(decidedThat ? BILLING_MESSAGES.alreadyDecided : BILLING_MESSAGES.itemStale);
      }
      if (item.status !== 'PENDING') throw new ConflictError(BILLING_MESSAGES.alreadyDecided);
      const nowIso = isoAt(this.now());
      const amountMinor = lineAmountMinor(item.quantity_hundredths, item.unit_price_minor);
      await trx
        .insertInto('estimate_decisions')
        .values({
          item_id: itemId,
          version: item.version,
          decision,
          channel,
          decided_at: nowIso,
          decided_by: viewer?.id ?? null,
          description: item.description,
          quantity_hundredths: item.quantity_hundredths,
          unit_price_minor: item.unit_price_minor,
          amount_minor: amountMinor,
        })
        .execute();
      await trx.updateTable('estimate_items').set({ status: decision, updated_at: nowIso }).where('id', '=', itemId).execute();
      await this.settleStage(trx, job);
      await this.repository.notify(trx, 'ESTIMATE_DECIDED', job.id, ['TECHNICIAN', 'ADMINS'], viewer?.id ?? null, { items: [{ description: item.description, amountMinor }], decision }, nowIso, false);
    });
    return seen.appointment_id;
  }

  /** POST /estimate-items/:id/decision: the job's customer only (anyone else: the item's 404). */
  async decide(viewer: Viewer, itemId: string, decision: Decision, expectedVersion: number): Promise<JobBilling> {
    if (viewer.role !== 'CUSTOMER') throw itemNotFound();
    const jobId = await this.decideItem(viewer, null, itemId, decision, expectedVersion);
    return this.forJob(viewer, jobId);
  }

  /** GET /track/:token/estimate: the items and totals, no names. */
  async tracked(token: string): Promise<TrackedEstimate> {
    const { appointmentId } = await this.tracking.resolve(token);
    const job = await this.repository.job(this.repository.db, null, appointmentId);
    if (!job) throw itemNotFound();
    const billing = await this.billingOfJob(job, false);
    return {
      items: billing.items,
      subtotalMinor: billing.subtotalMinor,
      taxMinor: billing.taxMinor,
      totalMinor: billing.totalMinor,
      approvedMinor: billing.approvedMinor,
      pendingMinor: billing.pendingMinor,
      declinedMinor: billing.declinedMinor,
    };
  }

  /** POST /track/:token/estimate-items/:id/decision: an item of that link's job only. */
  async decideByLink(token: string, itemId: string, decision: Decision, expectedVersion: number): Promise<TrackedEstimate> {
    const { appointmentId } = await this.tracking.resolve(token);
    await this.decideItem(null, appointmentId, itemId, decision, expectedVersion);
    return this.tracked(token);
  }

  /** POST /appointments/:id/lines (admins): a fee, or a discount that leaves the subtotal at zero or more. */
  async addLine(viewer: Viewer, jobId: string, body: ManualLineBody): Promise<JobBilling> {
    await this.change(viewer, async (trx) => {
      const job = await this.lockedForLines(trx, viewer, jobId);
      const amount = body.kind === 'DISCOUNT' ? -body.amountMinor : body.amountMinor;
      if (amount < 0) {
        const facts = await readFacts(this.repository, trx, jobId);
        const { subtotalMinor } = totalsOf(
          linesOf(job, facts, this.catalog).map((line) => line.amountMinor),
          0,
        );
        if (subtotalMinor + amount < 0) throw invalidField('amountMinor', BILLING_MESSAGES.discountTooLarge);
      }
      await trx
        .insertInto('job_lines')
        .values({ id: randomUUID(), appointment_id: jobId, kind: body.kind, description: body.description.trim(), amount_minor: amount, created_by: viewer.id, created_at: isoAt(this.now()) })
        .execute();
    });
    return this.forJob(viewer, jobId);
  }

  /** A job whose lines may change: not cancelled, and without a live invoice (void it first). */
  private async lockedForLines(trx: Trx, viewer: Viewer, jobId: string): Promise<BillingJob> {
    const job = await this.repository.job(trx, viewer, jobId, true);
    if (!job) throw jobNotFound();
    if (job.status === 'CANCELLED' || (await this.repository.liveInvoice(trx, jobId))) throw new ConflictError(BILLING_MESSAGES.jobClosed);
    return job;
  }

  /** DELETE /job-lines/:id (admins). */
  async removeLine(viewer: Viewer, lineId: string): Promise<JobBilling> {
    const line = await this.repository.db.selectFrom('job_lines').select(['id', 'appointment_id']).where('id', '=', lineId).executeTakeFirst();
    if (!line) throw new NotFoundError(BILLING_MESSAGES.lineNotFound);
    await this.change(viewer, async (trx) => {
      await this.lockedForLines(trx, viewer, line.appointment_id);
      const { numDeletedRows } = await trx.deleteFrom('job_lines').where('id', '=', lineId).executeTakeFirst();
      if (Number(numDeletedRows) === 0) throw new NotFoundError(BILLING_MESSAGES.lineNotFound);
    });
    return this.forJob(viewer, line.appointment_id);
  }

  /** GET /billing/customers/:id/balance: admins any customer, a customer themselves. */
  async balance(viewer: Viewer, customerId: string): Promise<CustomerBalance> {
    const notFound = new NotFoundError('Customer not found');
    if (viewer.role !== 'ADMIN' && viewer.id !== customerId.toLowerCase()) throw notFound;
    const customer = await this.repository.db.selectFrom('users').select('id').where('id', '=', customerId).where('role', '=', 'CUSTOMER').executeTakeFirst();
    if (!customer) throw notFound;
    const today = shopNow(this.catalog.timeZone, this.now()).date;
    const { rows } = await sql<{ invoiced: string | null; paid: string | null; overdue: string | null }>`
      SELECT sum(total_minor) AS invoiced, sum(paid_minor) AS paid,
             sum(total_minor - paid_minor) FILTER (WHERE due_on < ${today}::date) AS overdue
        FROM invoices WHERE customer_id = ${customer.id} AND voided_at IS NULL`.execute(this.repository.db);
    const invoicedMinor = Number(rows[0]?.invoiced ?? 0);
    const paidMinor = Number(rows[0]?.paid ?? 0);
    return { customerId: customer.id, invoicedMinor, paidMinor, outstandingMinor: invoicedMinor - paidMinor, overdueMinor: Number(rows[0]?.overdue ?? 0) };
  }
}

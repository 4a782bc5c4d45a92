import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Catalog } from '../catalog/queries';
import { isoAt, toIso } from '../clock';
import type { BillingSettings } from '../config';
import type { PaymentMethod } from '../contract/billingTerms';
import type { Database } from '../db/schema';
import { actAs } from '../history/actor';
import { Invoices } from './invoices';
import { BillingRepository } from './repository';
import './tables';

type Trx = Transaction<Database>;

const MINUTE = 60_000;

/**
 * Part of the demo seed's transaction (demo/seed.ts), after its jobs and parts:
 * - Amaya's Corolla, in progress today, waits for her approval: Nimal proposed new front brake pads and an hour to
 *   fit them (two PENDING items), so the job's stage is Awaiting Approval;
 * - the completed jobs have their invoices, issued by the billing service on their completion days (numbers from the
 *   year's counter, lines frozen from the job's lines: the service and the parts used) in every status: Amaya's oil
 *   change 30 days ago PAID by card, her battery check 12 days ago PARTLY PAID in cash, Tharindu's full service two
 *   days ago VOID (the loyalty discount was missing) and its replacement, with the discount, ISSUED, and Chathura's
 *   oil change yesterday ISSUED.
 * Notifications are off in the seed's transaction, so nobody is told of any of it.
 */
export async function seedDemoBilling(trx: Trx, catalog: Catalog, settings: BillingSettings, nowMs: number, adminId: string): Promise<void> {
  const repository = new BillingRepository(trx);
  const job = async (customer: string, plate: string, serviceType: string) => {
    const row = await trx
      .selectFrom('appointments as a')
      .innerJoin('vehicles as v', 'v.id', 'a.vehicle_id')
      .innerJoin('users as u', 'u.id', 'a.customer_id')
      .select(['a.id', 'a.assigned_employee_id', 'a.completed_at'])
      .where('u.full_name', '=', customer)
      .where('v.plate', '=', plate)
      .where('a.service_type', '=', serviceType)
      .executeTakeFirstOrThrow();
    return { id: row.id, technicianId: row.assigned_employee_id, completedMs: row.completed_at ? Date.parse(toIso(row.completed_at)) : nowMs };
  };

  // The invoice of `jobId`, issued by the billing service as at `atMs` (its clock), with the year's next number.
  const issue = async (jobId: string, atMs: number) => {
    const billingJob = await repository.job(trx, null, jobId, true);
    if (!billingJob) throw new Error(`demo billing: no job ${jobId}`);
    const invoiceId = await new Invoices(repository, catalog, settings, () => atMs).issue(trx, billingJob, adminId);
    const { total_minor: totalMinor } = await trx.selectFrom('invoices').select('total_minor').where('id', '=', invoiceId).executeTakeFirstOrThrow();
    return { invoiceId, totalMinor };
  };

  const pay = async (jobId: string, invoiceId: string, method: PaymentMethod, amountMinor: number, atMs: number, reference: string | null) => {
    await trx
      .insertInto('payments')
      .values({
        id: randomUUID(),
        appointment_id: jobId,
        invoice_id: invoiceId,
        method,
        amount_minor: amountMinor,
        reference,
        paid_on: sql<string>`(${isoAt(atMs)}::timestamptz AT TIME ZONE ${catalog.timeZone})::date`,
        recorded_at: isoAt(atMs),
        recorded_by: adminId,
      })
      .execute();
  };

  // Amaya's Corolla, in progress: extra work awaiting her decision.
  const corolla = await job('Amaya Jayasinghe', 'CAB-4821', 'FULL_SERVICE');
  if (corolla.technicianId) {
    const pads = await trx.selectFrom('parts').select(['id', 'sell_price_minor']).where('sku', '=', 'BRK-PAD-F').executeTakeFirst();
    const proposedAt = isoAt(nowMs - 9 * MINUTE);
    // The pads first, the labour a minute later (the items are listed in the order proposed).
    const item = (kind: 'PART' | 'LABOUR', description: string, note: string | null, partId: string | null, unitPriceMinor: number) => ({
      id: randomUUID(),
      appointment_id: corolla.id,
      kind,
      description,
      note,
      part_id: partId,
      quantity_hundredths: 100,
      unit_price_minor: unitPriceMinor,
      status: 'PENDING' as const,
      proposed_by: corolla.technicianId as string,
      proposed_at: isoAt(nowMs - (kind === 'PART' ? 10 : 9) * MINUTE),
      updated_at: isoAt(nowMs - (kind === 'PART' ? 10 : 9) * MINUTE),
    });
    await trx
      .insertInto('estimate_items')
      .values([
        item('PART', 'Front brake pads (ceramic)', 'Front pads worn to 2 mm: replace pads.', pads?.id ?? null, pads?.sell_price_minor ?? 0),
        item('LABOUR', 'Fit front brake pads', '1 h labour.', null, settings.labourRateMinor),
      ].filter((row) => row.kind !== 'PART' || row.part_id !== null))
      .execute();
    // The technician's proposal moved the job's stage (as the billing service does), in the job's history as theirs.
    await actAs(trx, corolla.technicianId);
    await trx.updateTable('appointments').set({ stage: 'AWAITING_APPROVAL', updated_at: proposedAt }).where('id', '=', corolla.id).execute();
    await actAs(trx, adminId);
  }

  // Invoices in every status, oldest first (so the numbers follow the days).
  const oilChange = await job('Amaya Jayasinghe', 'CAA-0456', 'OIL_CHANGE');
  const paid = await issue(oilChange.id, oilChange.completedMs + 5 * MINUTE);
  await pay(oilChange.id, paid.invoiceId, 'CARD', paid.totalMinor, oilChange.completedMs + 10 * MINUTE, 'Card slip 004417');

  const batteryCheck = await job('Amaya Jayasinghe', 'WP-CAR-1290', 'BATTERY_CHECK');
  const partlyPaid = await issue(batteryCheck.id, batteryCheck.completedMs + 5 * MINUTE);
  await pay(batteryCheck.id, partlyPaid.invoiceId, 'CASH', Math.round(partlyPaid.totalMinor / 2 / 100) * 100, batteryCheck.completedMs + 10 * MINUTE, null);

  const fullService = await job('Tharindu Perera', 'CAE-7741', 'FULL_SERVICE');
  const voided = await issue(fullService.id, fullService.completedMs + 5 * MINUTE);
  const voidedAt = isoAt(fullService.completedMs + 30 * MINUTE);
  await trx
    .updateTable('invoices')
    .set({ voided_at: voidedAt, voided_by: adminId, void_reason: 'The loyalty discount agreed at drop-off was missing.', version: sql<number>`version + 1` })
    .where('id', '=', voided.invoiceId)
    .execute();
  await trx
    .insertInto('job_lines')
    .values({ id: randomUUID(), appointment_id: fullService.id, kind: 'DISCOUNT', description: 'Loyalty discount', amount_minor: -250_000, created_by: adminId, created_at: voidedAt })
    .execute();
  await issue(fullService.id, fullService.completedMs + 35 * MINUTE);

  const yesterday = await job('Chathura Abeysekara', 'CAB-6612', 'OIL_CHANGE');
  await issue(yesterday.id, yesterday.completedMs + 5 * MINUTE);
}

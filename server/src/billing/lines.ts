import {
  type EstimateDecision,
  type EstimateItem,
  type JobBilling,
  type JobLine,
  lineAmountMinor,
  type Payment,
  totalsOf,
} from '../contract/billing';
import { toIso } from '../clock';
import type { Catalog } from '../catalog/queries';
import type { BillingJob, BillingRepository, DecisionRow, Executor, ItemRow, JobLineRow, PaymentRow } from './repository';

/** "Toyota Corolla (CAB-1234)", or the plate alone. */
export function vehicleOf(job: Pick<BillingJob, 'make' | 'model' | 'plate'>): string {
  const name = [job.make, job.model].filter((part) => part !== null && part !== '').join(' ').trim();
  return name === '' ? job.plate : `${name} (${job.plate})`;
}

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    method: row.method,
    amountMinor: row.amount_minor,
    ...(row.reference !== null && { reference: row.reference }),
    paidOn: row.paid_on,
    recordedAt: toIso(row.recorded_at),
    ...(row.invoice_id !== null && { invoiceId: row.invoice_id }),
  };
}

function toDecision(row: DecisionRow): EstimateDecision {
  return {
    version: row.version,
    decision: row.decision,
    channel: row.channel,
    decidedAt: toIso(row.decided_at),
    description: row.description,
    quantityHundredths: row.quantity_hundredths,
    unitPriceMinor: row.unit_price_minor,
    amountMinor: row.amount_minor,
  };
}

export function toItem(row: ItemRow, decisions: readonly DecisionRow[], withNames: boolean): EstimateItem {
  return {
    id: row.id,
    version: row.version,
    kind: row.kind,
    description: row.description,
    ...(row.note !== null && { note: row.note }),
    ...(row.part_id !== null && { part: { id: row.part_id, sku: row.part_sku ?? '', name: row.part_name ?? '' } }),
    quantityHundredths: row.quantity_hundredths,
    unitPriceMinor: row.unit_price_minor,
    amountMinor: lineAmountMinor(row.quantity_hundredths, row.unit_price_minor),
    status: row.status,
    proposedAt: toIso(row.proposed_at),
    ...(withNames && { proposedBy: row.proposer }),
    decisions: decisions.filter((decision) => decision.item_id === row.id).map(toDecision),
  };
}

/** Everything a job's billing is computed from, read in one place (inside a transaction when it is issued). */
export interface BillingFacts {
  items: ItemRow[];
  decisions: DecisionRow[];
  manual: JobLineRow[];
  parts: Awaited<ReturnType<BillingRepository['partsUsed']>>;
  payments: PaymentRow[];
}

export async function readFacts(repository: BillingRepository, db: Executor, jobId: string): Promise<BillingFacts> {
  const [items, manual, parts, payments] = await Promise.all([
    repository.items(db, jobId),
    repository.jobLines(db, jobId),
    repository.partsUsed(db, jobId),
    repository.payments(db, jobId),
  ]);
  const decisions = await repository.decisions(
    db,
    items.map((item) => item.id),
  );
  return { items, decisions, manual, parts, payments };
}

/**
 * The job's lines, in the contract's order: the booked service at its catalogue price (service_types.price is whole
 * currency units), the approved items, the parts used beyond what approved PART items bill, the manual lines.
 */
export function linesOf(job: BillingJob, facts: BillingFacts, catalog: Catalog): JobLine[] {
  const service = catalog.serviceType(job.service_type);
  if (!service) throw new Error(`Appointment ${job.id} refers to a service type that does not exist`);
  const priceMinor = service.price * 100;
  const lines: JobLine[] = [
    { id: 'service', kind: 'LABOUR', source: 'SERVICE', description: service.name, quantityHundredths: 100, unitPriceMinor: priceMinor, amountMinor: priceMinor },
  ];
  const approvedPartHundredths = new Map<string, number>();
  for (const item of facts.items) {
    if (item.status !== 'APPROVED') continue;
    lines.push({
      id: `item:${item.id}`,
      kind: item.kind,
      source: 'ESTIMATE',
      description: item.description,
      quantityHundredths: item.quantity_hundredths,
      unitPriceMinor: item.unit_price_minor,
      amountMinor: lineAmountMinor(item.quantity_hundredths, item.unit_price_minor),
    });
    if (item.part_id !== null) approvedPartHundredths.set(item.part_id, (approvedPartHundredths.get(item.part_id) ?? 0) + item.quantity_hundredths);
  }
  for (const part of facts.parts) {
    const beyond = part.quantity * 100 - (approvedPartHundredths.get(part.part_id) ?? 0);
    if (beyond <= 0) continue;
    lines.push({
      id: `part:${part.part_id}`,
      kind: 'PART',
      source: 'PARTS_USED',
      description: `${part.name} (${part.sku})`,
      quantityHundredths: beyond,
      unitPriceMinor: part.sell_price_minor,
      amountMinor: lineAmountMinor(beyond, part.sell_price_minor),
    });
  }
  for (const line of facts.manual) {
    lines.push({ id: line.id, kind: line.kind, source: 'MANUAL', description: line.description, quantityHundredths: 100, unitPriceMinor: line.amount_minor, amountMinor: line.amount_minor });
  }
  return lines;
}

/** Estimate items' amounts by state (before tax). */
export function itemSums(items: readonly EstimateItem[]) {
  const sum = (status: EstimateItem['status']) => items.filter((item) => item.status === status).reduce((total, item) => total + item.amountMinor, 0);
  return { approvedMinor: sum('APPROVED'), pendingMinor: sum('PENDING'), declinedMinor: sum('DECLINED') };
}

/** The job's billing without its invoice and balance (the caller adds them). */
export function billingOf(
  job: BillingJob,
  facts: BillingFacts,
  catalog: Catalog,
  rates: { taxRateBasisPoints: number; labourRateMinor: number },
  withNames: boolean,
): Omit<JobBilling, 'invoice' | 'balanceMinor'> {
  const lines = linesOf(job, facts, catalog);
  const items = facts.items.map((item) => toItem(item, facts.decisions, withNames));
  const totals = totalsOf(
    lines.map((line) => line.amountMinor),
    rates.taxRateBasisPoints,
  );
  const payments = facts.payments.map(toPayment);
  return {
    appointmentId: job.id,
    taxRateBasisPoints: rates.taxRateBasisPoints,
    labourRateMinor: rates.labourRateMinor,
    lines,
    items,
    ...totals,
    ...itemSums(items),
    payments,
    paidMinor: payments.reduce((total, payment) => total + payment.amountMinor, 0),
  };
}

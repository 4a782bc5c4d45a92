import { format, parseISO } from 'date-fns';
import type { NotificationAudience, NotificationKind } from '../contract/notifications';
import { moneyText } from '../domain/money';
import { quantityText } from '../domain/quantity';
import { printable } from '../domain/text';
import { letter } from '../mail/texts';

/**
 * What notifications/sql/30_notify.sql stores with a notification and a job's e-mail (`params`): the facts their
 * wording needs, as they were when it was written. Dates are `YYYY-MM-DD`, slots their labels.
 */
export interface NotificationFacts {
  customer: string;
  technician: string | null;
  actor: string | null;
  vehicle: { make: string | null; model: string | null; plate: string };
  service: string;
  centre: string;
  centreAddress: string;
  date: string;
  slot: string;
  /** RESCHEDULED only: where the job was and where it went. */
  from: { date: string; slot: string } | null;
  to: { date: string; slot: string } | null;
  /** The move took the job off its technician (they had another job at the new time). */
  technicianTakenOff: boolean;
  /** A billing notice's own facts (notifications/sql/30_notify_billing.sql); absent on the job's other notices. */
  billing?: BillingFacts;
}

/** What billing/ stores with ESTIMATE_PENDING, ESTIMATE_DECIDED, INVOICE_ISSUED and PAYMENT_RECEIVED. */
export interface BillingFacts {
  /** ESTIMATE_PENDING, ESTIMATE_DECIDED: the items concerned, each with its amount before tax. */
  items?: { description: string; amountMinor: number }[];
  /** ESTIMATE_PENDING: the job's tracking link, where the customer decides without signing in. */
  link?: string;
  /** ESTIMATE_DECIDED. */
  decision?: 'APPROVED' | 'DECLINED';
  /** INVOICE_ISSUED, PAYMENT_RECEIVED. */
  invoiceNumber?: string | null;
  totalMinor?: number;
  dueOn?: string;
  /** PAYMENT_RECEIVED: the amount, its method's label, its day, and what is left to pay. */
  amountMinor?: number;
  method?: string;
  paidOn?: string;
  balanceMinor?: number;
}

function itemsText(billing: BillingFacts | undefined): string {
  return (billing?.items ?? []).map((item) => `${printable(item.description)} (${moneyText(item.amountMinor)})`).join(', ');
}

/**
 * What inventory/sql/30_low_stock.sql stores with a PART_LOW_STOCK notification (`params`): the part and the centre,
 * and the stock, as they were when it fell to or below its reorder level.
 */
export interface LowStockFacts {
  partId: string;
  sku: string;
  name: string;
  unit: string;
  centerId: string;
  centre: string;
  available: number;
  reorderLevel: number;
}

/** The kinds about a job: their facts are a job's (NotificationFacts). */
export type JobNotificationKind = Exclude<NotificationKind, 'PART_LOW_STOCK'>;

/**
 * The facts with every text made one printable line (domain/text.ts): names, the vehicle and the catalogue's words
 * land in subject lines and at the start of sentences, and people choose their names and plates.
 */
export function printableFacts(facts: NotificationFacts): NotificationFacts {
  const line = (text: string) => printable(text);
  const optional = (text: string | null) => (text === null ? null : line(text));
  return {
    ...facts,
    customer: line(facts.customer),
    technician: optional(facts.technician),
    actor: optional(facts.actor),
    vehicle: { make: optional(facts.vehicle.make), model: optional(facts.vehicle.model), plate: line(facts.vehicle.plate) },
    service: line(facts.service),
    centre: line(facts.centre),
    centreAddress: line(facts.centreAddress),
    slot: line(facts.slot),
    from: facts.from && { date: facts.from.date, slot: line(facts.from.slot) },
    to: facts.to && { date: facts.to.date, slot: line(facts.to.slot) },
  };
}

/** "Toyota Corolla (CAB-4821)", or the plate alone, as the SPA's vehicleWithPlate writes it. */
export function vehicleText({ make, model, plate }: NotificationFacts['vehicle']): string {
  // Only spaces are trimmed, as PostgreSQL's btrim did when the database wrote these texts.
  const name = [make, model]
    .filter((part) => part !== null)
    .join(' ')
    .replace(/^ +| +$/g, '');
  return name === '' ? plate : `${name} (${plate})`;
}

/** "Jun 4, 2030, 09:00-10:00 AM": the SPA's formatShortDate, then the slot's label. */
export function whenText(date: string, slot: string): string {
  return `${format(parseISO(date), 'MMM d, yyyy')}, ${slot}`;
}

export function notificationTitle(kind: JobNotificationKind, audience: NotificationAudience): string {
  switch (kind) {
    case 'BOOKING_RECEIVED':
      return 'New booking';
    case 'JOB_ASSIGNED':
      return audience === 'TECHNICIAN' ? 'New job assigned' : 'Technician assigned';
    case 'JOB_STARTED':
      return 'Work started';
    case 'JOB_AWAITING_PARTS':
      return 'Awaiting parts';
    case 'JOB_COMPLETED':
      return 'Job completed';
    case 'BOOKING_CANCELLED':
      return 'Booking cancelled';
    case 'BOOKING_RESCHEDULED':
      return 'Booking rescheduled';
    case 'ESTIMATE_PENDING':
      return 'Extra work needs your approval';
    case 'ESTIMATE_DECIDED':
      return 'Estimate decided';
    case 'INVOICE_ISSUED':
      return 'Invoice issued';
    case 'PAYMENT_RECEIVED':
      return 'Payment received';
  }
}

export function notificationMessage(kind: JobNotificationKind, audience: NotificationAudience, stored: NotificationFacts): string {
  const facts = printableFacts(stored);
  const vehicle = vehicleText(facts.vehicle);
  const at = whenText(facts.date, facts.slot);
  const { customer, service, centre } = facts;
  switch (kind) {
    case 'BOOKING_RECEIVED':
      return `${customer} booked ${service} for their ${vehicle} on ${at} at ${centre}.`;
    case 'JOB_ASSIGNED':
      return audience === 'TECHNICIAN'
        ? `${service} on ${customer}'s ${vehicle}, ${at} at ${centre}, is now assigned to you.`
        : `${facts.technician ?? 'A technician'} will work on your ${vehicle}: ${service} on ${at} at ${centre}.`;
    case 'JOB_STARTED':
      return `Work has started on your ${vehicle}: ${service}.`;
    case 'JOB_AWAITING_PARTS':
      return `Your ${vehicle} is waiting for parts: ${service} will continue once they arrive.`;
    case 'JOB_COMPLETED':
      return `Your ${vehicle} is ready: ${service} is completed.`;
    case 'BOOKING_CANCELLED':
      return (
        `${service} for ${customer}'s ${vehicle} on ${at} at ${centre} was cancelled${facts.actor ? ` by ${facts.actor}` : ''}.` +
        (audience === 'TECHNICIAN' ? ' It is off your schedule.' : '')
      );
    case 'BOOKING_RESCHEDULED': {
      const moved = `${service} for ${customer}'s ${vehicle} at ${centre} moved from ${movedText(facts.from)} to ${movedText(facts.to)}`;
      if (!facts.technicianTakenOff) return `${moved}.`;
      return audience === 'TECHNICIAN' ? `${moved}. You have another job at that time, so it is no longer assigned to you.` : `${moved} and needs a technician again.`;
    }
    case 'ESTIMATE_PENDING':
      return `Extra work on your ${vehicle} needs your approval: ${itemsText(stored.billing)}.`;
    case 'ESTIMATE_DECIDED':
      return `${customer} ${stored.billing?.decision === 'DECLINED' ? 'declined' : 'approved'} ${itemsText(stored.billing)} on their ${vehicle}.`;
    case 'INVOICE_ISSUED':
      return `Invoice ${stored.billing?.invoiceNumber ?? ''} for ${service} on your ${vehicle}: ${moneyText(stored.billing?.totalMinor ?? 0)}.`;
    case 'PAYMENT_RECEIVED':
      return `We received ${moneyText(stored.billing?.amountMinor ?? 0)} for ${service} on your ${vehicle}. Thank you.`;
  }
}

/** "BRK-PAD-F Brake pads, front: 1 set available at Downtown Workshop, reorder level 3." */
export function lowStockMessage(facts: LowStockFacts): string {
  const [sku, name, centre] = [facts.sku, facts.name, facts.centre].map((text) => printable(text));
  return `${sku} ${name}: ${quantityText(facts.available, facts.unit)} available at ${centre}, reorder level ${facts.reorderLevel}.`;
}

function movedText(at: NotificationFacts['from']): string {
  if (!at) throw new Error('A reschedule notification without its dates');
  return whenText(at.date, at.slot);
}

/** A notification row as stored: facts to word (`params`), or the text an older server stored. */
export interface StoredNotification {
  kind: NotificationKind;
  audience: NotificationAudience | null;
  params: NotificationFacts | LowStockFacts | null;
  title: string | null;
  message: string | null;
}

/** A PART_LOW_STOCK row's facts (the kind says which facts a row holds); null for any other row. */
export function lowStockFacts(row: Pick<StoredNotification, 'kind' | 'params'>): LowStockFacts | null {
  return row.kind === 'PART_LOW_STOCK' && row.params !== null ? (row.params as LowStockFacts) : null;
}

export function notificationText(row: StoredNotification): { title: string; message: string } {
  if (row.params === null || row.audience === null) return { title: row.title ?? '', message: row.message ?? '' };
  const lowStock = lowStockFacts(row);
  if (lowStock) return { title: 'Low stock', message: lowStockMessage(lowStock) };
  const kind = row.kind as JobNotificationKind;
  const facts = row.params as NotificationFacts;
  return { title: notificationTitle(kind, row.audience), message: notificationMessage(kind, row.audience, facts) };
}

/** The customer's e-mail about their job: subject and text. */
export function jobMail(kind: NotificationKind, stored: NotificationFacts): { subject: string; text: string } {
  const facts = printableFacts(stored);
  const vehicle = vehicleText(facts.vehicle);
  const at = whenText(facts.date, facts.slot);
  const { service, centre } = facts;
  const [subject, sentence] = ((): [string, string] => {
    switch (kind) {
      case 'BOOKING_RECEIVED':
        return [`We received your booking: ${service} on ${at}`, 'We received your booking. We will let you know when a technician is assigned.'];
      case 'JOB_ASSIGNED':
        return [`Technician assigned: ${service} on ${at}`, `${facts.technician ?? 'A technician'} will work on your ${vehicle}.`];
      case 'JOB_STARTED':
        return [`Work started on your ${vehicle}`, `Work has started on your ${vehicle}.`];
      case 'JOB_AWAITING_PARTS':
        return [`Waiting for parts: your ${vehicle}`, `Your ${vehicle} is waiting for parts. The work will continue once they arrive.`];
      case 'JOB_COMPLETED':
        return [`Your ${vehicle} is ready`, `Your ${vehicle} is ready: ${service} is completed. You can collect it at ${centre}.`];
      case 'ESTIMATE_PENDING':
        return [
          `Extra work on your ${vehicle} needs your approval`,
          `Our technician proposes extra work on your ${vehicle}: ${itemsText(stored.billing)}.\n\nApprove or decline each item here, no sign-in needed:\n${stored.billing?.link ?? ''}`,
        ];
      case 'INVOICE_ISSUED': {
        const billing = stored.billing;
        return [
          `Invoice ${billing?.invoiceNumber ?? ''}: ${service} on your ${vehicle}`,
          `Your invoice ${billing?.invoiceNumber ?? ''} is ${moneyText(billing?.totalMinor ?? 0)}, due ${billing?.dueOn ? format(parseISO(billing.dueOn), 'MMM d, yyyy') : 'on receipt'}. You can download it from My Services.`,
        ];
      }
      case 'PAYMENT_RECEIVED': {
        const billing = stored.billing;
        const paidOn = billing?.paidOn ? format(parseISO(billing.paidOn), 'MMM d, yyyy') : '';
        const onInvoice = billing?.invoiceNumber ? ` on invoice ${billing.invoiceNumber}` : ' as a deposit';
        return [
          `Receipt: ${moneyText(billing?.amountMinor ?? 0)} for your ${vehicle}`,
          `We received your payment of ${moneyText(billing?.amountMinor ?? 0)} (${billing?.method ?? ''}, ${paidOn})${onInvoice}. Balance: ${moneyText(billing?.balanceMinor ?? 0)}.`,
        ];
      }
      default:
        throw new Error(`No e-mail is written for ${kind}`);
    }
  })();
  const details = [`  Service: ${service}`, `  Vehicle: ${vehicle}`, `  When:    ${at}`, `  Where:   ${centre}, ${facts.centreAddress}`].join('\n');
  return { subject, text: letter(facts.customer, `${sentence}\n\n${details}`) };
}

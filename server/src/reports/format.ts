import { TZDate } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import type { AppointmentStatus, Stage } from '../contract/statuses';
import { REPORT_FILE_PREFIX } from '../contract/reports';
import type { HistoryEntry } from './queries';

/**
 * How the report writes things — the same words and formats as the web app's screens (src/features/jobs/format.ts
 * and labels.ts), with instants in the shop's time zone rather than the reader's.
 */

/** A slot's start → its label ("09:00" → "09:00-10:00 AM"): the catalogue's, as plain data a worker thread can take. */
export type SlotLabels = Readonly<Record<string, string>>;

/** Spec §9: costs are plain currency units; the spec's samples are Sri Lankan rupees (the web's formatPrice). */
const amountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export function formatPrice(amount: number): string {
  return `LKR ${amountFormat.format(amount)}`;
}

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

export const STAGE_LABELS: Record<Stage, string> = {
  IN_PROGRESS: 'In Progress',
  AWAITING_PARTS: 'Awaiting Parts',
  QUALITY_CHECK: 'Quality Check',
  AWAITING_APPROVAL: 'Awaiting Approval',
};

/** "Oct 20, 2025, 9:00 AM" in the shop's time zone. */
export function formatShopInstant(iso: string, zone: string): string {
  return format(new TZDate(new Date(iso).getTime(), zone), 'MMM d, yyyy, h:mm a');
}

/** "Jan 15, 2099" for a calendar date. */
export function formatShortDate(date: string): string {
  return format(parseISO(date), 'MMM d, yyyy');
}

/** "Jan 15, 2099 · 09:00-10:00 AM" (the slot's label from the catalogue, else its start). */
export function formatDateSlot(date: string, slot: string, slots: SlotLabels): string {
  return `${formatShortDate(date)} · ${Object.hasOwn(slots, slot) ? slots[slot] : slot}`;
}

/** 75 → "1 h 15 min"; 45 → "45 min"; 120 → "2 h". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** What a history entry says happened, in words. */
export function describeChange(entry: HistoryEntry, slots: SlotLabels): string {
  const technician = entry.technician?.fullName;
  switch (entry.event) {
    case 'BOOKED':
      return 'Booked';
    case 'ASSIGNED':
      return technician ? `Assigned to ${technician}` : 'Technician assigned';
    case 'UNASSIGNED':
      return technician ? `${technician} taken off the job (awaiting assignment)` : 'Technician taken off the job (awaiting assignment)';
    case 'RESCHEDULED':
      return entry.move
        ? `Rescheduled from ${formatDateSlot(entry.move.fromDate, entry.move.fromSlot, slots)} to ${formatDateSlot(entry.move.toDate, entry.move.toSlot, slots)}`
        : 'Rescheduled';
    case 'STARTED':
      return entry.stage && entry.stage !== 'IN_PROGRESS' ? `Work started · ${STAGE_LABELS[entry.stage]}` : 'Work started';
    case 'STAGE_CHANGED':
      return entry.stage ? `Stage: ${STAGE_LABELS[entry.stage]}` : 'Stage changed';
    case 'COMPLETED':
      return 'Completed';
    case 'REOPENED':
      return 'Reopened · In Progress';
    case 'WORK_RESET':
      return 'Back to not started';
    case 'CANCELLED':
      return 'Cancelled';
    default:
      return `Status: ${STATUS_LABELS[entry.status]}`;
  }
}

/**
 * `carcare-report-<plate>-<date>.pdf` with only ASCII letters, digits and hyphens in the plate (accents dropped:
 * Š → S; anything else becomes a hyphen), so the name is the same on every system and safe inside a quoted
 * Content-Disposition value.
 */
export function reportFileName(plate: string, date: string): string {
  const ascii = plate.normalize('NFKD').replace(/\p{M}+/gu, '');
  const safePlate = ascii.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'vehicle';
  const safeDate = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : 'undated';
  return `${REPORT_FILE_PREFIX}-${safePlate}-${safeDate}.pdf`;
}

import { format, parseISO } from 'date-fns';
import type { OngoingStatus } from './types';

/** Spec §9: sample costs are plain currency units; the samples are Sri Lankan, so the amounts are rupees. */
export const CURRENCY_LABEL = 'LKR';

const amountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 25000 → "LKR 25,000". */
export function formatCost(amount: number): string {
  return `${CURRENCY_LABEL} ${amountFormat.format(amount)}`;
}

/** "2025-10-27T09:00:00" → "Oct 27, 2025, 9:00 AM". */
export function formatAppointmentDate(iso: string): string {
  return format(parseISO(iso), 'MMM d, yyyy, h:mm a');
}

/** 90 → "90 minutes". */
export function formatMinutes(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

const ONGOING_LABELS: Record<OngoingStatus, string> = {
  IN_PROGRESS: 'In Progress',
  AWAITING_PARTS: 'Awaiting Parts',
  QUALITY_CHECK: 'Quality Check',
};

export function ongoingStatusLabel(status: OngoingStatus): string {
  return ONGOING_LABELS[status];
}

/** "Toyota Camry" */
export function vehicleName(a: { vehicleBrand: string; vehicleModel: string }): string {
  return `${a.vehicleBrand} ${a.vehicleModel}`;
}

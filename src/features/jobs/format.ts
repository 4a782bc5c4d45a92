import { format, isValid, parseISO } from 'date-fns';
import type { Appointment } from '@contract/appointments';

/**
 * How jobs read on every screen. Instants (startedAt, estimatedCompletion, …) show in the viewer's time zone;
 * a job's date and slot are the shop's wall-clock values and show as they are.
 */

/** "Oct 20, 2025, 9:00 AM" for an ISO instant; the input unchanged when it is not one. */
export function formatInstant(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'MMM d, yyyy, h:mm a') : iso;
}

/** "Wednesday, January 15, 2099" for a calendar date `YYYY-MM-DD` (no time zone involved). */
export function formatCalendarDate(date: string): string {
  const parsed = parseISO(date);
  return isValid(parsed) ? format(parsed, 'EEEE, MMMM d, yyyy') : date;
}

/** "Jan 15, 2099" for a calendar date. */
export function formatShortDate(date: string): string {
  const parsed = parseISO(date);
  return isValid(parsed) ? format(parsed, 'MMM d, yyyy') : date;
}

/** The job's day and slot as people read them: "Jan 15, 2099 · 09:00-10:00 AM". */
export function formatJobSlot(job: Pick<Appointment, 'date' | 'slotLabel'>): string {
  return `${formatShortDate(job.date)} · ${job.slotLabel}`;
}

/** "Toyota Corolla" when the make and model are known, else the plate. */
export function vehicleName(vehicle: Appointment['vehicle']): string {
  const name = [vehicle.make, vehicle.model].filter(Boolean).join(' ');
  return name || vehicle.plate;
}

/** "Toyota Prius (CAD-3312)"; a vehicle known only by its plate is named once: "CAD-3312". */
export function vehicleWithPlate(vehicle: Appointment['vehicle']): string {
  const name = vehicleName(vehicle);
  return name === vehicle.plate ? name : `${name} (${vehicle.plate})`;
}

/** "Toyota Camry CAB-1234", or the plate alone: which job a control is for, when several share a screen. */
export function vehicleLabel(vehicle: Appointment['vehicle']): string {
  const name = vehicleName(vehicle);
  return name === vehicle.plate ? name : `${name} ${vehicle.plate}`;
}

/** Spec §9: costs are plain currency units; the spec's samples are Sri Lankan rupees. */
export const CURRENCY_LABEL = 'LKR';

/**
 * 25000 → "LKR 25,000": a catalogue price, whole rupees (an integer in the contract), grouped as en-US groups them.
 * Not with Intl: the admin board's cards show their price in the board's first frame, and the first Intl object a
 * page makes loads the browser's locale data (30–80 ms on the bench machine, four times that on Lighthouse's phone).
 */
export function formatPrice(amount: number): string {
  return `${CURRENCY_LABEL} ${String(Math.round(amount)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/** 90 → "90 minutes". */
export function formatMinutes(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The bay a job holds, as the spec's "centre slot" reads: "Bay 2". */
export function bayLabel(bay: number): string {
  return `Bay ${bay}`;
}

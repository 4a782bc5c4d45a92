import type { ContactMessageBody } from '../contract/contact';
import { CURSOR_FIELDS } from '../db/cursor';
import type { ContactColumns } from './repository';

/** A cursor's instant: exactly what `toIso` prints (millisecond precision, UTC), and a real point in time. */
export function isIsoInstant(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value;
}

/** The keyset of the newest-first lists: [created_at, id]. */
export const NEWEST_FIRST_CURSOR = [isIsoInstant, CURSOR_FIELDS.uuid] as const;

/** What the contact form stores: the text as typed, without surrounding white space. */
export function contactColumns(body: ContactMessageBody): ContactColumns {
  return {
    name: body.name.trim(),
    email: body.email.trim(),
    subject: (body.subject ?? '').trim(),
    message: body.message.trim(),
  };
}

/**
 * The contract's numeric limits. Plain constants with no schema library, so the SPA can import them at run time
 * (form maxLength, date pickers, page sizes) from the same place the server validates with.
 */

/** Keyset-paged lists: `?limit=` up to this, default below. */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;

/** How far ahead a booking may be made, in days (today is day 0). */
export const BOOKING_WINDOW_DAYS = 90;

/** A number plate (the booking form's Vehicle ID), after trimming. */
export const MAX_PLATE_LENGTH = 20;

/** A booking's notes. */
export const MAX_NOTES_LENGTH = 500;

/** A time log's description. */
export const MAX_DESCRIPTION_LENGTH = 500;

/** The reason an admin gives for rejecting a time log. */
export const MAX_REVIEW_REASON_LENGTH = 500;

/** How many days back a time log may be dated, when TIME_LOG_MAX_AGE_DAYS does not say otherwise. */
export const TIME_LOG_MAX_AGE_DAYS = 60;

/** What the offline banner says to a technician, whose time and status changes are queued (architecture.md §7). */
export const OFFLINE_QUEUE_BANNER = 'Offline — your changes will be sent when you are back online';
/** What it says to customers and admins, whose changes are not attempted while offline. */
export const OFFLINE_READ_ONLY_BANNER = 'Offline — you are viewing saved data. Changes are turned off until you are back online.';
/** What a change asked for offline is refused with (the technician's time and status changes are queued instead). */
export const OFFLINE_CHANGES_OFF = 'You are offline. Changes are turned off until you are back online.';

export const QUEUED_STATE_TEXT = {
  waiting: 'Waiting to be sent',
  sending: 'Sending…',
  refused: 'Not sent',
} as const;

// The offline domain: the connection as this tab knows it, and the changes made offline, kept on the device and sent
// in order (each with its Idempotency-Key) once online. It knows no other domain: what a change is and how it shows
// is said by the code that queues it (app/routes).
export type { NewQueuedChange, QueuedChange, QueuedChangeState, QueuedRequest } from './types';
export { default as connectivitySlice, selectOnline } from './connectivitySlice';
export { default as offlineQueueSlice, selectQueuedChanges } from './queueSlice';
export { newChangeId, stopOfflineSync, useOfflineQueue, useOfflineSync, useOnline, type OfflineQueue } from './useOffline';
export { OfflineBanner } from './components/OfflineBanner';
export { QueuedChangesPanel, DISCARD_CONFIRM_MESSAGE, DISCARD_HINT, EDIT_OR_DISCARD_HINT } from './components/QueuedChangesPanel';
export { OFFLINE_CHANGES_OFF, OFFLINE_QUEUE_BANNER, OFFLINE_READ_ONLY_BANNER, QUEUED_STATE_TEXT } from './texts';
export { QUEUE_DATABASE } from './queueStorage';

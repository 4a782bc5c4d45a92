import { LIVE_EVENT_TYPES } from '../../contract/live';
import { listChecks } from '../../db/checks';

// The triggers of 30_live_events.sql can write no kind the hub and the SPA do not know.
export const statements = listChecks([{ table: 'live_events', constraint: 'live_events_type_check', column: 'type', values: LIVE_EVENT_TYPES }]);

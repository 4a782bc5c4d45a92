import { TIME_LOG_REVIEW_STATES } from '../../contract/timeLogs';
import { listChecks } from '../../db/checks';

export const statements = listChecks([{ table: 'time_logs', constraint: 'time_logs_review_state_check', column: 'review_state', values: TIME_LOG_REVIEW_STATES }]);

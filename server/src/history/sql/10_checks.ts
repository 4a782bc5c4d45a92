import { JOB_HISTORY_EVENTS } from '../../contract/reports';
import { APPOINTMENT_STATUSES, STAGES } from '../../contract/statuses';
import { listChecks } from '../../db/checks';

export const statements = listChecks([
  { table: 'job_history', constraint: 'job_history_event_check', column: 'event', values: JOB_HISTORY_EVENTS },
  { table: 'job_history', constraint: 'job_history_status_check', column: 'status', values: APPOINTMENT_STATUSES },
  { table: 'job_history', constraint: 'job_history_stage_check', column: 'stage', values: STAGES },
]);

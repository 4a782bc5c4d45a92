import { APPOINTMENT_STATUSES, STAGES } from '../../contract/statuses';
import { listChecks } from '../../db/checks';

export const statements = listChecks([
  { table: 'appointments', constraint: 'appointments_status_check', column: 'status', values: APPOINTMENT_STATUSES },
  { table: 'appointments', constraint: 'appointments_stage_check', column: 'stage', values: STAGES },
]);

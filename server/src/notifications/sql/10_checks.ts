import { NOTIFICATION_AUDIENCES, NOTIFICATION_KINDS } from '../../contract/notifications';
import { listChecks } from '../../db/checks';

export const statements = listChecks([
  { table: 'notifications', constraint: 'notifications_kind_check', column: 'kind', values: NOTIFICATION_KINDS },
  { table: 'notifications', constraint: 'notifications_audience_check', column: 'audience', values: NOTIFICATION_AUDIENCES },
]);

import { MAIL_STATES, NOTIFICATION_KINDS } from '../../contract/notifications';
import { listChecks } from '../../db/checks';

export const statements = listChecks([
  { table: 'email_outbox', constraint: 'email_outbox_state_check', column: 'state', values: MAIL_STATES },
  // A mail's wording is chosen by its kind (notifications/texts.ts).
  { table: 'email_outbox', constraint: 'email_outbox_kind_check', column: 'kind', values: NOTIFICATION_KINDS },
]);

import { MAIL_STATES } from '../../contract/notifications';
import { listChecks } from '../../db/checks';
import { MAIL_KINDS } from '../texts';

export const statements = listChecks([
  { table: 'email_outbox', constraint: 'email_outbox_state_check', column: 'state', values: MAIL_STATES },
  // A mail's wording is chosen by its kind: a job's (notifications/texts.ts) or the account's (mail/texts.ts).
  { table: 'email_outbox', constraint: 'email_outbox_kind_check', column: 'kind', values: MAIL_KINDS },
]);

import { DECISION_CHANNELS, DECISIONS, ESTIMATE_ITEM_KINDS, ESTIMATE_ITEM_STATUSES, LINE_KINDS, LINE_SOURCES, MANUAL_LINE_KINDS, PAYMENT_METHODS } from '../../contract/billingTerms';
import { listChecks } from '../../db/checks';

export const statements = listChecks([
  { table: 'estimate_items', constraint: 'estimate_items_kind_check', column: 'kind', values: ESTIMATE_ITEM_KINDS },
  { table: 'estimate_items', constraint: 'estimate_items_status_check', column: 'status', values: ESTIMATE_ITEM_STATUSES },
  { table: 'estimate_decisions', constraint: 'estimate_decisions_decision_check', column: 'decision', values: DECISIONS },
  { table: 'estimate_decisions', constraint: 'estimate_decisions_channel_check', column: 'channel', values: DECISION_CHANNELS },
  { table: 'job_lines', constraint: 'job_lines_kind_check', column: 'kind', values: MANUAL_LINE_KINDS },
  { table: 'invoice_lines', constraint: 'invoice_lines_kind_check', column: 'kind', values: LINE_KINDS },
  { table: 'invoice_lines', constraint: 'invoice_lines_source_check', column: 'source', values: LINE_SOURCES },
  { table: 'payments', constraint: 'payments_method_check', column: 'method', values: PAYMENT_METHODS },
]);

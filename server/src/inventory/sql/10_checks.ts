import { PURCHASE_ORDER_STATUSES, STOCK_MOVEMENT_KINDS } from '../../contract/inventoryTerms';
import { listChecks } from '../../db/checks';

export const statements = listChecks([
  { table: 'stock_movements', constraint: 'stock_movements_kind_check', column: 'kind', values: STOCK_MOVEMENT_KINDS },
  { table: 'purchase_orders', constraint: 'purchase_orders_status_check', column: 'status', values: PURCHASE_ORDER_STATUSES },
]);

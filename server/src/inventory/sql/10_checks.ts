import { STOCK_MOVEMENT_KINDS } from '../../contract/inventoryTerms';
import { listChecks } from '../../db/checks';

export const statements = listChecks([{ table: 'stock_movements', constraint: 'stock_movements_kind_check', column: 'kind', values: STOCK_MOVEMENT_KINDS }]);

import type { StockMovementKind } from '@contract/inventoryTerms';

/** How each kind of stock movement reads in a part's history. */
export const MOVEMENT_KIND_LABEL: Record<StockMovementKind, string> = {
  RECEIVED: 'Received',
  USED: 'Used on a job',
  RETURNED: 'Returned from a job',
  ADJUSTED: 'Adjusted',
  TRANSFER_OUT: 'Transferred out',
  TRANSFER_IN: 'Transferred in',
  REVERSAL: 'Reversal',
};

/** The kinds an admin may undo here (the server refuses the others). */
export const REVERSIBLE_KINDS: ReadonlySet<StockMovementKind> = new Set(['RECEIVED', 'ADJUSTED']);

/** +5, −3: a signed quantity as people read it (a real minus sign). */
export function signed(quantity: number): string {
  return quantity > 0 ? `+${quantity}` : quantity < 0 ? `−${-quantity}` : '0';
}

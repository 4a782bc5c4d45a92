import type { ShortLine } from '@contract/inventory';

/** "4 litre", "2 each": a quantity in the part's unit, as the inventory lists it. */
export function quantityOf(quantity: number, unit: string): string {
  return `${quantity} ${unit}`;
}

/** "Engine oil 5W-30: needs 4, 1 available" (with what the job already used or holds, when it has some). */
export function shortLineText(line: ShortLine): string {
  const held = [line.used > 0 && `${line.used} used`, line.reserved > 0 && `${line.reserved} reserved`].filter(Boolean);
  return [`${line.name}: needs ${line.needed}`, ...held, `${line.available} available`].join(', ');
}

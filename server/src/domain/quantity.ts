/**
 * A quantity of a part in its unit (contract/inventoryTerms.ts PART_UNITS), as a notification and the service report
 * write it: "4 litres", "1 set", "2 kg"; a part counted each is the number alone ("3").
 */
export function quantityText(quantity: number, unit: string): string {
  if (unit === 'each') return String(quantity);
  if (unit === 'kg') return `${quantity} kg`;
  return `${quantity} ${unit}${quantity === 1 ? '' : 's'}`;
}

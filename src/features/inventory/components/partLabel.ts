import type { Part } from '@contract/inventory';

/** "OIL-5W30 · Engine oil 5W-30": which part a dialog or a message is about. */
export function partLabel(part: Pick<Part, 'sku' | 'name'>): string {
  return `${part.sku} · ${part.name}`;
}

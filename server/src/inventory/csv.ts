import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { INVENTORY_MESSAGES, MAX_CSV_ROWS, PART_CSV_COLUMNS } from '../contract/inventoryTerms';
import type { NewPartBody } from '../contract/inventory';

/** One row of an imported file: its line number (the header is line 1) and the part it describes. */
export interface CsvPart {
  line: number;
  part: NewPartBody;
}

/** Field names of NewPartBody for the CSV columns (the money columns are amounts, the body's are minor units). */
const FIELD_OF_COLUMN = { sku: 'sku', name: 'name', category: 'category', unit: 'unit', unit_cost: 'unitCostMinor', sell_price: 'sellPriceMinor' } as const;
const LABEL_OF_MONEY = { unit_cost: 'Unit cost', sell_price: 'Sell price' } as const;

/** "1250", "1250.5", "1250.50" → 125050 minor units; anything else (negative, three decimals, letters) → null. */
export function minorUnits(amount: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units as an amount with two decimals: 125050 → "1250.50". */
export function amount(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/**
 * The parts in a CSV file, each row checked with `check` (the body schema's own messages), or every error found,
 * keyed `line N` (and `file` first, with the summary). All or nothing: one bad row and no part is returned.
 */
export function readPartsCsv(text: string, check: (body: unknown) => Record<string, string> | null): { parts: CsvPart[] } | { errors: Record<string, string> } {
  const fileError = (message: string) => ({ errors: { file: message } });
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch {
    return fileError(INVENTORY_MESSAGES.csvUnreadable);
  }
  const [header, ...rows] = records;
  if (!header || PART_CSV_COLUMNS.some((column, index) => header[index]?.toLowerCase() !== column)) return fileError(INVENTORY_MESSAGES.csvHeader);
  if (rows.length === 0) return fileError(INVENTORY_MESSAGES.csvEmpty);
  if (rows.length > MAX_CSV_ROWS) return fileError(INVENTORY_MESSAGES.csvTooLong);
  const errors: Record<string, string> = {};
  const parts: CsvPart[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const line = index + 2;
    const body: Record<string, unknown> = {};
    const problems: string[] = [];
    PART_CSV_COLUMNS.forEach((column, position) => {
      const value = row[position] ?? '';
      if (column === 'unit_cost' || column === 'sell_price') {
        const minor = minorUnits(value);
        if (minor === null) problems.push(`${LABEL_OF_MONEY[column]} must be an amount like 1250.00`);
        body[FIELD_OF_COLUMN[column]] = minor ?? 0;
      } else {
        body[FIELD_OF_COLUMN[column]] = value;
      }
    });
    problems.unshift(...Object.values(check(body) ?? {}));
    const sku = String(body.sku).trim().toUpperCase();
    if (problems.length === 0 && seen.has(sku)) problems.push(INVENTORY_MESSAGES.csvDuplicateSku);
    seen.add(sku);
    if (problems.length > 0) errors[`line ${line}`] = problems.join(' ');
    else parts.push({ line, part: body as NewPartBody });
  });
  return Object.keys(errors).length > 0 ? { errors: { file: INVENTORY_MESSAGES.csvHasErrors, ...errors } } : { parts };
}

/** The catalogue as CSV: the import's columns, then `archived`, then the stock columns when a centre was asked for. */
export function partsCsv(
  parts: readonly { sku: string; name: string; category: string; unit: string; unitCostMinor: number; sellPriceMinor: number; archived: boolean; stock?: { onHand: number; reserved: number; available: number; reorderLevel: number; reorderQuantity: number } }[],
  withStock: boolean,
): string {
  const header = [...PART_CSV_COLUMNS, 'archived', ...(withStock ? ['on_hand', 'reserved', 'available', 'reorder_level', 'reorder_quantity'] : [])];
  const rows = parts.map((part) => [
    part.sku,
    part.name,
    part.category,
    part.unit,
    amount(part.unitCostMinor),
    amount(part.sellPriceMinor),
    part.archived ? 'yes' : 'no',
    ...(withStock && part.stock ? [part.stock.onHand, part.stock.reserved, part.stock.available, part.stock.reorderLevel, part.stock.reorderQuantity] : []),
  ]);
  // A cell starting with = + - @ would be read as a formula by a spreadsheet: csv-stringify's `escape_formulas` prefixes them with '.
  return stringify([header, ...rows], { escape_formulas: true });
}

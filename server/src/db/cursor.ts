import { invalidField } from '../plugins/errors';

/**
 * Keyset paging cursors: the sort key of the last row of a page, opaque to clients (base64url of a JSON array).
 * Each value is checked against the pattern of its column before it reaches SQL.
 */
export function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, patterns: readonly RegExp[]): string[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  if (
    !Array.isArray(values) ||
    values.length !== patterns.length ||
    !values.every((value, index) => typeof value === 'string' && patterns[index].test(value))
  ) {
    throw invalidField('cursor', 'Cursor is not valid');
  }
  return values as string[];
}

export const CURSOR_PATTERNS = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  slot: /^\d{2}:\d{2}$/,
  localDateTime: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  plate: /^.{1,20}$/su,
} as const;

/** `%`, `_` and `\` matched literally inside an ILIKE pattern. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

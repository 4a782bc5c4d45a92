/** A named CHECK (column IN (…)) whose list is a constant of the contract. */
export interface ListCheck {
  table: string;
  constraint: string;
  column: string;
  values: readonly string[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** Status and event names: nothing a literal would have to escape. */
const VALUE = /^[A-Za-z0-9_.:-]+$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`"${name}" is not a plain lower-case SQL identifier`);
  return name;
}

function literal(value: string): string {
  if (!VALUE.test(value)) throw new Error(`"${value}" cannot be a value of a list check`);
  return `'${value}'`;
}

/**
 * The statements of a sql/ module (db/objects.ts) that replace each constraint with one built from its list: one
 * ALTER TABLE per constraint, so the old definition goes and the new one is checked against every row at once.
 */
export function listChecks(checks: readonly ListCheck[]): string[] {
  return checks.map(({ table, constraint, column, values }) => {
    if (values.length === 0) throw new Error(`${constraint}: the list is empty`);
    const name = identifier(constraint);
    return `ALTER TABLE ${identifier(table)} DROP CONSTRAINT IF EXISTS ${name}, ADD CONSTRAINT ${name} CHECK (${identifier(column)} IN (${values.map(literal).join(', ')}))`;
  });
}

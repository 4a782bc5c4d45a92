/** PostgreSQL error codes the app turns into answers (both drivers, pg and PGlite, expose `code` and `constraint`). */
export const PG_ERRORS = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  exclusionViolation: '23P01',
} as const;

interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
}

/** The SQLSTATE of a database error, or undefined for anything else. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as DatabaseErrorFields;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `error` is the database refusing a row because of the named constraint (or unique index). */
export function violates(error: unknown, constraint: string): boolean {
  return typeof error === 'object' && error !== null && (error as DatabaseErrorFields).constraint === constraint;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === PG_ERRORS.uniqueViolation;
}

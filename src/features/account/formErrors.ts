import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, messageOf } from '@/api/errors';

/**
 * A failed call's field errors onto the form's fields (`fieldOf` maps the contract's names to the form's), and what is
 * left for the form's banner: null when every message landed on a field.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: Record<string, Path<T>>,
): string | null {
  const errors = isApiError(error) ? error.errors : undefined;
  let placed = false;
  for (const [name, message] of Object.entries(errors ?? {})) {
    const field = fieldOf[name];
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed ? null : messageOf(error);
}

import { type BaseSyntheticEvent, useState } from 'react';
import { type FieldValues, type Path, type UseFormProps, type UseFormSetError, useForm } from 'react-hook-form';
import { isApiError, messageOf } from '@/api/errors';

/**
 * A failed call's field errors onto the form's fields (`fieldOf` maps the contract's names to the form's), and what is
 * left for the form's banner: null when every message landed on a field.
 */
function showServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fieldOf: Partial<Record<string, Path<T>>>): string | null {
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

/**
 * The one shape of a form that a server call answers (the account forms, the inventory dialogs): validated on
 * submit, an edited field loses its error and the banner, and a call that fails puts its field messages on the fields
 * (`fieldOf`, contract name → form field) and the rest in `failure`.
 * `send` throws what the call threw; a form that reads some failures itself catches those and rethrows the rest.
 */
export function useServerForm<T extends FieldValues>({ fieldOf, ...options }: UseFormProps<T> & { fieldOf: Partial<Record<string, Path<T>>> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<T>({ mode: 'onSubmit', reValidateMode: 'onSubmit', ...options });

  const field = (name: Path<T>, onEdit?: () => void) =>
    form.register(name, {
      onChange: () => {
        form.clearErrors(name);
        setFailure(null);
        onEdit?.();
      },
    });

  const onSubmit = (send: (values: T) => Promise<void>) => (event: BaseSyntheticEvent) =>
    void form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await send(values);
      } catch (error) {
        setFailure(showServerErrors(error, form.setError, fieldOf));
      }
    })(event);

  return { ...form, failure, field, onSubmit };
}

import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<T extends FieldValues> = Resolver<T> & {
  /** Starts loading the validation code now (e.g. when the user first focuses the form). */
  preload: () => Promise<Resolver<T>>;
};

/**
 * A react-hook-form resolver whose validation code (the schema and its library) is fetched on first use, so a
 * page can paint before it arrives. The first validation waits for it; a failed load is retried next time.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): LazyResolver<T> {
  let pending: Promise<Resolver<T>> | null = null;
  const preload = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
  const resolver: Resolver<T> = async (values, context, options) => (await preload())(values, context, options);
  return Object.assign(resolver, { preload });
}

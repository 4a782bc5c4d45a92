/**
 * A value made on its first use and kept. For the Intl formatters modules keep: the first Intl object a page makes
 * loads the browser's locale data (30–80 ms on the bench machine, four times that on Lighthouse's phone), so one made
 * while its module is evaluated costs the first paint that time even when nothing on it is formatted.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { Page } from '@contract/common';
import { MAX_PAGE_SIZE } from '@contract/limits';
import type { ApiError } from './errors';

type Params = Record<string, string | number | undefined>;
/** The base query as a queryFn receives it (already bound to the request's api and options). */
type BoundBaseQuery = (arg: string | FetchArgs) => PromiseLike<{ data?: unknown; error?: ApiError }> | { data?: unknown; error?: ApiError };

/**
 * Follows a keyset-paged list to its end, for lists a screen shows whole; the first failing page's error is the
 * answer, already normalised by the base query.
 */
export async function fetchAllPages<T>(baseQuery: BoundBaseQuery, url: string, params: Params): Promise<{ data: T[] } | { error: ApiError }> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const result = await baseQuery({ url, params: { ...params, limit: MAX_PAGE_SIZE, ...(cursor && { cursor }) } });
    if (result.error) return { error: result.error };
    const page = result.data as Page<T>;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return { data: items };
}

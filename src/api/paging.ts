import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { Page } from '@contract/common';
import { MAX_PAGE_SIZE } from '@contract/limits';
import type { ApiError } from './errors';

type Params = Record<string, string | number | undefined>;
/** The base query as a queryFn receives it (already bound to the request's api and options). */
type BoundBaseQuery = (arg: string | FetchArgs) => PromiseLike<{ data?: unknown; error?: ApiError }> | { data?: unknown; error?: ApiError };

/**
 * Follows a keyset-paged list (`{ items, nextCursor? }`) to its end, in the largest pages the API allows, for
 * lists a screen shows whole (a customer's own jobs, the technician's visible weeks of time logs). The first
 * failing page's error is the answer, already normalised by the base query (refresh, catalogue messages).
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

import { useEffect, useRef, type RefObject } from 'react';

type FetchNextPage = () => PromiseLike<{ isError: boolean; error?: unknown }>;

/**
 * "Load more" under a paged list (an infinite query's `fetchNextPage`): fetches the next page and, once its items
 * are rendered, moves the focus to the first new one — the `selector` match at that index inside `listRef` (the
 * button may be gone now). Resolves with the error of a failed fetch, undefined otherwise.
 */
export function useLoadMore(listRef: RefObject<HTMLElement | null>, selector: string, count: number, fetchNextPage: FetchNextPage) {
  /** The index of the first new item while its page is on the way. */
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || count <= index) return;
    focusIndex.current = null;
    listRef.current?.querySelectorAll<HTMLElement>(selector)[index]?.focus();
  }, [count, listRef, selector]);

  return async (): Promise<unknown> => {
    focusIndex.current = count;
    const result = await fetchNextPage();
    if (!result.isError) return undefined;
    focusIndex.current = null;
    return result.error;
  };
}

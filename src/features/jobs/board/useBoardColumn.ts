import { useMemo } from 'react';
import type { Appointment } from '@contract/appointments';
import { messageOf } from '@/api/errors';
import { type JobFilters, useGetJobPagesInfiniteQuery } from '../jobsApi';

/** One board column as its component needs it: the jobs loaded so far and how to load or reload more. */
export interface BoardColumnState {
  /** Every job of the loaded pages, soonest first. */
  jobs: Appointment[];
  /** True while the first page for the current filters is awaited (also after the Day filter changes). */
  isLoading: boolean;
  /** True once the column has had its first answer (data or an error), for these filters or earlier ones. */
  answered: boolean;
  /** The list's load error (spec §8 message), or null. */
  error: string | null;
  /** Whether the server has more jobs after the loaded ones. */
  hasMore: boolean;
  isLoadingMore: boolean;
  /** Why the last "Load more" failed, or null. */
  loadMoreError: string | null;
  loadMore: () => void;
  retry: () => void;
}

/**
 * A column of the admin board, page by page (keyset cursor). Server data stays in the RTK Query cache; an
 * assignment elsewhere invalidates the 'Job' tag and every loaded page is fetched again.
 */
export function useBoardColumn(filters: JobFilters): BoardColumnState {
  const { data, currentData, isFetching, isError, error, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } =
    useGetJobPagesInfiniteQuery(filters);
  const jobs = useMemo(() => currentData?.pages.flatMap((page) => page.items) ?? [], [currentData]);
  const listFailed = isError && !isFetchNextPageError;
  return {
    jobs,
    isLoading: currentData === undefined && isFetching,
    answered: data !== undefined || isError,
    error: listFailed ? messageOf(error) : null,
    hasMore: currentData !== undefined && hasNextPage,
    isLoadingMore: isFetchingNextPage,
    loadMoreError: isFetchNextPageError && !isFetchingNextPage ? messageOf(error) : null,
    loadMore: () => void fetchNextPage(),
    retry: () => void refetch(),
  };
}

import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { BillingSummary, BillingSummaryList, DecisionBody, JobBilling, ProposeItemBody, ReviseItemBody } from '@contract/billing';
import type { PartPage } from '@contract/inventory';
import type { ApiError } from '@/api/errors';
import { downloadFile, type FileDownload } from '@/lib/download';
import { billingBaseApi } from './billingTags';

/** The most job ids one GET /billing/summaries takes (contract/billing.ts BillingSummaryQuery). */
export const SUMMARY_BATCH = 100;

/** The extra-work form's part search: the first few parts at the job's centre, as the Parts used picker asks. */
export const PART_SEARCH_SIZE = 10;

export interface BillingPartSearch {
  centerId: string;
  q: string;
}

type JobItem = { jobId: string; itemId: string };

const jobPath = (jobId: string) => `/appointments/${encodeURIComponent(jobId)}`;
const itemPath = (itemId: string) => `/estimate-items/${encodeURIComponent(itemId)}`;

/**
 * What a change of a job's estimate makes stale: its billing, the lists' summaries, and the job itself (proposing
 * moves its stage to Awaiting Approval; the last decision moves it back). Also on a refusal (a 409: the item changed
 * or was decided meanwhile), so the screen shows the item as it now stands.
 */
const estimateChanged = (jobId: string) => [{ type: 'Billing' as const, id: jobId }, 'BillingSummary' as const, 'Job' as const];

/** A change's answer is the job's billing after it: shown at once (the invalidation then reads it again to be sure). */
type BillingAnswerLifecycle = { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: JobBilling }> };

type BoundBaseQuery = (arg: string | FetchArgs) => PromiseLike<{ data?: unknown; error?: ApiError }> | { data?: unknown; error?: ApiError };

/** The summaries of many jobs: one request per SUMMARY_BATCH ids (one for any list of up to 100 jobs). */
async function fetchSummaries(baseQuery: BoundBaseQuery, key: string): Promise<{ data: BillingSummary[] } | { error: ApiError }> {
  const ids = key === '' ? [] : key.split(',');
  const items: BillingSummary[] = [];
  for (let start = 0; start < ids.length; start += SUMMARY_BATCH) {
    const result = await baseQuery({ url: '/billing/summaries', params: { appointmentIds: ids.slice(start, start + SUMMARY_BATCH).join(',') } });
    if (result.error) return { error: result.error };
    items.push(...(result.data as BillingSummaryList).items);
  }
  return { data: items };
}

/**
 * A job's billing as its customer and technician see it (server/README.md § Billing): lines, estimate items and
 * their decisions, totals and invoice; the customer's decisions; the technician's extra work; the invoice PDF.
 */
const showAnswer = async (jobId: string, { dispatch, queryFulfilled }: BillingAnswerLifecycle) => {
  try {
    const { data } = await queryFulfilled;
    dispatch(billingApi.util.upsertQueryData('getJobBilling', jobId, data));
  } catch {
    // the component shows the error; the invalidation reads the billing again
  }
};

export const billingApi = billingBaseApi.enhanceEndpoints({ addTagTypes: ['Job'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /appointments/:id/billing (the job's customer, its technician, admins). */
    getJobBilling: build.query<JobBilling, string>({
      query: (jobId) => `${jobPath(jobId)}/billing`,
      providesTags: (_result, _error, jobId) => [{ type: 'Billing', id: jobId }],
    }),
    /**
     * The one-line summaries of a list's jobs. The argument is `summaryKey(ids)` (sorted, comma-separated), so a list
     * asks once however its rows are ordered; jobs the caller may not see are simply absent.
     */
    getBillingSummaries: build.query<BillingSummary[], string>({
      queryFn: (key, _api, _extra, baseQuery) => fetchSummaries(baseQuery, key),
      providesTags: ['BillingSummary'],
    }),
    /** Extra work on a job (its technician while in progress, admins): the job's billing after it. */
    proposeEstimateItem: build.mutation<JobBilling, ProposeItemBody & { jobId: string }>({
      query: ({ jobId, ...body }) => ({ url: `${jobPath(jobId)}/estimate-items`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { jobId }) => estimateChanged(jobId),
      onQueryStarted: ({ jobId }, lifecycle) => showAnswer(jobId, lifecycle),
    }),
    /** A new description or note keeps the version; a new price or quantity makes a new one, to approve again. */
    reviseEstimateItem: build.mutation<JobBilling, ReviseItemBody & JobItem>({
      query: ({ jobId: _jobId, itemId, ...body }) => ({ url: itemPath(itemId), method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { jobId }) => estimateChanged(jobId),
      onQueryStarted: ({ jobId }, lifecycle) => showAnswer(jobId, lifecycle),
    }),
    /** Only an item never decided on. */
    withdrawEstimateItem: build.mutation<JobBilling, JobItem & { expectedVersion: number }>({
      query: ({ itemId, expectedVersion }) => ({ url: itemPath(itemId), method: 'DELETE', params: { expectedVersion } }),
      invalidatesTags: (_result, _error, { jobId }) => estimateChanged(jobId),
      onQueryStarted: ({ jobId }, lifecycle) => showAnswer(jobId, lifecycle),
    }),
    /** The customer's decision on the version shown (channel DASHBOARD). */
    decideEstimateItem: build.mutation<JobBilling, DecisionBody & JobItem>({
      query: ({ itemId, decision, expectedVersion }) => ({ url: `${itemPath(itemId)}/decision`, method: 'POST', body: { decision, expectedVersion } }),
      invalidatesTags: (_result, _error, { jobId }) => estimateChanged(jobId),
      onQueryStarted: ({ jobId }, lifecycle) => showAnswer(jobId, lifecycle),
    }),
    /** The extra-work form's part search at the job's centre (GET /parts, as the Parts used picker asks it). */
    findBillingParts: build.query<PartPage, BillingPartSearch>({
      query: ({ centerId, q }) => ({ url: '/parts', params: { centerId, q, limit: PART_SEARCH_SIZE } }),
    }),
    /** The invoice's PDF, saved under the server's file name ("INV-2026-000123.pdf"); nothing is cached. */
    downloadJobInvoice: build.mutation<FileDownload, { id: string; number: string }>({
      queryFn: ({ id, number }, _api, _extra, baseQuery) => downloadFile(baseQuery, `/invoices/${encodeURIComponent(id)}/pdf`, `${number}.pdf`),
    }),
  }),
});

export const {
  useGetJobBillingQuery,
  useGetBillingSummariesQuery,
  useProposeEstimateItemMutation,
  useReviseEstimateItemMutation,
  useWithdrawEstimateItemMutation,
  useDecideEstimateItemMutation,
  useFindBillingPartsQuery,
  useDownloadJobInvoiceMutation,
} = billingApi;

/** The summaries query's argument for these jobs: their ids sorted and joined. */
export function summaryKey(jobIds: readonly string[]): string {
  return [...new Set(jobIds)].sort().join(',');
}

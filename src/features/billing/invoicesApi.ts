import type { CustomerBalance, Invoice, InvoiceListQuery, InvoicePage, JobBilling, ManualLineBody, PaymentBody, VoidInvoiceBody } from '@contract/billing';
import { billingBaseApi } from './billingTags';

/** The invoice list's filters, without the paging (the endpoint pages for itself). */
export type InvoiceFilters = Omit<InvoiceListQuery, 'cursor' | 'limit'>;

/** Invoices per page of the table ("Load more" fetches the next). */
export const INVOICES_PAGE_SIZE = 25;

const INVOICE_LISTS = { type: 'Invoice', id: 'LIST' } as const;
const invoicePath = (id: string) => `/invoices/${encodeURIComponent(id)}`;
const jobPath = (jobId: string) => `/appointments/${encodeURIComponent(jobId)}`;

/** What any money change of a job makes stale: its billing, the lists' summaries and the invoices (lists and one). */
const moneyChanged = (jobId: string | undefined, invoiceId?: string) => [
  INVOICE_LISTS,
  'BillingSummary' as const,
  ...(jobId !== undefined ? [{ type: 'Billing' as const, id: jobId }] : ['Billing' as const]),
  ...(invoiceId !== undefined ? [{ type: 'Invoice' as const, id: invoiceId }] : []),
];

/** Invoices and payments as admins handle them (server/README.md § Billing). Money is in minor units. */
export const invoicesApi = billingBaseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first, page by page (keyset cursor). */
    listInvoices: build.infiniteQuery<InvoicePage, InvoiceFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage: InvoicePage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({ url: '/invoices', params: { ...queryArg, limit: INVOICES_PAGE_SIZE, ...(pageParam !== null && { cursor: pageParam }) } }),
      providesTags: [INVOICE_LISTS],
    }),
    getInvoice: build.query<Invoice, string>({
      query: (id) => invoicePath(id),
      providesTags: (_result, _error, id) => [{ type: 'Invoice', id }],
    }),
    /** An admin issues the job's invoice (job in progress or completed, no live invoice). */
    issueInvoice: build.mutation<Invoice, { jobId: string }>({
      query: ({ jobId }) => ({ url: `${jobPath(jobId)}/invoice`, method: 'POST' }),
      invalidatesTags: (_result, _error, { jobId }) => moneyChanged(jobId),
    }),
    /** Refused (409) when `expectedVersion` is not the stored one; payments move back to the job. */
    voidInvoice: build.mutation<Invoice, VoidInvoiceBody & { id: string; jobId: string }>({
      query: ({ id, jobId: _jobId, ...body }) => ({ url: `${invoicePath(id)}/void`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id, jobId }) => moneyChanged(jobId, id),
    }),
    /** A payment on an invoice; more than its balance is refused (409 overpayment). */
    recordPayment: build.mutation<Invoice, PaymentBody & { id: string; jobId: string }>({
      query: ({ id, jobId: _jobId, ...body }) => ({ url: `${invoicePath(id)}/payments`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id, jobId }) => moneyChanged(jobId, id),
    }),
    /** A deposit before the invoice exists (at most the job's current total). */
    recordDeposit: build.mutation<JobBilling, PaymentBody & { jobId: string }>({
      query: ({ jobId, ...body }) => ({ url: `${jobPath(jobId)}/payments`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { jobId }) => moneyChanged(jobId),
    }),
    /** A fee or a discount on a job. */
    addJobLine: build.mutation<JobBilling, ManualLineBody & { jobId: string }>({
      query: ({ jobId, ...body }) => ({ url: `${jobPath(jobId)}/lines`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { jobId }) => moneyChanged(jobId),
    }),
    removeJobLine: build.mutation<JobBilling, { id: string; jobId: string }>({
      query: ({ id }) => ({ url: `/job-lines/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { jobId }) => moneyChanged(jobId),
    }),
    getCustomerBalance: build.query<CustomerBalance, string>({
      query: (customerId) => `/billing/customers/${encodeURIComponent(customerId)}/balance`,
      providesTags: [INVOICE_LISTS],
    }),
  }),
});

export const {
  useListInvoicesInfiniteQuery,
  useGetInvoiceQuery,
  useIssueInvoiceMutation,
  useVoidInvoiceMutation,
  useRecordPaymentMutation,
  useRecordDepositMutation,
  useAddJobLineMutation,
  useRemoveJobLineMutation,
  useGetCustomerBalanceQuery,
} = invoicesApi;

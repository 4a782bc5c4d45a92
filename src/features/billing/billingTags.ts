import { api } from '@/api/api';

/**
 * The billing domain's cache tags: a job's billing (`Billing`, by job id), the one-line summaries lists show
 * (`BillingSummary`), and invoices (`Invoice`, by id and 'LIST'). A billing change of any kind can touch all three, so
 * the live event `job.billing.changed` invalidates them together (src/app/liveTags.ts).
 */
export const BILLING_TAG_TYPES = ['Billing', 'BillingSummary', 'Invoice'] as const;
export type BillingTag = (typeof BILLING_TAG_TYPES)[number];

/** The API with the billing tags: billingApi.ts and invoicesApi.ts inject their endpoints into it. */
export const billingBaseApi = api.enhanceEndpoints({ addTagTypes: BILLING_TAG_TYPES });

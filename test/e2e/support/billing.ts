import { type APIRequestContext, expect } from '@playwright/test';
import type { Invoice, JobBilling } from '@contract/billing';
import type { TrackingLink } from '@contract/tracking';
import type { AuthAnswer } from './api';

/** Billing reads and writes for end-to-end tests, through the API (what the screens show is checked on the screens). */

type Answer = Awaited<ReturnType<APIRequestContext['post']>>;

async function ok<T>(what: string, response: Answer, status: number): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

const bearer = (who: AuthAnswer) => ({ authorization: `Bearer ${who.token}` });

/** GET /api/appointments/:id/billing as whoever may see the job. */
export async function jobBillingViaApi(request: APIRequestContext, who: AuthAnswer, jobId: string): Promise<JobBilling> {
  return ok<JobBilling>('job billing', await request.get(`/api/appointments/${jobId}/billing`, { headers: bearer(who) }), 200);
}

/** GET /api/invoices/:id. */
export async function invoiceViaApi(request: APIRequestContext, who: AuthAnswer, id: string): Promise<Invoice> {
  return ok<Invoice>('invoice', await request.get(`/api/invoices/${id}`, { headers: bearer(who) }), 200);
}

/** GET /api/appointments/:id/tracking-link as the job's customer. */
export async function trackingLinkViaApi(request: APIRequestContext, customer: AuthAnswer, jobId: string): Promise<TrackingLink> {
  return ok<TrackingLink>('tracking link', await request.get(`/api/appointments/${jobId}/tracking-link`, { headers: bearer(customer) }), 200);
}

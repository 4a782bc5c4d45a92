import { http, HttpResponse } from 'msw';
import { catalog, countsOf, emptyReview, page } from '../fixtures/shop';
import { API } from './handlers';

export * from '../fixtures/shop';

/**
 * Handlers every shop screen needs and most tests do not vary: the catalogue, and an empty shop (no jobs, no
 * vehicles, no time logs, no technicians) — what a brand-new account sees. Tests that need data override these
 * with `server.use(...)`.
 */
export const shopHandlers = [
  http.get(`${API}/catalog`, () => HttpResponse.json(catalog)),
  http.get(`${API}/appointments/counts`, () => HttpResponse.json(countsOf([]))),
  http.get(`${API}/appointments`, () => HttpResponse.json(page([]))),
  http.get(`${API}/vehicles`, () => HttpResponse.json(page([]))),
  http.get(`${API}/time-logs`, () => HttpResponse.json(page([]))),
  http.get(`${API}/time-logs/weekly`, () => HttpResponse.json({ weeks: [] })),
  http.get(`${API}/time-logs/review`, ({ request }) => HttpResponse.json(emptyReview(new URL(request.url).searchParams.get('week') ?? ''))),
  http.get(`${API}/employees`, () => HttpResponse.json([])),
  // The Inventory page's parts (test/features/inventory/fakeInventory.ts serves a stocked shop): none yet.
  http.get(`${API}/parts`, () => HttpResponse.json(page([]))),
  // The admin navigation's unread count (AdminLayout): no contact messages.
  http.get(`${API}/contact-messages`, () => HttpResponse.json({ items: [], total: 0, unreadCount: 0 })),
  // A job's tracking link (the job detail and the booking confirmation show it): one per job, not expiring.
  http.get(`${API}/appointments/:id/tracking-link`, ({ params }) => HttpResponse.json(trackingLinkOf(String(params.id)))),
];

/** The default tracking link of job `id`: a 22-character token made from the id. */
export function trackingLinkOf(id: string, expiresAt: string | null = null) {
  const token = `${id.replace(/[^A-Za-z0-9]/g, '')}tttttttttttttttttttttt`.slice(0, 22);
  return { token, path: `/track/${token}`, expiresAt };
}

/** The parts on jobs (test/features/inventory/fakeJobParts.ts serves a stocked shop): none used, none short. */
shopHandlers.push(
  http.get(`${API}/appointments/:id/parts`, () => HttpResponse.json({ items: [], reserved: [] })),
  http.get(`${API}/parts/shortages`, () => HttpResponse.json({ items: [] })),
);

/** A job's billing, the lists' summaries and the tracking page's estimate (test/features/billing/fakeBilling.ts serves a shop with extra work): nothing billed yet. */
shopHandlers.push(
  http.get(`${API}/appointments/:id/billing`, ({ params }) =>
    HttpResponse.json({
      appointmentId: String(params.id),
      taxRateBasisPoints: 0,
      labourRateMinor: 500_000,
      lines: [],
      items: [],
      subtotalMinor: 0,
      taxMinor: 0,
      totalMinor: 0,
      approvedMinor: 0,
      pendingMinor: 0,
      declinedMinor: 0,
      payments: [],
      paidMinor: 0,
      balanceMinor: 0,
    }),
  ),
  http.get(`${API}/billing/summaries`, () => HttpResponse.json({ items: [] })),
  http.get(`${API}/track/:token/estimate`, () =>
    HttpResponse.json({ items: [], subtotalMinor: 0, taxMinor: 0, totalMinor: 0, approvedMinor: 0, pendingMinor: 0, declinedMinor: 0 }),
  ),
);

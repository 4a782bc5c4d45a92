import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from '@playwright/test';
import { budgetFor, type RouteSize, routeSizes } from '../../scripts/routeSizes';
import type { BenchSession } from '../lib/apiClient';
import { gotoAndSettle, sessionEntries, storageState } from '../lib/browser';
import { DIST } from '../lib/paths';
import { KiB, toKiB } from '../lib/stats';

export type SignedInAs = 'guest' | 'customer' | 'employee' | 'admin';
export type Sessions = Record<Exclude<SignedInAs, 'guest'>, BenchSession>;

interface RouteSpec {
  /** Name in scripts/routeSizes.ts ROUTES. */
  name: string;
  path: string;
  as: SignedInAs;
  /** Text that shows the page (not a redirect or an error) rendered. */
  readyText?: string;
}

const ROUTE_SPECS: RouteSpec[] = [
  { name: '/', path: '/', as: 'guest' },
  { name: '/login', path: '/login', as: 'guest' },
  { name: '/register', path: '/register', as: 'guest' },
  { name: '/dashboard (customer)', path: '/dashboard', as: 'customer', readyText: 'My Services' },
  { name: '/dashboard (employee)', path: '/dashboard', as: 'employee', readyText: 'Monthly Work Summary' },
  { name: '/dashboard/appointments', path: '/dashboard/appointments', as: 'customer' },
  { name: '/admin/dashboard', path: '/admin/dashboard', as: 'admin' },
];

export interface MeasuredLoad {
  requests: number;
  byType: Record<string, number>;
  /** Response headers + encoded bodies as received. */
  transferredKiB: number;
  /** JS bodies as received (encoded). */
  jsReceivedKiB: number;
  /** content-encoding the server chose for the JS files, e.g. "gzip". */
  jsEncoding: string;
  finalPath: string;
}

export interface RouteResult {
  route: string;
  path: string;
  signedInAs: SignedInAs;
  files: string[];
  js: { gzipKiB: number; brotliKiB: number; rawKiB: number };
  css: { gzipKiB: number; brotliKiB: number; rawKiB: number };
  jsBudgetKiB: number;
  withinBudget: boolean;
  /** Requests the build predicts (files + index.html + favicon), from scripts/routeSizes.ts. */
  predictedRequests: number;
  measured: MeasuredLoad | { error: string };
  /** For a route over its budget: its JS files, largest first (gzip -9). */
  breakdown?: { file: string; gzipKiB: number }[];
}

function jsBreakdown(files: string[]): { file: string; gzipKiB: number }[] {
  return files
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, gzipKiB: toKiB(gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length) }))
    .sort((a, b) => b.gzipKiB - a.gzipKiB);
}

interface Observed {
  type: string;
  url: string;
  bytes: number;
  encoding: string;
}

async function observe(request: Request): Promise<Observed> {
  const response = await request.response();
  const sizes = await request.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
  return {
    type: request.resourceType(),
    url: request.url(),
    bytes: sizes.responseBodySize + sizes.responseHeadersSize,
    encoding: (await response?.allHeaders())?.['content-encoding'] ?? 'identity',
  };
}

/** A cold load (fresh context, empty cache) of one route; every request the page makes is counted. */
async function coldLoad(browser: Browser, origin: string, spec: RouteSpec, session: BenchSession | null): Promise<MeasuredLoad> {
  const context = await browser.newContext({ storageState: storageState(origin, sessionEntries(session)) });
  try {
    const page = await context.newPage();
    const pending: Promise<Observed>[] = [];
    let failed = 0;
    page.on('requestfinished', (request) => pending.push(observe(request)));
    page.on('requestfailed', () => (failed += 1));
    await gotoAndSettle(page, `${origin}${spec.path}`);
    if (spec.readyText) await page.getByText(spec.readyText).first().waitFor({ timeout: 15_000 });
    const finalPath = new URL(page.url()).pathname;
    if (finalPath !== spec.path) throw new Error(`${spec.path} redirected to ${finalPath} (signed in as ${spec.as})`);
    const seen = await Promise.all(pending);
    const byType: Record<string, number> = {};
    for (const o of seen) byType[o.type] = (byType[o.type] ?? 0) + 1;
    if (failed) byType.failed = failed;
    const js = seen.filter((o) => o.type === 'script');
    return {
      requests: seen.length + failed,
      byType,
      transferredKiB: toKiB(seen.reduce((sum, o) => sum + o.bytes, 0)),
      jsReceivedKiB: toKiB(js.reduce((sum, o) => sum + o.bytes, 0)),
      jsEncoding: [...new Set(js.map((o) => o.encoding))].join(', ') || 'none',
      finalPath,
    };
  } finally {
    await context.close();
  }
}

const sizeKiB = (s: RouteSize['js']) => ({ gzipKiB: toKiB(s.gzip), brotliKiB: toKiB(s.brotli), rawKiB: toKiB(s.raw) });

/** Section 1: per-route JS/CSS (gzip, brotli) from the build, the budgets, and requests counted in the browser. */
export async function measureRoutes(browser: Browser, origin: string, sessions: Sessions): Promise<RouteResult[]> {
  const sizes = new Map(routeSizes().map((r) => [r.route, r]));
  const results: RouteResult[] = [];
  for (const spec of ROUTE_SPECS) {
    const size = sizes.get(spec.name);
    if (!size) throw new Error(`scripts/routeSizes.ts has no route "${spec.name}"`);
    // The budgets come from the route table (src/app/routes/index.tsx), as for the build and npm run test:budget.
    const budget = budgetFor(spec.name) / KiB;
    let measured: RouteResult['measured'];
    try {
      measured = await coldLoad(browser, origin, spec, spec.as === 'guest' ? null : sessions[spec.as]);
    } catch (error) {
      measured = { error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
    }
    const withinBudget = size.js.gzip <= budget * KiB;
    results.push({
      route: spec.name,
      path: spec.path,
      signedInAs: spec.as,
      files: size.files,
      js: sizeKiB(size.js),
      css: sizeKiB(size.css),
      jsBudgetKiB: budget,
      withinBudget,
      predictedRequests: size.requests,
      measured,
      ...(withinBudget ? {} : { breakdown: jsBreakdown(size.files) }),
    });
  }
  return results;
}

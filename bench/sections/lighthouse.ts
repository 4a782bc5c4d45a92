import { chromium, type Page } from '@playwright/test';
import type lighthouseApi from 'lighthouse';
import type { Config, Flags, Result } from 'lighthouse';
import type { BenchSession } from '../lib/apiClient';
import { sessionStorageEntries } from '../lib/apiClient';
import { launchDebuggableChrome } from '../lib/chrome';
import { sleep } from '../lib/processes';
import { median, round } from '../lib/stats';

export type FormFactor = 'mobile' | 'desktop';

interface Target {
  name: string;
  path: string;
  signedIn: boolean;
}

const TARGETS: Target[] = [
  { name: '/', path: '/', signedIn: false },
  { name: '/login', path: '/login', signedIn: false },
  { name: '/dashboard (customer, signed in)', path: '/dashboard', signedIn: true },
];
const FORM_FACTORS: FormFactor[] = ['mobile', 'desktop'];
export const LIGHTHOUSE_RUNS = 3;

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  requests: number;
  /** Main-thread work and JavaScript boot-up time as Lighthouse estimates them. */
  mainThreadMs: number;
  bootupMs: number;
  /** Longest critical request chain (requests in sequence before the page can render) and its duration. */
  chainLength: number;
  chainMs: number;
  /** Lighthouse's CPU benchmark of the machine during the run (higher = faster; a loaded machine scores low). */
  benchmarkIndex: number;
  /** HTML snippet of the LCP element. */
  lcpElement: string;
  finalUrl: string;
}

export interface LighthouseResult {
  page: string;
  formFactor: FormFactor;
  /** Median of the runs, metric by metric; null when the page could not be measured. */
  median: LighthouseRun | null;
  runs: LighthouseRun[];
  warnings: string[];
  error?: string;
}

/** Targets: Lighthouse "green" scores and the Core Web Vitals "good" thresholds (the issue sets none of its own). */
export const LIGHTHOUSE_TARGETS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

/** The first `snippet` anywhere in an audit's details (the LCP element's node). */
function firstSnippet(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  if ('snippet' in value && typeof value.snippet === 'string') return value.snippet;
  for (const child of Object.values(value)) {
    const found = firstSnippet(child);
    if (found) return found;
  }
  return '';
}

function longestChain(lhr: Result): { length: number; duration: number } {
  const details = lhr.audits['critical-request-chains']?.details;
  const chain = details && 'longestChain' in details ? details.longestChain : undefined;
  return { length: chain?.length ?? 0, duration: chain?.duration ?? 0 };
}

function toRun(lhr: Result): LighthouseRun {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: round(numeric('cumulative-layout-shift'), 3),
    requests: requests && 'items' in requests ? requests.items.length : 0,
    mainThreadMs: Math.round(numeric('mainthread-work-breakdown')),
    bootupMs: Math.round(numeric('bootup-time')),
    chainLength: longestChain(lhr).length,
    chainMs: Math.round(longestChain(lhr).duration),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    lcpElement: firstSnippet(lhr.audits['largest-contentful-paint-element']?.details).slice(0, 160),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const m = (key: Exclude<keyof LighthouseRun, 'finalUrl' | 'lcpElement'>) => median(runs.map((r) => r[key]));
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    lcpMs: Math.round(m('lcpMs')),
    tbtMs: Math.round(m('tbtMs')),
    cls: round(m('cls'), 3),
    requests: m('requests'),
    mainThreadMs: Math.round(m('mainThreadMs')),
    bootupMs: Math.round(m('bootupMs')),
    chainLength: m('chainLength'),
    chainMs: Math.round(m('chainMs')),
    benchmarkIndex: Math.round(m('benchmarkIndex')),
    lcpElement: runs[0]?.lcpElement ?? '',
    finalUrl: runs[0]?.finalUrl ?? '',
  };
}

/** Runs `fn` on a new tab of the Chromium we launched, through a Playwright CDP connection. */
async function withCdp<T>(port: number, fn: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    try {
      return await fn(page);
    } finally {
      await page.close();
    }
  } finally {
    await browser.close(); // disconnects; the Chromium we launched keeps running
  }
}

/**
 * Signs the Chrome profile in: localStorage token, refresh_token and user on the origin, so a run with
 * disableStorageReset opens the dashboard signed in.
 */
async function seedSession(port: number, origin: string, session: BenchSession): Promise<void> {
  await withCdp(port, async (page) => {
    await page.goto(`${origin}/api/health`); // a same-origin document that runs no app code
    await page.evaluate((entries) => {
      for (const { name, value } of entries) localStorage.setItem(name, value);
    }, sessionStorageEntries(session));
  });
}

/** With storage reset off Lighthouse keeps the HTTP cache too; clear it so every run is a cold load. */
async function clearHttpCache(port: number): Promise<void> {
  await withCdp(port, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
  });
  // Let the tab close and the CDP client detach before Lighthouse attaches (otherwise an occasional NO_NAVSTART).
  await sleep(500);
}

type Lighthouse = typeof lighthouseApi;

/** Attempts per run: Lighthouse occasionally fails to record a trace (NO_NAVSTART, NO_FCP) on a loaded machine. */
const ATTEMPTS = 3;

interface RunContext {
  lighthouse: Lighthouse;
  port: number;
  origin: string;
  config: Config | undefined;
  log: (line: string) => void;
}

async function attempt(ctx: RunContext, target: Target, formFactor: FormFactor, warnings: Set<string>): Promise<LighthouseRun> {
  if (target.signedIn) await clearHttpCache(ctx.port);
  const flags: Flags = {
    port: ctx.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: target.signedIn,
  };
  const lhr = (await ctx.lighthouse(`${ctx.origin}${target.path}`, flags, ctx.config))?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  for (const w of lhr.runWarnings) warnings.add(String(w));
  const run = toRun(lhr);
  const finalPath = new URL(run.finalUrl).pathname;
  if (finalPath !== target.path) throw new Error(`the page ended on ${finalPath}`);
  return run;
}

/** One run, retried up to ATTEMPTS times; the retries are noted in the warnings. */
async function runOnce(ctx: RunContext, target: Target, formFactor: FormFactor, warnings: Set<string>): Promise<LighthouseRun> {
  for (let i = 1; ; i += 1) {
    try {
      return await attempt(ctx, target, formFactor, warnings);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (i >= ATTEMPTS) throw new Error(`Lighthouse ${target.path} (${formFactor}) failed ${ATTEMPTS} times; last: ${message}`);
      warnings.add(`a run was repeated after: ${message.slice(0, 80)}`);
      ctx.log(`lighthouse ${target.name} ${formFactor}: attempt ${i} failed (${message.slice(0, 80)}), retrying`);
    }
  }
}

/**
 * Section 2: Lighthouse (programmatic API, default mobile config and desktop config) against the running
 * server, median of LIGHTHOUSE_RUNS runs per page and form factor. The signed-in dashboard runs after the
 * public pages (whose runs reset the origin's storage) with disableStorageReset. A page that cannot be measured
 * gets an `error` and the others still run.
 */
export async function runLighthouse(origin: string, session: BenchSession, log: (line: string) => void): Promise<LighthouseResult[]> {
  // Lighthouse is ESM and serialises functions into the page: load it through Node's ESM loader, not tsx's
  // CommonJS transform (which adds `__name` helpers that do not exist in the page).
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const configs: Record<FormFactor, Config | undefined> = { mobile: undefined, desktop: desktopConfig };

  const chrome = await launchDebuggableChrome();
  const results: LighthouseResult[] = [];
  try {
    let seeded = false;
    for (const target of TARGETS) {
      if (target.signedIn && !seeded) {
        await seedSession(chrome.port, origin, session);
        seeded = true;
      }
      for (const formFactor of FORM_FACTORS) {
        const ctx: RunContext = { lighthouse, port: chrome.port, origin, config: configs[formFactor], log };
        const runs: LighthouseRun[] = [];
        const warnings = new Set<string>();
        try {
          for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) {
            const run = await runOnce(ctx, target, formFactor, warnings);
            runs.push(run);
            log(`lighthouse ${target.name} ${formFactor} #${i + 1}: perf ${run.performance}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms`);
          }
          results.push({ page: target.name, formFactor, median: medianRun(runs), runs, warnings: [...warnings] });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          results.push({ page: target.name, formFactor, median: null, runs, warnings: [...warnings], error: message });
        }
      }
    }
  } finally {
    await chrome.stop();
  }
  return results;
}

import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ReportSettings } from '../config';
import { UnavailableError } from '../domain/errors';
import type { RenderResult, RenderTask } from './render';

/** The answer when every render thread is busy and REPORT_QUEUE reports already wait. */
export const REPORTS_BUSY = 'Too many reports are being prepared right now. Please try again in a moment.';
/** Seconds a client is told to wait then (Retry-After): a report renders in well under a second. */
export const REPORTS_RETRY_AFTER_SECONDS = 2;
/** A render thread with nothing to do ends after this (the next report starts one again). */
const IDLE_MS = 10 * 60_000;
/** piscina's messages when its queue is full, or there is none (REPORT_QUEUE=0): it gives them no error code. */
const QUEUE_FULL = new Set(['Task queue is at limit', 'No task queue available and all Workers are busy']);

/**
 * Renders service reports on a pool of worker threads (piscina), so laying out a PDF — tens to hundreds of
 * milliseconds of synchronous pdfkit and fontkit work — never holds up the event loop that answers every other
 * request. At most `workers` threads, started at the first report (so an app that renders none, like most test
 * apps, starts none) and ended after 10 idle minutes; at most `queue` reports wait for one, and one more is refused
 * with 503 (UnavailableError) rather than piling up. Each thread parses the fonts once, at its first report.
 * The data goes to the thread by structured clone and the PDF comes back the same way (tens of kilobytes).
 *
 * The threads load renderWorker.mjs (plain JavaScript, which registers tsx for the TypeScript behind it) with no
 * `execArgv`: the same way under `tsx` (npm start, npm run serve), jest and a child process.
 */
export class ReportRenderer {
  private readonly pool: Piscina<RenderTask, RenderResult>;

  constructor(settings: ReportSettings) {
    this.pool = new Piscina({
      filename: join(__dirname, 'renderWorker.mjs'),
      minThreads: 0,
      maxThreads: settings.workers,
      maxQueue: settings.queue,
      idleTimeout: IDLE_MS,
      execArgv: [],
      // Keep waiting callers in order (a queued report is not overtaken by later ones once a thread frees up).
      stricterFIFO: true,
    });
  }

  /** The PDF of `task`, laid out on a render thread; UnavailableError when the queue is full. */
  async render(task: RenderTask): Promise<RenderResult> {
    try {
      return await this.pool.run(task);
    } catch (error) {
      if (error instanceof Error && QUEUE_FULL.has(error.message)) throw new UnavailableError(REPORTS_BUSY);
      throw error;
    }
  }

  /** The render threads running now (none before the first report and after close). */
  get threads(): readonly Worker[] {
    return this.pool.threads;
  }

  /** Reports waiting for a thread. */
  get queued(): number {
    return this.pool.queueSize;
  }

  /** Lets the reports being rendered finish, then ends every thread. */
  close(): Promise<void> {
    return this.pool.close();
  }
}

import { threadId } from 'node:worker_threads';
import { loadReportFonts } from './fonts';
import type { SlotLabels } from './format';
import { renderServiceReport } from './pdf';
import type { ServiceReport } from './queries';

/** What a render thread is given: plain data only (it crosses threads by structured clone). */
export interface RenderTask {
  report: ServiceReport;
  timeZone: string;
  slots: SlotLabels;
  /** ms since the epoch, printed in the footer. */
  generatedAt: number;
}

export interface RenderResult {
  pdf: Uint8Array;
  /** The thread that laid the report out (never the main thread's 0 when it runs in the pool). */
  threadId: number;
}

/** Renders one report in the calling thread, with this thread's fonts (parsed at its first report). */
export async function renderTask({ report, timeZone, slots, generatedAt }: RenderTask): Promise<RenderResult> {
  const fonts = await loadReportFonts();
  const pdf = await renderServiceReport(report, { timeZone, slots, fonts, generatedAt });
  return { pdf, threadId };
}

import { threadId } from 'node:worker_threads';
import { loadReportFonts } from './fonts';
import type { SlotLabels } from './format';
import type { Invoice } from '../contract/billing';
import { renderInvoice } from './invoicePdf';
import { renderServiceReport } from './pdf';
import type { ServiceReport } from './queries';
import { lowerThisThreadsPriority } from './threadPriority';

/** What a render thread is given: plain data only (it crosses threads by structured clone). */
export interface ReportTask {
  report: ServiceReport;
  timeZone: string;
  slots: SlotLabels;
  /** ms since the epoch, printed in the footer. */
  generatedAt: number;
}

/** An invoice to lay out (billing/pdfRoutes.ts): the same threads and fonts as the service report. */
export interface InvoiceTask {
  invoice: Invoice;
  timeZone: string;
  generatedAt: number;
}

export type RenderTask = ReportTask | InvoiceTask;

export interface RenderResult {
  pdf: Uint8Array;
  /** The thread that laid the report out (never the main thread's 0 when it runs in the pool). */
  threadId: number;
  /** That thread's nice value (Linux), or null where threads have none of their own. */
  nice: number | null;
}

/** Set once per render thread, at its first report. */
let nice: number | null | undefined;

/** Renders one report or invoice in the calling thread, with this thread's fonts (parsed at its first document). */
export async function renderTask(task: RenderTask): Promise<RenderResult> {
  // Only a pool thread steps back: rendered on the main thread (the bench's comparison), it keeps its priority.
  if (nice === undefined && threadId !== 0) nice = lowerThisThreadsPriority();
  const fonts = await loadReportFonts();
  const { timeZone, generatedAt } = task;
  const pdf = 'invoice' in task ? await renderInvoice(task.invoice, { timeZone, fonts, generatedAt }) : await renderServiceReport(task.report, { timeZone, slots: task.slots, fonts, generatedAt });
  return { pdf, threadId, nice: nice ?? null };
}

/**
 * Helpers of the report suites: GET /api/appointments/:id/report as raw bytes, the PDF's text (pdfjs-dist in a
 * child process: it is ES modules only), and a job's stored history.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Json } from '../helpers/http';
import type { Shop } from '../helpers/shop';

export interface ReportResponse {
  status: number;
  headers: OutgoingHttpHeaders;
  bytes: Buffer;
  /** The JSON body of an error answer. */
  body: Json;
}

export async function getReport(app: FastifyInstance, id: string, token?: string): Promise<ReportResponse> {
  const response = await app.inject({ method: 'GET', url: `/api/appointments/${id}/report`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  let body: Json;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, body };
}

export interface PdfText {
  /** Each page's lines, top to bottom (items on one baseline joined by a space). */
  pages: string[][];
  info: Record<string, unknown>;
}

const SCRIPT = join(__dirname, 'pdfText.mjs');

/** The text of a PDF, as a reader's PDF viewer extracts it (Mozilla's pdf.js). */
export function pdfText(bytes: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [SCRIPT], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`pdfText failed: ${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout) as PdfText);
    });
    child.stdin?.end(bytes);
  });
}

/** Every line of every page, in order. */
export function allLines(text: PdfText): string[] {
  return text.pages.flat();
}

export interface HistoryRow {
  event: string;
  status: string;
  stage: string | null;
  actor_id: string | null;
  employee_id: string | null;
  from_date: string | null;
  from_slot: string | null;
  to_date: string | null;
  to_slot: string | null;
  occurred_at: string;
}

/** The job's history rows as stored, in order. */
export async function historyOf(shop: Shop, appointmentId: string): Promise<HistoryRow[]> {
  const rows = await shop.app.db
    .selectFrom('job_history')
    .select(['event', 'status', 'stage', 'actor_id', 'employee_id', 'from_date', 'from_slot', 'to_date', 'to_slot', 'occurred_at'])
    .where('appointment_id', '=', appointmentId)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, occurred_at: new Date(row.occurred_at).toISOString() }));
}

/**
 * Helpers of the report suites: GET /api/appointments/:id/report as raw bytes, the PDF's text (pdfjs-dist in a
 * child process: it is ES modules only), and a job's stored history.
 */
import { execFile } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { join } from 'node:path';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { call, type Json } from '../helpers/http';
import { approvedTechnician, type Person, type Shop, SHOP_TODAY, shopTime, signUp } from '../helpers/shop';

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

/** The answer's body; throws (failing the test) on anything but 2xx. */
export async function ok(response: Promise<{ status: number; body: Json; text: string }>): Promise<Json> {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`request failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

export interface WorkedJob {
  customer: Person;
  technician: Person;
  job: Json;
}

/**
 * A job on `date` (today) at `slot` for a new customer and a new approved technician (names as given), booked through the
 * API, assigned, started and completed by the technician five minutes in: the clock moves to `slot` + 5 minutes.
 */
export async function workedJob(
  shop: Shop,
  slot: string,
  names: { customer?: string; technician?: string; make?: string } = {},
  date = SHOP_TODAY,
): Promise<WorkedJob> {
  const customer = await signUp(shop.app, 'CUSTOMER', names.customer ? { fullName: names.customer } : {});
  const technician = await approvedTechnician(shop, names.technician ? { fullName: names.technician } : {});
  const vehicle = await ok(call(shop.app, 'POST', '/api/vehicles', { token: customer.token, body: { plate: `RPT ${slot.replace(':', '')}`, make: names.make ?? 'Toyota', model: 'Axio' } }));
  const booked = await ok(call(shop.app, 'POST', '/api/appointments', { token: customer.token, body: { vehicleId: vehicle.id, serviceType: 'OIL_CHANGE', date, slot } }));
  await ok(call(shop.app, 'POST', `/api/appointments/${booked.id}/assign`, { token: shop.admin.token, body: { employeeId: technician.id } }));
  const [hours, minutes] = slot.split(':').map(Number);
  shop.clock.advance(shopTime(date, `${String(hours).padStart(2, '0')}:${String(minutes + 5).padStart(2, '0')}`) - shop.clock.now());
  await ok(call(shop.app, 'PATCH', `/api/appointments/${booked.id}/status`, { token: technician.token, body: { status: 'in_progress' } }));
  const job = await ok(call(shop.app, 'PATCH', `/api/appointments/${booked.id}/status`, { token: technician.token, body: { status: 'completed' } }));
  return { customer, technician, job };
}

/** POST /api/time-logs as `technician` on `date` (today). */
export function logTime(shop: Shop, technician: Person, appointmentId: string, startTime: string, endTime: string, description: string, date = SHOP_TODAY): Promise<Json> {
  return ok(call(shop.app, 'POST', '/api/time-logs', { token: technician.token, body: { appointmentId, date, startTime, endTime, description } }));
}

/**
 * A job with a long story, made through the API on SHOP_TODAY at `slot`: booked, assigned, started, `stageChanges`
 * changes of stage, completed, then `logs` time logs of five minutes from 12:00 (the clock moves to 23:00 first),
 * each with a two-sentence description. Its history has `stageChanges` + 4 entries.
 */
export async function longJob(shop: Shop, slot: string, { stageChanges, logs }: { stageChanges: number; logs: number }): Promise<WorkedJob> {
  const customer = await signUp(shop.app, 'CUSTOMER');
  const technician = await approvedTechnician(shop);
  const booked = await ok(call(shop.app, 'POST', '/api/appointments', { token: customer.token, body: { plate: `LONG ${slot.replace(':', '')}`, serviceType: 'FULL_SERVICE', date: SHOP_TODAY, slot } }));
  await ok(call(shop.app, 'POST', `/api/appointments/${booked.id}/assign`, { token: shop.admin.token, body: { employeeId: technician.id } }));
  shop.clock.advance(shopTime(SHOP_TODAY, slot) - shop.clock.now());
  const status = (body: Record<string, string>) => ok(call(shop.app, 'PATCH', `/api/appointments/${booked.id}/status`, { token: technician.token, body }));
  await status({ status: 'in_progress' });
  for (let change = 0; change < stageChanges; change += 1) await status({ status: 'in_progress', stage: change % 2 === 0 ? 'AWAITING_PARTS' : 'IN_PROGRESS' });
  const job = await status({ status: 'completed' });
  shop.clock.advance(shopTime(SHOP_TODAY, '23:00') - shop.clock.now());
  const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  for (let log = 0; log < logs; log += 1) {
    const start = 12 * 60 + log * 5;
    await logTime(shop, technician, booked.id, time(start), time(start + 5), `Step ${log + 1}: pads, discs and fluid checked on both axles. Road test ${log % 2 ? 'passed' : 'booked for later'}.`);
  }
  return { customer, technician, job };
}

/** The subset fonts a PDF embeds, by PostScript name without the subset tag (`NotoSansSinhala-Regular`). */
export function embeddedFonts(bytes: Buffer): string[] {
  const names = [...bytes.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([A-Za-z0-9-]+)/g)].map((match) => match[1]);
  return [...new Set(names)].sort();
}

/**
 * Every glyph id the PDF's pages show, as pdfkit writes them: embedded fonts are CID fonts, and text is shown with
 * `[<hex> kerning <hex>] TJ` (four hex digits a glyph) in Flate-compressed content streams. Glyph 0 is `.notdef`,
 * the empty box a font prints for a character it has no glyph for.
 */
export function shownGlyphIds(bytes: Buffer): number[] {
  const pdf = bytes.toString('latin1');
  const ids: number[] = [];
  for (const match of pdf.matchAll(/\/Filter \/FlateDecode[^>]*>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = pdf.indexOf('endstream', start);
    const content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    if (!/\bBT\b/.test(content)) continue;
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      for (const hex of array[1].matchAll(/<([0-9a-fA-F]*)>/g)) {
        for (let index = 0; index < hex[1].length; index += 4) ids.push(parseInt(hex[1].slice(index, index + 4), 16));
      }
    }
  }
  return ids;
}

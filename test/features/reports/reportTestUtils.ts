import { http, HttpResponse } from 'msw';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';

/** The first bytes of a PDF file (enough for a test: the app never looks inside). */
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.3\n%fake report\n%%EOF\n');

export interface ReportRequest {
  id: string;
  url: string;
  authorization: string | null;
}

export interface ReportServer {
  requests: ReportRequest[];
  /** Lets a held answer go (when served with `hold: true`). */
  release: () => void;
}

export interface ReportServeOptions {
  /** The answer's status (default 200, a PDF). */
  status?: number;
  /** An error answer's JSON message. */
  message?: string;
  /** Keep every answer waiting until `release()`. */
  hold?: boolean;
  /** The file name the server gives (default: carcare-report-<id>.pdf). */
  fileName?: (id: string) => string;
}

/** GET /api/appointments/:id/report as the server answers it: a PDF attachment, or an error in the API's shape. */
export function serveReports(options: ReportServeOptions = {}): ReportServer {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requests: ReportRequest[] = [];
  server.use(
    http.get<{ id: string }>(`${API}/appointments/:id/report`, async ({ params, request }) => {
      requests.push({ id: params.id, url: request.url, authorization: request.headers.get('authorization') });
      if (options.hold) await held;
      if (options.status && options.status >= 400) {
        return HttpResponse.json({ message: options.message ?? 'Internal server error', success: false }, { status: options.status, headers: { 'Cache-Control': 'no-store' } });
      }
      const fileName = options.fileName?.(params.id) ?? `carcare-report-${params.id}.pdf`;
      return new HttpResponse(PDF_BYTES, {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' },
      });
    }),
  );
  return { requests, release: () => release() };
}

export { type Downloads, type SavedFile, watchDownloads } from '../../utils/downloads';

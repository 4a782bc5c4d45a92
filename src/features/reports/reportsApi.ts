import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Appointment } from '@contract/appointments';
import { api } from '@/api/api';
import { attachmentFileName, saveFile } from '@/lib/saveFile';

/** What a download did: the file's name and size (the bytes themselves go to the browser, not the store). */
export interface ReportDownload {
  fileName: string;
  size: number;
}

/** A PDF answer as a Blob; an error answer as its JSON body (so the API's messages and the token refresh work). */
async function readReport(response: Response): Promise<unknown> {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/** The name the server gives the file, e.g. `carcare-report-CAB-4821-2099-01-15.pdf`; this one if it gives none. */
function fallbackName(job: Pick<Appointment, 'vehicle' | 'date'>): string {
  return `carcare-report-${job.vehicle.plate.replace(/[^A-Za-z0-9]+/g, '-')}-${job.date}.pdf`;
}

/**
 * Through the baseQuery so the token travels in a header (never a URL) and is refreshed; a mutation, because nothing
 * should be cached: each click gets the report as it stands now.
 */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadReport: build.mutation<ReportDownload, Pick<Appointment, 'id' | 'vehicle' | 'date'>>({
      queryFn: async (job, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: `/appointments/${encodeURIComponent(job.id)}/report`, responseHandler: readReport, cache: 'no-store' });
        if (result.error) return { error: result.error };
        const blob = result.data as Blob;
        // The api's baseQuery passes fetchBaseQuery's meta (request and response) through.
        const meta = result.meta as FetchBaseQueryMeta | undefined;
        const fileName = attachmentFileName(meta?.response?.headers.get('Content-Disposition')) ?? fallbackName(job);
        saveFile(blob, fileName);
        return { data: { fileName, size: blob.size } };
      },
    }),
  }),
});

export const { useDownloadReportMutation } = reportsApi;

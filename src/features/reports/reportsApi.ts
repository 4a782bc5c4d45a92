import type { Appointment } from '@contract/appointments';
import { api } from '@/api/api';
import { downloadFile, type FileDownload } from '@/lib/download';

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
    downloadReport: build.mutation<FileDownload, Pick<Appointment, 'id' | 'vehicle' | 'date'>>({
      queryFn: (job, _api, _extra, baseQuery) => downloadFile(baseQuery, `/appointments/${encodeURIComponent(job.id)}/report`, fallbackName(job)),
    }),
  }),
});

export const { useDownloadReportMutation } = reportsApi;

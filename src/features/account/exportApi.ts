import { downloadFile, type FileDownload } from '@/lib/download';
import { accountApi } from './accountApi';

/** The file GET /api/account/export is saved as, when the server names none. */
export const EXPORT_FILE_NAME = 'carcare-account.json';

/**
 * "Download my data": apart from accountApi.ts so the signed-out account pages, which share that file, do not carry
 * the download code. The token travels in the header, the file is saved under the server's name.
 */
export const exportApi = accountApi.injectEndpoints({
  endpoints: (build) => ({
    exportAccount: build.mutation<FileDownload, void>({
      queryFn: (_arg, _api, _extra, baseQuery) => downloadFile(baseQuery, '/account/export', EXPORT_FILE_NAME),
    }),
  }),
});

export const { useExportAccountMutation } = exportApi;

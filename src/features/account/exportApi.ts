import { EXPORT_FILE_NAME } from '@contract/accountMessages';
import { downloadFile, type FileDownload } from '@/lib/download';
import { accountApi } from './accountApi';

/**
 * "Download my data": apart from accountApi.ts so the signed-out account pages, which share that file, do not carry
 * the download code. The token travels in the header, the file is saved under the server's name.
 */
export const exportApi = accountApi.injectEndpoints({
  endpoints: (build) => ({
    exportAccount: build.mutation<FileDownload, void>({
      queryFn: (_arg, _api, _extra, baseQuery) => downloadFile(baseQuery, '/account/export', EXPORT_FILE_NAME) /* when the server names none */,
    }),
  }),
});

export const { useExportAccountMutation } = exportApi;

import type { FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { attachmentFileName, saveFile } from './saveFile';

/** What a download did: the file's name and size (the bytes themselves go to the browser, not the store). */
export interface FileDownload {
  fileName: string;
  size: number;
}

/** The api's baseQuery as an endpoint's `queryFn` receives it (its error type is the api's). */
type BaseQueryCall<E> = (arg: string | FetchArgs) => PromiseLike<BaseQueryAnswer<E>> | BaseQueryAnswer<E>;
interface BaseQueryAnswer<E> {
  data?: unknown;
  error?: E;
  meta?: unknown;
}

/** A file answer as a Blob; an error answer as its JSON body (so the API's messages and the token refresh work). */
async function readDownload(response: Response): Promise<unknown> {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/**
 * Fetches a file through the baseQuery, so the token travels in a header (never a URL) and is refreshed, and hands it
 * to the browser's download under the name the server gives it (Content-Disposition), else `fallbackName`. For an
 * endpoint's `queryFn` (a mutation: nothing is cached, each click gets the file as it stands now). Here, not in
 * api/, so only the pages that download carry it.
 */
export async function downloadFile<E>(baseQuery: BaseQueryCall<E>, url: string, fallbackName: string): Promise<{ data: FileDownload } | { error: E }> {
  const result = await baseQuery({ url, responseHandler: readDownload, cache: 'no-store' });
  if (result.error !== undefined) return { error: result.error };
  const blob = result.data as Blob;
  // The api's baseQuery passes fetchBaseQuery's meta (request and response) through.
  const meta = result.meta as FetchBaseQueryMeta | undefined;
  const fileName = attachmentFileName(meta?.response?.headers.get('Content-Disposition')) ?? fallbackName;
  saveFile(blob, fileName);
  return { data: { fileName, size: blob.size } };
}

// A revoke at once can cancel the download in some browsers; later, and the file's bytes stay in memory.
export const REVOKE_AFTER_MS = 1_000;

/** Hands a file the app fetched to the browser's download, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or null. */
export function attachmentFileName(header: string | null | undefined): string | null {
  const match = /filename="([^"]+)"/i.exec(header ?? '');
  return match ? match[1] : null;
}

export interface SavedFile {
  href: string;
  download: string;
  blob: Blob;
}

export interface Downloads {
  saved: SavedFile[];
  createObjectURL: jest.Mock;
  revokeObjectURL: jest.Mock;
  restore: () => void;
}

/**
 * Watches the browser side of a download: object URLs made and revoked (jsdom has neither) and clicks on links
 * (jsdom would try to navigate), recording each link's href, download name and the blob behind it.
 */
export function watchDownloads(): Downloads {
  const blobs = new Map<string, Blob>();
  let count = 0;
  const createObjectURL = jest.fn((blob: Blob) => {
    count += 1;
    const url = `blob:http://localhost/report-${count}`;
    blobs.set(url, blob);
    return url;
  });
  const revokeObjectURL = jest.fn();
  const saved: SavedFile[] = [];
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download, blob: blobs.get(this.href)! });
  });
  return {
    saved,
    createObjectURL,
    revokeObjectURL,
    restore: () => {
      click.mockRestore();
      Object.assign(URL, original);
    },
  };
}

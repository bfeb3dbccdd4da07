import { DOWNLOAD_STAGGER_MS } from '@cinegrade/contract';
import { toast } from '../ui/toast-store';

export interface DownloadItem {
  readonly url: string;
  readonly fileName: string;
}

/** Starts one browser download through a temporary link. */
export function downloadLink(item: DownloadItem): void {
  const link = document.createElement('a');
  link.href = item.url;
  link.download = item.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** How long a temporary link to a fetched file lives once its download has started. */
const TEMPORARY_LINK_MS = 1000;

/**
 * Downloads a file under the given name whatever name the server gives it: the file is fetched,
 * and saved through a temporary link that is revoked a second later. Failing, it says so.
 */
export function downloadRenamed(item: DownloadItem): void {
  void fetch(item.url, { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) throw new Error(String(response.status));
      const url = URL.createObjectURL(await response.blob());
      downloadLink({ url, fileName: item.fileName });
      window.setTimeout(() => URL.revokeObjectURL(url), TEMPORARY_LINK_MS);
    })
    .catch(() => toast({ title: 'Error', description: `Failed to download ${item.fileName}`, variant: 'destructive' }));
}

/**
 * Downloads files one after another, {@link DOWNLOAD_STAGGER_MS} apart (browsers drop a burst of
 * simultaneous downloads), resolving after the last has started.
 */
export function downloadOneByOne(items: readonly DownloadItem[], start: (item: DownloadItem) => void = downloadLink): Promise<void> {
  return new Promise((resolve) => {
    items.forEach((item, index) => {
      window.setTimeout(() => {
        start(item);
        if (index === items.length - 1) resolve();
      }, index * DOWNLOAD_STAGGER_MS);
    });
    if (items.length === 0) resolve();
  });
}

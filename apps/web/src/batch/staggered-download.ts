import { DOWNLOAD_STAGGER_MS } from '@cinegrade/contract';

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

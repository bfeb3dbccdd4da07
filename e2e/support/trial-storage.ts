import type { Page } from 'playwright-core';

/** What the browser keeps of the signed-out trial file (IndexedDB `cinegrade`, store `trial-file`). */
export interface KeptTrial {
  name: string;
  type: string;
  size: number;
  /** Bytes of the kept Blob, to compare with `size`. */
  bytes: number;
  savedAt: number;
  grade: { selected_lut: string | null; color_settings: Record<string, unknown> } | null;
}

/** Reads the trial file kept in the page's IndexedDB, as the web app stores it; null when none. */
export async function keptTrial(page: Page): Promise<KeptTrial | null> {
  return page.evaluate(
    () =>
      new Promise<KeptTrial | null>((resolve, reject) => {
        const open = indexedDB.open('cinegrade');
        // No database yet: creating it here would leave the app an empty one, so give up instead.
        let created = false;
        open.onupgradeneeded = () => {
          created = true;
          open.transaction?.abort();
        };
        open.onerror = () => (created ? resolve(null) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('trial-file')) {
            db.close();
            resolve(null);
            return;
          }
          const get = db.transaction('trial-file').objectStore('trial-file').get('current');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            const entry = get.result as (Omit<KeptTrial, 'bytes'> & { blob: Blob }) | undefined;
            db.close();
            if (!entry) resolve(null);
            else resolve({ name: entry.name, type: entry.type, size: entry.size, bytes: entry.blob.size, savedAt: entry.savedAt, grade: entry.grade });
          };
        };
      }),
  );
}

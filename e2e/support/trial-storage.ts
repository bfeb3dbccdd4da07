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
        open.onerror = () => (created ? resolve(null) : reject(open.error ?? new Error('IndexedDB could not be opened')));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('trial-file')) {
            db.close();
            resolve(null);
            return;
          }
          const get = db.transaction('trial-file').objectStore('trial-file').get('current');
          get.onerror = () => reject(get.error ?? new Error('IndexedDB read failed'));
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

/** Puts a trial file in the page's IndexedDB as the web app would have kept it in an earlier visit. */
export async function putKeptTrial(page: Page, entry: { name: string; type: string; text: string }): Promise<void> {
  await page.evaluate(
    ({ name, type, text }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('cinegrade', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('trial-file');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB could not be opened'));
        open.onsuccess = () => {
          const transaction = open.result.transaction('trial-file', 'readwrite');
          transaction.objectStore('trial-file').put({ blob: new Blob([text], { type }), name, type, size: text.length, savedAt: Date.now(), grade: null }, 'current');
          transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
    entry,
  );
}

import { TEMP_FILE_MAX_AGE_MS, type SavedGrade } from '@cinegrade/contract';

/**
 * The signed-out visitor's trial file as kept in the browser's own storage (IndexedDB), so that a
 * reload, a visit to /auth or the verification link opened in the same tab keeps it
 * (docs/product-rules.md, 'Temporary file'). One entry at most; older than a day, it is deleted
 * when read. Every method rejects when the browser cannot keep it (no IndexedDB, private mode,
 * quota): the caller keeps the file in memory instead and says so.
 */
export interface StoredTrial {
  blob: Blob;
  name: string;
  type: string;
  size: number;
  /** When the file was kept (ms since the epoch); the entry expires a day later. */
  savedAt: number;
  /** The grade made on it, in the form saved on assets; null while it is the original. */
  grade: SavedGrade | null;
}

export interface TrialStore {
  /** False when the browser has no IndexedDB at all: every call rejects. */
  readonly available: boolean;
  /** The kept entry, or null; an expired entry is deleted and answers null. */
  load: () => Promise<StoredTrial | null>;
  /** Keeps `entry`, replacing any. */
  save: (entry: StoredTrial) => Promise<void>;
  /** Changes the grade of the kept entry; nothing when there is none. */
  saveGrade: (grade: SavedGrade | null) => Promise<void>;
  clear: () => Promise<void>;
}

const DB_NAME = 'cinegrade';
const DB_VERSION = 1;
const STORE = 'trial-file';
const KEY = 'current';

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function isStoredTrial(value: unknown): value is StoredTrial {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<StoredTrial>;
  return entry.blob instanceof Blob && typeof entry.name === 'string' && typeof entry.type === 'string' && typeof entry.savedAt === 'number';
}

/**
 * The IndexedDB store. `factory` is the browser's `indexedDB` (absent in some private modes and
 * old browsers: every call then rejects); `now` is the clock the expiry is measured with.
 */
export function indexedDbTrialStore(factory: IDBFactory | undefined = globalThis.indexedDB, now: () => number = () => Date.now()): TrialStore {
  let opening: Promise<IDBDatabase> | null = null;
  const database = (): Promise<IDBDatabase> => {
    if (!factory) return Promise.reject(new Error('IndexedDB is not available in this browser'));
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
      request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };

  const inTransaction = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T> => {
    const transaction = (await database()).transaction(STORE, mode);
    const done = transactionDone(transaction);
    const result = await work(transaction.objectStore(STORE));
    await done;
    return result;
  };

  return {
    available: factory !== undefined,
    load: () =>
      inTransaction('readwrite', async (store) => {
        const value: unknown = await requestResult(store.get(KEY));
        if (value === undefined) return null;
        if (!isStoredTrial(value) || now() - value.savedAt > TEMP_FILE_MAX_AGE_MS || value.savedAt > now()) {
          await requestResult(store.delete(KEY));
          return null;
        }
        return value;
      }),
    save: (entry) =>
      inTransaction('readwrite', async (store) => {
        await requestResult(store.put(entry, KEY));
      }),
    saveGrade: (grade) =>
      inTransaction('readwrite', async (store) => {
        const value: unknown = await requestResult(store.get(KEY));
        if (isStoredTrial(value)) await requestResult(store.put({ ...value, grade }, KEY));
      }),
    clear: () =>
      inTransaction('readwrite', async (store) => {
        await requestResult(store.delete(KEY));
      }),
  };
}

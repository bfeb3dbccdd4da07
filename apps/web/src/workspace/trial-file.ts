import type { Grade } from '@cinegrade/color';
import { TEMP_FILE_LIMIT_BYTES, gradeFromSavedGrade, savedGradeFromGrade, type MediaType } from '@cinegrade/contract';
import type { TrialStore } from './trial-store';

/**
 * The signed-out visitor's one temporary file (docs/product-rules.md, 'Temporary file'): held in
 * memory for this page, and kept in the browser's storage (`trial-store.ts`) so a reload, a visit
 * to /auth or the verification link opened in the same tab finds it again. When the browser cannot
 * keep it, it lives in memory only and the visitor is told a reload loses it.
 */
export interface TrialFileRecord {
  fileName: string;
  fileType: string;
  fileSize: number;
  mediaType: MediaType;
  /** When it was first kept (ms); a kept file expires a day later. */
  timestamp: number;
  mediaUrl: string;
}

export interface TrialFile {
  file: File;
  record: TrialFileRecord;
}

/** Where the trial file is kept: 'browser' survives a reload, 'memory' only this page. */
export type TrialKeeping = 'browser' | 'memory';

let inMemory: TrialFile | null = null;
/** The grade made on the trial file, kept current while it is edited; null while it is the original. */
let inMemoryGrade: Grade | null = null;

/** Image when the format is one of these, otherwise video (docs/product-rules.md, 'Validation'). */
const IMAGE_FORMATS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff', 'tif', 'heic', 'heif', 'avif']);

export function mediaTypeOf(file: Pick<File, 'name' | 'type'>): MediaType {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return IMAGE_FORMATS.has(extension) ? 'image' : 'video';
}

function recordOf(file: File, timestamp: number): TrialFileRecord {
  return {
    fileName: file.name,
    fileType: file.type,
    fileSize: file.size,
    mediaType: mediaTypeOf(file),
    timestamp,
    mediaUrl: URL.createObjectURL(file),
  };
}

function forgetInMemory(): void {
  if (inMemory) URL.revokeObjectURL(inMemory.record.mediaUrl);
  inMemory = null;
  inMemoryGrade = null;
}

/** Holds the file in memory; refuses above 50 MB (answers null and logs, as the spec says). */
export function storeTrialFile(file: File): TrialFile | null {
  if (file.size > TEMP_FILE_LIMIT_BYTES) {
    console.warn('File too large for temporary storage');
    return null;
  }
  forgetInMemory();
  inMemory = { file, record: recordOf(file, Date.now()) };
  return inMemory;
}

/**
 * Keeps the trial file in the browser's storage; answers where it is kept. A browser that cannot
 * (no IndexedDB, private mode, quota) leaves it in memory: the trial goes on, a reload loses it.
 */
export async function keepTrialInBrowser(trial: TrialFile, store: TrialStore): Promise<TrialKeeping> {
  const { file, record } = trial;
  try {
    await store.save({ blob: file, name: record.fileName, type: record.fileType, size: record.fileSize, savedAt: record.timestamp, grade: null });
    return 'browser';
  } catch (error) {
    console.warn('Temporary file kept in memory only: the browser could not store it', error);
    return 'memory';
  }
}

/** The trial file held in memory (the page has not been reloaded since it was chosen), else null. */
export function retrieveTrialFile(): TrialFile | null {
  return inMemory;
}

/**
 * The trial file after a reload: the one in memory, else the one kept in the browser's storage
 * (with its grade), else null. Storage that cannot be read answers null.
 */
export async function restoreTrialFile(store: TrialStore): Promise<TrialFile | null> {
  if (inMemory || !store.available) return inMemory;
  let stored;
  try {
    stored = await store.load();
  } catch (error) {
    console.warn('Temporary file could not be read from browser storage', error);
    return null;
  }
  // A file chosen while storage was being read wins over the older one.
  if (inMemory || !stored) return inMemory;
  const file = new File([stored.blob], stored.name, { type: stored.type });
  inMemory = { file, record: recordOf(file, stored.savedAt) };
  const parsed = stored.grade ? gradeFromSavedGrade(stored.grade) : null;
  inMemoryGrade = parsed?.ok ? parsed.grade : null;
  return inMemory;
}

/** The grade made on the trial file, or null while it is the original. */
export function trialGrade(): Grade | null {
  return inMemory ? inMemoryGrade : null;
}

/** Notes the trial file's grade in memory; `persistTrialGrade` writes it to the browser's storage. */
export function noteTrialGrade(grade: Grade): void {
  if (inMemory) inMemoryGrade = grade;
}

export async function persistTrialGrade(store: TrialStore): Promise<void> {
  if (!inMemory) return;
  try {
    await store.saveGrade(inMemoryGrade ? savedGradeFromGrade(inMemoryGrade) : null);
  } catch (error) {
    console.warn('Grade of the temporary file kept in memory only', error);
  }
}

/** Forgets the trial file, in memory and in the browser's storage. */
export function clearTrialFile(store: TrialStore): void {
  forgetInMemory();
  store.clear().catch(() => {
    // Storage unavailable: nothing was kept there.
  });
}

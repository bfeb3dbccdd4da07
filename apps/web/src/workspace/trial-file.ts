import { TEMP_FILE_LIMIT_BYTES, type MediaType } from '@cinegrade/contract';

/**
 * The signed-out visitor's one temporary file (docs/product-rules.md, 'Temporary file'):
 * the file lives only in memory; a record of it sits in browser storage.
 */
export interface TrialFileRecord {
  fileName: string;
  fileType: string;
  fileSize: number;
  mediaType: MediaType;
  timestamp: number;
  mediaUrl: string;
}

const STORAGE_KEY = 'cinegrade.trial-file';
let inMemory: { file: File; record: TrialFileRecord } | null = null;

/** Image when the format is one of these, otherwise video (docs/product-rules.md, 'Validation'). */
const IMAGE_FORMATS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff', 'tif']);

export function mediaTypeOf(file: Pick<File, 'name' | 'type'>): MediaType {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return IMAGE_FORMATS.has(extension) ? 'image' : 'video';
}

/** Keeps the file; refuses above 50 MB (answers false and logs, as the spec says). */
export function storeTrialFile(file: File): TrialFileRecord | null {
  if (file.size > TEMP_FILE_LIMIT_BYTES) {
    console.warn('File too large for temporary storage');
    return null;
  }
  clearTrialFile();
  const record: TrialFileRecord = {
    fileName: file.name,
    fileType: file.type,
    fileSize: file.size,
    mediaType: mediaTypeOf(file),
    timestamp: Date.now(),
    mediaUrl: URL.createObjectURL(file),
  };
  inMemory = { file, record };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(record));
  } catch (error) {
    console.error('Failed to store temporary file', error);
  }
  return record;
}

/** The file, only while it is still in memory; a record without it is cleared. */
export function retrieveTrialFile(): { file: File; record: TrialFileRecord } | null {
  if (inMemory) return inMemory;
  try {
    if (localStorage.getItem(STORAGE_KEY)) localStorage.removeItem(STORAGE_KEY);
  } catch (error) {
    console.error('Failed to retrieve temporary file', error);
  }
  return null;
}

export function clearTrialFile(): void {
  if (inMemory) URL.revokeObjectURL(inMemory.record.mediaUrl);
  inMemory = null;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEMP_FILE_LIMIT_BYTES } from '@cinegrade/contract';
import { clearTrialFile, mediaTypeOf, retrieveTrialFile, storeTrialFile } from './trial-file';

function fileOfSize(size: number, name = 'clip.mp4', type = 'video/mp4'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('storeTrialFile', () => {
  afterEach(() => clearTrialFile());

  it('keeps a file up to 50 MB in memory with a record in browser storage', () => {
    URL.createObjectURL = vi.fn(() => 'blob:trial');
    URL.revokeObjectURL = vi.fn();
    const record = storeTrialFile(fileOfSize(TEMP_FILE_LIMIT_BYTES));
    expect(record).toMatchObject({ fileName: 'clip.mp4', fileType: 'video/mp4', fileSize: TEMP_FILE_LIMIT_BYTES, mediaType: 'video', mediaUrl: 'blob:trial' });
    expect(JSON.parse(localStorage.getItem('cinegrade.trial-file') ?? '{}')).toMatchObject({ fileName: 'clip.mp4' });
    expect(retrieveTrialFile()?.file.name).toBe('clip.mp4');
  });

  it('refuses a file over 50 MB and warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(storeTrialFile(fileOfSize(TEMP_FILE_LIMIT_BYTES + 1))).toBeNull();
    expect(warn).toHaveBeenCalledWith('File too large for temporary storage');
    warn.mockRestore();
  });
});

describe('retrieveTrialFile', () => {
  it('clears a record whose file is no longer in memory (after a reload)', () => {
    clearTrialFile();
    localStorage.setItem('cinegrade.trial-file', JSON.stringify({ fileName: 'old.mp4' }));
    expect(retrieveTrialFile()).toBeNull();
    expect(localStorage.getItem('cinegrade.trial-file')).toBeNull();
  });
});

describe('mediaTypeOf', () => {
  it('counts jpg, jpeg, png, gif, webp, bmp and tiff as images, everything else as video', () => {
    expect(mediaTypeOf({ name: 'a.TIFF', type: '' })).toBe('image');
    expect(mediaTypeOf({ name: 'a.mov', type: '' })).toBe('video');
    expect(mediaTypeOf({ name: 'a.bin', type: 'image/heic' })).toBe('image');
  });
});

// @vitest-environment node
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GRADE, EDITOR_LOOK_IDS } from '@cinegrade/color';
import { TEMP_FILE_LIMIT_BYTES } from '@cinegrade/contract';
import { indexedDbTrialStore } from './trial-store';

// Node's environment: its Blob survives fake-indexeddb's structured clone (see trial-store.test.ts).
// A fresh import of the module is the page after a reload: nothing left in memory.
const LOOK = EDITOR_LOOK_IDS[0]!;
const freshPage = async () => {
  vi.resetModules();
  return import('./trial-file');
};

describe('the trial file', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is kept in the browser with its grade, and a reload gets both back', async () => {
    const factory = new IDBFactory();
    const page = await freshPage();
    const store = indexedDbTrialStore(factory);
    const trial = page.storeTrialFile(new File(['frame bytes'], 'clip.mp4', { type: 'video/mp4' }));
    expect(trial?.record).toMatchObject({ fileName: 'clip.mp4', fileType: 'video/mp4', fileSize: 11, mediaType: 'video' });
    expect(await page.keepTrialInBrowser(trial!, store)).toBe('browser');
    const graded = { ...DEFAULT_GRADE, look: LOOK, adjustments: { ...DEFAULT_GRADE.adjustments, contrast: 20 } };
    page.noteTrialGrade(graded);
    await page.persistTrialGrade(store);

    const reloaded = await freshPage();
    expect(reloaded.retrieveTrialFile()).toBeNull();
    const restored = await reloaded.restoreTrialFile(indexedDbTrialStore(factory));
    expect(restored?.record).toMatchObject({ fileName: 'clip.mp4', fileType: 'video/mp4', fileSize: 11, timestamp: trial!.record.timestamp });
    expect(await restored?.file.text()).toBe('frame bytes');
    expect(reloaded.trialGrade()).toEqual(graded);

    reloaded.clearTrialFile(indexedDbTrialStore(factory));
    expect(reloaded.trialGrade()).toBeNull();
    const again = await freshPage();
    await vi.waitFor(async () => expect(await again.restoreTrialFile(indexedDbTrialStore(factory))).toBeNull());
  });

  it('stays in memory, and says so, when the browser cannot store it', async () => {
    const page = await freshPage();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const trial = page.storeTrialFile(new File(['x'], 'photo.jpg', { type: '' }));
    expect(await page.keepTrialInBrowser(trial!, indexedDbTrialStore(undefined))).toBe('memory');
    expect(warn).toHaveBeenCalledWith('Temporary file kept in memory only: the browser could not store it', expect.any(Error));
    expect(page.retrieveTrialFile()?.record).toMatchObject({ fileName: 'photo.jpg', mediaType: 'image' });
    expect(await page.restoreTrialFile(indexedDbTrialStore(undefined))).toBe(trial);
  });

  it('refuses a file over 50 MB and warns', async () => {
    const page = await freshPage();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const big = new File(['x'], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: TEMP_FILE_LIMIT_BYTES + 1 });
    expect(page.storeTrialFile(big)).toBeNull();
    expect(warn).toHaveBeenCalledWith('File too large for temporary storage');
    const limit = new File(['x'], 'limit.mp4', { type: 'video/mp4' });
    Object.defineProperty(limit, 'size', { value: TEMP_FILE_LIMIT_BYTES });
    expect(page.storeTrialFile(limit)?.record.fileSize).toBe(TEMP_FILE_LIMIT_BYTES);
  });
});

describe('mediaTypeOf', () => {
  it('counts jpg, jpeg, png, gif, webp, bmp, tiff, heic, heif and avif as images, everything else as video', async () => {
    const { mediaTypeOf } = await import('./trial-file');
    expect(mediaTypeOf({ name: 'a.TIFF', type: '' })).toBe('image');
    expect(mediaTypeOf({ name: 'IMG_0001.HEIC', type: '' })).toBe('image');
    expect(mediaTypeOf({ name: 'photo.avif', type: '' })).toBe('image');
    expect(mediaTypeOf({ name: 'a.mov', type: '' })).toBe('video');
    expect(mediaTypeOf({ name: 'a.bin', type: 'image/heic' })).toBe('image');
  });
});

// @vitest-environment node
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { TEMP_FILE_MAX_AGE_MS } from '@cinegrade/contract';
import { indexedDbTrialStore, type StoredTrial } from './trial-store';

// jsdom has no IndexedDB; fake-indexeddb is the same API in memory (the e2e test uses Chromium's).
// Node's environment: its Blob survives the structured clone fake-indexeddb makes, jsdom's does not.
function entry(savedAt: number, text = 'frame'): StoredTrial {
  return { blob: new Blob([text], { type: 'video/mp4' }), name: 'clip.mp4', type: 'video/mp4', size: text.length, savedAt, grade: null };
}

describe('indexedDbTrialStore', () => {
  it('keeps the file, its name, type, size, time and grade, and gives them back', async () => {
    const factory = new IDBFactory();
    let now = 1_000;
    const store = indexedDbTrialStore(factory, () => now);
    expect(await store.load()).toBeNull();
    await store.save(entry(now, 'first'));
    await store.save(entry(now, 'second'));
    const grade = { selected_lut: 'teal-orange', color_settings: { contrast: 20 } };
    await store.saveGrade(grade);
    now += 60_000;
    // A second store on the same database stands for the page after a reload.
    const loaded = await indexedDbTrialStore(factory, () => now).load();
    expect(loaded).toMatchObject({ name: 'clip.mp4', type: 'video/mp4', size: 6, savedAt: 1_000, grade });
    expect(await loaded?.blob.text()).toBe('second');
  });

  it('deletes an entry older than a day when reading it', async () => {
    const factory = new IDBFactory();
    let now = 5_000;
    const store = indexedDbTrialStore(factory, () => now);
    await store.save(entry(now));
    now += TEMP_FILE_MAX_AGE_MS;
    expect(await store.load()).not.toBeNull();
    now += 1;
    expect(await store.load()).toBeNull();
    now = 5_000;
    expect(await store.load()).toBeNull();
  });

  it('clears the entry, and changing the grade of no entry keeps nothing', async () => {
    const store = indexedDbTrialStore(new IDBFactory(), () => 10);
    await store.save(entry(10));
    await store.clear();
    await store.saveGrade({ selected_lut: null, color_settings: {} });
    expect(await store.load()).toBeNull();
  });

  it('rejects every call when the browser has no IndexedDB', async () => {
    const store = indexedDbTrialStore(undefined);
    expect(store.available).toBe(false);
    await expect(store.save(entry(1))).rejects.toThrow('IndexedDB is not available in this browser');
    await expect(store.load()).rejects.toThrow('IndexedDB is not available in this browser');
    await expect(store.clear()).rejects.toThrow();
  });
});

import { DEFAULT_GRADE, type Grade } from '@cinegrade/color';
import type { SavedGrade } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { createGradeStore, type GradeStore } from '../grade-store';
import { GradeAutosaver, SAVE_DEBOUNCE_MS } from './grade-autosaver';

const contrast = (value: number) => (grade: Grade): Grade => ({ ...grade, adjustments: { ...grade.adjustments, contrast: value } });

describe('GradeAutosaver', () => {
  let store: GradeStore;
  let sent: { assetId: string; saved: SavedGrade; keepalive: boolean }[];
  let answer: () => Promise<void>;
  let errors: unknown[];
  let saver: GradeAutosaver;
  let detach: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    store = createGradeStore();
    sent = [];
    errors = [];
    answer = () => Promise.resolve();
    saver = new GradeAutosaver(
      (assetId, saved, keepalive) => {
        sent.push({ assetId, saved, keepalive });
        return answer();
      },
      (error) => errors.push(error),
    );
    detach = saver.attach(store);
    store.load('asset-a', DEFAULT_GRADE);
  });
  afterEach(() => {
    detach();
    vi.useRealTimers();
  });

  it('saves a burst of changes once, after the debounce, with the newest grade', async () => {
    for (let v = 1; v <= 30; v++) store.change(contrast(v), { coalesce: 'contrast' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ assetId: 'asset-a', keepalive: false, saved: { selected_lut: null, color_settings: { contrast: 30, lookStrength: 100 } } });
  });

  it('does not save a load, nor a grade equal to the one last saved', async () => {
    store.load('asset-a', DEFAULT_GRADE);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS * 2);
    expect(sent).toHaveLength(0);
    saver.noteLoaded('asset-a', DEFAULT_GRADE);
    store.change(contrast(5));
    store.undo();
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(sent).toHaveLength(0);
  });

  it('flushes at once (switching asset, closing, page hide), with keepalive when asked', async () => {
    store.change((g) => ({ ...g, look: 'vintage-film' }));
    await saver.flush(true);
    expect(sent).toEqual([{ assetId: 'asset-a', keepalive: true, saved: expect.objectContaining({ selected_lut: 'vintage-film' }) as SavedGrade }]);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it("keeps this tab's unsaved grade for reopening until the server accepts it", async () => {
    let release = () => {};
    answer = () => new Promise<void>((resolve) => (release = resolve));
    store.change(contrast(40));
    const flushed = saver.flush();
    store.load('asset-b', DEFAULT_GRADE);
    expect(saver.unsavedGrade('asset-a')?.adjustments.contrast).toBe(40);
    release();
    await flushed;
    expect(saver.unsavedGrade('asset-a')).toBeUndefined();
  });

  it('sends one request at a time, the newest grade after the one in flight', async () => {
    let release = () => {};
    answer = () => new Promise<void>((resolve) => (release = resolve));
    store.change(contrast(10));
    const first = saver.flush();
    store.change(contrast(20));
    store.change(contrast(30));
    const second = saver.flush();
    expect(sent).toHaveLength(1);
    release();
    await first;
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    release();
    await second;
    expect(sent.map((s) => s.saved.color_settings.contrast)).toEqual([10, 30]);
  });

  it("reports a refusal with the server's message and forgets the refused edit; a network failure is retried", async () => {
    answer = () => Promise.reject(new ApiError(403, 'forbidden', 'Premium Feature: This LUT is available for Premium members only. Upgrade to access all premium LUTs!'));
    store.change((g) => ({ ...g, look: 'blade-runner-2049' }));
    await saver.flush();
    expect((errors[0] as ApiError).message).toMatch(/^Premium Feature/);
    expect(saver.unsavedGrade('asset-a')).toBeUndefined();

    answer = () => Promise.reject(new ApiError(0, 'network', 'Cannot reach the server.'));
    store.change(contrast(12));
    await saver.flush();
    expect(errors).toHaveLength(2);
    expect(saver.unsavedGrade('asset-a')?.adjustments.contrast).toBe(12);
    answer = () => Promise.resolve();
    await saver.flush();
    expect(sent.at(-1)?.saved.color_settings.contrast).toBe(12);
    expect(saver.unsavedGrade('asset-a')).toBeUndefined();
  });

  it('keeps an edit answered 429 (too many requests) and sends it again once the wait is over', async () => {
    answer = () => Promise.reject(new ApiError(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.', undefined, 5));
    store.change(contrast(33));
    await saver.flush();
    expect(sent).toHaveLength(1);
    expect(saver.unsavedGrade('asset-a')?.adjustments.contrast).toBe(33);
    answer = () => Promise.resolve();
    await vi.advanceTimersByTimeAsync(4999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.saved.color_settings.contrast).toBe(33);
    await vi.waitFor(() => expect(saver.unsavedGrade('asset-a')).toBeUndefined());
  });

  it('never saves the signed-out trial file (no asset)', async () => {
    store.load(null, DEFAULT_GRADE);
    store.change(contrast(50));
    await saver.flush();
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(sent).toHaveLength(0);
  });
});

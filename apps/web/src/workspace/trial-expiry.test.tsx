import { act, fireEvent, render, screen } from '@testing-library/react';
import { TEMP_FILE_MAX_AGE_MS } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../ui/toast-store';
import { TrialFileProvider, useTrialFile } from './trial-file-context';
import type { StoredTrial, TrialStore } from './trial-store';

vi.mock('../ui/toast-store', { spy: true });

/** The browser's storage, in memory: what it holds is `entry`. */
function memoryStore(): TrialStore & { entry: StoredTrial | null } {
  const store = {
    available: true,
    entry: null as StoredTrial | null,
    load: () => Promise.resolve(store.entry),
    save: (entry: StoredTrial) => {
      store.entry = entry;
      return Promise.resolve();
    },
    saveGrade: () => Promise.resolve(),
    clear: () => {
      store.entry = null;
      return Promise.resolve();
    },
  };
  return store;
}

function TrialShown() {
  const { trial, keep } = useTrialFile();
  return (
    <>
      <output>{trial ? trial.record.fileName : 'no trial file'}</output>
      <button type="button" onClick={() => keep(new File(['x'], 'left open.mp4', { type: 'video/mp4' }))}>
        Keep
      </button>
    </>
  );
}

describe('a trial file in a page left open', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:trial', revokeObjectURL: () => undefined }));
    vi.mocked(toast).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is forgotten, in memory and in the browser, a day after it was kept, and the visitor is told', async () => {
    const store = memoryStore();
    render(
      <TrialFileProvider store={store}>
        <TrialShown />
      </TrialFileProvider>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('status').textContent).toBe('left open.mp4');
    expect(store.entry?.name).toBe('left open.mp4');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(TEMP_FILE_MAX_AGE_MS - 1);
    });
    expect(screen.getByRole('status').textContent).toBe('left open.mp4');
    expect(toast).not.toHaveBeenCalled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('status').textContent).toBe('no trial file');
    expect(store.entry).toBeNull();
    expect(vi.mocked(toast).mock.calls.at(-1)?.[0]).toMatchObject({ title: 'Temporary File Expired' });
  });

  it('counts the day from when the file was first kept, also after a reload', async () => {
    const store = memoryStore();
    const keptAt = Date.now() - (TEMP_FILE_MAX_AGE_MS - 60_000);
    store.entry = { blob: new Blob(['x'], { type: 'image/png' }), name: 'earlier.png', type: 'image/png', size: 1, savedAt: keptAt, grade: null };
    render(
      <TrialFileProvider store={store}>
        <TrialShown />
      </TrialFileProvider>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('status').textContent).toBe('earlier.png');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByRole('status').textContent).toBe('no trial file');
    expect(store.entry).toBeNull();
  });
});

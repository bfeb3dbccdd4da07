import { act } from '@testing-library/react';
import { DEFAULT_CURVES, DEFAULT_GRADE, DEFAULT_WHEELS } from '@cinegrade/color';
import type { SavedGrade } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../testing/query-client';
import { toast } from '../../ui/toast-store';
import type { OpenMedia } from '../../workspace/open-media';
import { createGradeStore, type GradeStore } from '../grade-store';
import { GradeAutosaver, SAVE_DEBOUNCE_MS } from './grade-autosaver';
import { jsonResponse, mockFetch, testAsset } from './test-helpers';
import { useGradeAutosave } from './use-grade-autosave';

const workspace = vi.hoisted(() => ({ media: null as OpenMedia | null }));
vi.mock('../../workspace/open-media', () => ({ useOpenMedia: () => workspace.media }));
vi.mock('../../ui/toast-store', { spy: true });
vi.mock('../../auth/AuthProvider', () => ({ useAuth: () => ({ loading: false, user: { id: 'user-1' }, profile: null }) }));

const A = testAsset({ id: '00000000-0000-4000-8000-0000000000aa', name: 'A', selected_lut: 'vintage-film', color_settings: { contrast: 25, lookStrength: 60 } });
const B = testAsset({ id: '00000000-0000-4000-8000-0000000000bb', name: 'B', color_settings: { saturation: -40 } });
const open = (asset: typeof A): OpenMedia => ({ source: 'asset', asset, url: 'x', mediaType: 'image', name: asset.name });

function Editor({ store, saver }: { store: GradeStore; saver: GradeAutosaver }) {
  useGradeAutosave(store, saver);
  return null;
}

describe('useGradeAutosave', () => {
  let store: GradeStore;
  let saver: GradeAutosaver;
  let sent: { assetId: string; saved: SavedGrade; keepalive: boolean }[];
  const mount = () => renderWithQueryClient(<Editor store={store} saver={saver} />);

  beforeEach(() => {
    vi.useFakeTimers();
    store = createGradeStore();
    sent = [];
    saver = new GradeAutosaver(
      (assetId, saved, keepalive) => {
        sent.push({ assetId, saved, keepalive });
        return Promise.resolve();
      },
      () => {},
    );
    vi.mocked(toast).mockClear();
    mockFetch(() => jsonResponse(404, { code: 'not_found', message: 'No such LUT.' }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens an asset with the grade saved on it, and saves changes after the debounce', async () => {
    workspace.media = open(A);
    mount();
    expect(store.getState()).toMatchObject({ assetId: A.id, revision: 0 });
    expect(store.getState().grade).toMatchObject({ look: 'vintage-film', lookStrength: 60, adjustments: { contrast: 25 } });
    act(() => store.change((g) => ({ ...g, adjustments: { ...g.adjustments, contrast: 30 } })));
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS));
    expect(sent).toEqual([{ assetId: A.id, keepalive: false, saved: expect.objectContaining({ selected_lut: 'vintage-film' }) as SavedGrade }]);
    expect(sent[0]?.saved.color_settings).toMatchObject({ contrast: 30, lookStrength: 60 });
  });

  it('opens the wheels and curves saved on an asset, and saves them with the next change', async () => {
    const wheels = { ...DEFAULT_WHEELS, gamma: { hue: 45, amount: 0.2, master: 0.1 }, saturation: 0.9 };
    const curves = { ...DEFAULT_CURVES, blue: [{ x: 0.3, y: 0.25 }] };
    const pro = testAsset({ id: '00000000-0000-4000-8000-0000000000cc', name: 'C', color_settings: { contrast: 5, wheels, curves } });
    workspace.media = open(pro);
    mount();
    expect(store.getState().grade).toMatchObject({ adjustments: { contrast: 5 }, wheels, curves });
    act(() => store.change((g) => ({ ...g, wheels: { ...wheels, lift: { hue: 300, amount: 0.1, master: 0 } } })));
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS));
    expect(sent[0]?.saved.color_settings).toMatchObject({ contrast: 5, curves, wheels: { ...wheels, lift: { hue: 300, amount: 0.1, master: 0 } } });
  });

  it("sends the previous asset's waiting change when another is opened, then restores each", async () => {
    workspace.media = open(A);
    const view = mount();
    act(() => store.change((g) => ({ ...g, look: 'retro-80s' })));
    workspace.media = open(B);
    view.rerender(<Editor store={store} saver={saver} />);
    expect(sent.map((s) => [s.assetId, s.saved.selected_lut])).toEqual([[A.id, 'retro-80s']]);
    expect(store.getState()).toMatchObject({ assetId: B.id, grade: { look: null, adjustments: { saturation: -40 } } });

    // Back to A with a row fetched before the save landed: this tab's edit wins until it has.
    workspace.media = open(A);
    view.rerender(<Editor store={store} saver={saver} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(store.getState().grade.look).toBe('retro-80s');
  });

  it('keeps the same grade when the open asset row is refreshed (a live update after a save)', () => {
    workspace.media = open(A);
    const view = mount();
    act(() => store.change((g) => ({ ...g, lookStrength: 10 })));
    workspace.media = open({ ...A, updated_at: '2024-02-02T00:00:00.000Z' });
    view.rerender(<Editor store={store} saver={saver} />);
    expect(store.getState().grade.lookStrength).toBe(10);
    expect(store.getState().canUndo).toBe(true);
  });

  it('opens a grade that no longer parses as the original, saying why', () => {
    workspace.media = open(testAsset({ color_settings: { contrast: 400 } }));
    mount();
    expect(store.getState().grade).toEqual(DEFAULT_GRADE);
    expect(vi.mocked(toast).mock.calls[0]?.[0]).toMatchObject({ title: 'Grade not restored', description: expect.stringContaining('contrast') as string });
  });

  it('opens without a look, and says so, when the imported LUT is gone', async () => {
    workspace.media = open(testAsset({ selected_lut: 'custom:00000000-0000-4000-8000-00000000dead', color_settings: { vibrance: 20 } }));
    mount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    await vi.waitFor(() => expect(store.getState().grade.customLook).toBeNull());
    expect(store.getState().grade.adjustments.vibrance).toBe(20);
    expect(vi.mocked(toast).mock.calls.at(-1)?.[0].title).toBe('Imported LUT missing');
  });

  it('keeps the imported LUT when its table could not be fetched (the LUT may well still be there)', async () => {
    const fetchMock = mockFetch(() => jsonResponse(503, { code: 'unavailable', message: 'Try again.' }));
    workspace.media = open(testAsset({ selected_lut: 'custom:00000000-0000-4000-8000-00000000beef' }));
    mount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/luts/00000000-0000-4000-8000-00000000beef/table', expect.anything()));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(store.getState().grade.customLook).toBe('00000000-0000-4000-8000-00000000beef');
    expect(vi.mocked(toast)).not.toHaveBeenCalled();
  });

  it('gives the signed-out trial file the default grade and never saves it', async () => {
    workspace.media = { source: 'trial', record: { fileName: 't.jpg', fileType: 'image/jpeg', fileSize: 1, mediaType: 'image', timestamp: 1, mediaUrl: 'blob:x' }, url: 'blob:x', mediaType: 'image', name: 't.jpg' };
    mount();
    expect(store.getState()).toMatchObject({ assetId: null, grade: DEFAULT_GRADE });
    act(() => store.change((g) => ({ ...g, look: 'vintage-film' })));
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS * 2));
    expect(sent).toHaveLength(0);
  });

  it("keeps the trial file's grade when the editor comes back to the same trial file", () => {
    const trial: OpenMedia = { source: 'trial', record: { fileName: 'kept.jpg', fileType: 'image/jpeg', fileSize: 1, mediaType: 'image', timestamp: 2, mediaUrl: 'blob:y' }, url: 'blob:y', mediaType: 'image', name: 'kept.jpg' };
    workspace.media = trial;
    const first = mount();
    act(() => store.change((g) => ({ ...g, look: 'vintage-film' })));
    // A visit to /auth unmounts the editor; signing in mounts it again before the file is saved.
    first.unmount();
    mount();
    expect(store.getState()).toMatchObject({ assetId: null, grade: { look: 'vintage-film' } });
  });

  it('sends the waiting change with keepalive when the page is hidden, and when the editor closes', async () => {
    workspace.media = open(A);
    const view = mount();
    act(() => store.change((g) => ({ ...g, lookStrength: 90 })));
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sent).toMatchObject([{ assetId: A.id, keepalive: true }]);
    act(() => store.change((g) => ({ ...g, lookStrength: 80 })));
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sent.map((s) => s.saved.color_settings.lookStrength)).toEqual([90, 80]);
  });
});

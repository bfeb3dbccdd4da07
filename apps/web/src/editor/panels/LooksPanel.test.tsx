import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cubeFromLut, DEFAULT_GRADE, identityLut, writeCube } from '@cinegrade/color';
import { PREMIUM_LOOK_REFUSAL } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../ui/toast-store';
import { captureSourceFrame, EditorMediaProvider } from '../editor-media';
import type * as EditorMediaModule from '../editor-media';
import { gradeStore } from '../grade-store';
import { renderWithQueryClient } from '../../testing/query-client';
import { LooksPanel } from './LooksPanel';
import { installResizeObserver, jsonResponse, mockFetch, sentBody, testAsset } from './test-helpers';

const auth = vi.hoisted(() => ({ tier: 'Free' }));
vi.mock('../../auth/AuthProvider', () => ({
  useAuth: () => ({ loading: false, user: { id: 'user-1' }, profile: { subscription_tier: auth.tier } }),
}));
vi.mock('../../workspace/open-media', () => ({ useOpenMedia: () => ({ source: 'asset', asset: testAsset(), url: 'x', mediaType: 'image', name: 'Beach' }) }));
vi.mock('../../ui/toast-store', { spy: true });
// jsdom cannot draw: the captured frame is a synthetic one, as a browser's canvas would give.
vi.mock('../editor-media', async (importOriginal) => ({ ...(await importOriginal<typeof EditorMediaModule>()), captureSourceFrame: vi.fn(() => null) }));

installResizeObserver();
const lastToast = () => vi.mocked(toast).mock.calls.at(-1)?.[0];

function cubeFile(text: string, name = 'Teal Punch.cube'): File {
  return new File([text], name, { type: 'application/octet-stream' });
}

describe('LooksPanel', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    auth.tier = 'Free';
    gradeStore.load('asset-1', DEFAULT_GRADE);
    vi.mocked(toast).mockClear();
    fetchMock = mockFetch((url) => (url === '/api/luts' ? jsonResponse(200, { luts: [] }) : jsonResponse(404, { code: 'not_found', message: 'Not found.' })));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the editor catalogue by category, marking free and premium looks', () => {
    renderWithQueryClient(<LooksPanel />);
    const cinematic = screen.getByRole('region', { name: 'Cinematic' });
    expect(within(cinematic).getByRole('button', { name: 'Blade Runner 2049 (Premium)' })).toBeTruthy();
    const social = screen.getByRole('region', { name: 'Social Media' });
    expect(within(social).getByRole('button', { name: 'Instagram Warm' }).getAttribute('data-tier')).toBe('free');
    expect(screen.getAllByRole('button', { pressed: false }).filter((b) => b.hasAttribute('data-look'))).toHaveLength(46);
  });

  it('refuses a premium look to a Free user with the spec toast, and leaves the grade alone', () => {
    renderWithQueryClient(<LooksPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Blade Runner 2049 (Premium)' }));
    expect(lastToast()).toEqual({ title: PREMIUM_LOOK_REFUSAL.title, description: PREMIUM_LOOK_REFUSAL.description, variant: 'destructive' });
    expect(gradeStore.getState().grade.look).toBeNull();
    expect(gradeStore.getState().revision).toBe(0);
  });

  it('lets a Premium user choose a premium look, and anyone a free one', () => {
    auth.tier = 'Premium';
    renderWithQueryClient(<LooksPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Blade Runner 2049 (Premium)' }));
    expect(gradeStore.getState().grade.look).toBe('blade-runner-2049');
    expect(screen.getByRole('button', { name: 'Blade Runner 2049 (Premium)' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Vintage Film' }));
    expect(gradeStore.getState().grade.look).toBe('vintage-film');
    expect(toast).not.toHaveBeenCalled();
  });

  it('Reset sets the look back to none', () => {
    renderWithQueryClient(<LooksPanel />);
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(reset).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Vintage Film' }));
    expect(gradeStore.getState().grade.look).toBe('vintage-film');
    fireEvent.click(reset);
    expect(gradeStore.getState().grade.look).toBeNull();
    expect(gradeStore.getState().grade.customLook).toBeNull();
  });

  it('sets the look strength from 0 to 100 with the keyboard, only with a look chosen', () => {
    renderWithQueryClient(<LooksPanel />);
    const strength = screen.getByRole('slider', { name: 'Look strength' });
    expect(strength.getAttribute('aria-valuenow')).toBe('100');
    expect(strength.hasAttribute('data-disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Vintage Film' }));
    fireEvent.keyDown(strength, { key: 'ArrowLeft' });
    fireEvent.keyDown(strength, { key: 'PageDown' });
    expect(gradeStore.getState().grade.lookStrength).toBe(89);
    fireEvent.keyDown(strength, { key: 'Home' });
    expect(gradeStore.getState().grade.lookStrength).toBe(0);
    fireEvent.keyDown(strength, { key: 'End' });
    expect(gradeStore.getState().grade.lookStrength).toBe(100);
  });

  it('renders each swatch from the current frame through its look, falling back to the gradient without one', async () => {
    const width = 16;
    const height = 9;
    const data = new Uint8ClampedArray(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 53) % 256));
    vi.mocked(captureSourceFrame).mockReturnValue({ canvas: document.createElement('canvas'), image: { data, width, height, colorSpace: 'srgb' } });
    const drawn = new Map<string, Uint8ClampedArray>();
    vi.stubGlobal('ImageData', class {
      constructor(readonly data: Uint8ClampedArray, readonly width: number, readonly height: number) {}
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      return { putImageData: (image: ImageData) => drawn.set(this.closest('[data-look]')?.getAttribute('data-look') ?? '', image.data) } as unknown as CanvasRenderingContext2D;
    });

    const { unmount } = renderWithQueryClient(<LooksPanel />);
    expect(document.querySelectorAll('[data-swatch="gradient"]')).toHaveLength(46);
    unmount();
    const frameListeners = new Set<() => void>();
    const onFrame = (listener: () => void) => {
      frameListeners.add(listener);
      return () => frameListeners.delete(listener);
    };
    renderWithQueryClient(
      <EditorMediaProvider value={{ element: document.createElement('img'), mediaType: 'image', onFrame, readProgramPixels: () => null }}>
        <LooksPanel />
      </EditorMediaProvider>,
    );
    await waitFor(() => expect(document.querySelectorAll('[data-swatch="frame"]')).toHaveLength(46));
    await waitFor(() => expect(drawn.size).toBe(46));
    const mono = drawn.get('black-white-classic')!;
    for (let i = 0; i < width * height; i++) expect(Math.max(mono[i * 4]!, mono[i * 4 + 1]!, mono[i * 4 + 2]!) - Math.min(mono[i * 4]!, mono[i * 4 + 1]!, mono[i * 4 + 2]!)).toBeLessThanOrEqual(1);
    expect(Array.from(drawn.get('instagram-warm')!)).not.toEqual(Array.from(data));

    // A new frame (playback, a seek) is announced through onFrame, and the swatches follow it.
    const before = drawn.get('instagram-warm')!;
    const black = new Uint8ClampedArray(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : 0));
    vi.mocked(captureSourceFrame).mockReturnValue({ canvas: document.createElement('canvas'), image: { data: black, width, height, colorSpace: 'srgb' } });
    for (const listener of frameListeners) listener();
    await waitFor(() => expect(drawn.get('instagram-warm')).not.toBe(before));
    expect(Array.from(drawn.get('instagram-warm')!)).not.toEqual(Array.from(before));
    vi.mocked(captureSourceFrame).mockReturnValue(null);
    vi.restoreAllMocks();
  });

  it("shows a broken .cube file's parser error with its line at once, sending nothing", async () => {
    renderWithQueryClient(<LooksPanel />);
    const broken = writeCube(cubeFromLut(identityLut(2), 'Broken')).replace(/\n1\.0+ 0\.0+ 0\.0+\n/, '\n1.0 red 0.0\n');
    fireEvent.change(screen.getByTestId('cube-import-input'), { target: { files: [cubeFile(broken)] } });
    await waitFor(() => expect(lastToast()?.title).toBe('Invalid .cube file'));
    expect(lastToast()?.description).toMatch(/^This is not a valid \.cube file: line 6: value "red" is not a number$/);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it("imports a valid file, shows the server's refusal when the plan is full, and selects it when accepted", async () => {
    const good = writeCube(cubeFromLut(identityLut(2), 'Good'));
    let full = true;
    fetchMock = mockFetch((url, init) => {
      if (url === '/api/luts' && init?.method === 'POST') {
        return full
          ? jsonResponse(403, { code: 'forbidden', message: 'Free accounts can keep 3 imported LUTs. Delete one, or upgrade to Premium to keep up to 50.' })
          : jsonResponse(201, { id: '00000000-0000-4000-8000-00000000000a', name: 'Teal Punch', size: 2, created_at: '2024-01-01T00:00:00.000Z' });
      }
      return jsonResponse(200, { luts: [] });
    });
    renderWithQueryClient(<LooksPanel />);
    fireEvent.change(screen.getByTestId('cube-import-input'), { target: { files: [cubeFile(good)] } });
    await waitFor(() => expect(lastToast()?.title).toBe('Import failed'));
    expect(lastToast()?.description).toBe('Free accounts can keep 3 imported LUTs. Delete one, or upgrade to Premium to keep up to 50.');
    expect(sentBody(fetchMock, 'POST')).toEqual({ name: 'Teal Punch', cube: good });

    full = false;
    fireEvent.change(screen.getByTestId('cube-import-input'), { target: { files: [cubeFile(good)] } });
    await waitFor(() => expect(lastToast()?.title).toBe('LUT imported'));
    expect(gradeStore.getState().grade.customLook).toBe('00000000-0000-4000-8000-00000000000a');
    const mine = screen.getByRole('region', { name: 'My LUTs' });
    expect(within(mine).getByRole('button', { name: 'Teal Punch' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lists My LUTs with the catalogue, chooses one, and deletes it (the open grade then has no look)', async () => {
    const lut = { id: '00000000-0000-4000-8000-00000000000b', name: 'Night Bleach', size: 33, created_at: '2024-01-01T00:00:00.000Z' };
    const deleted: string[] = [];
    fetchMock = mockFetch((url, init) => {
      if (init?.method === 'DELETE') {
        deleted.push(url);
        return new Response(null, { status: 204 });
      }
      return url === '/api/luts' ? jsonResponse(200, { luts: [lut] }) : jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    renderWithQueryClient(<LooksPanel />);
    const mine = screen.getByRole('region', { name: 'My LUTs' });
    fireEvent.click(await within(mine).findByRole('button', { name: 'Night Bleach' }));
    expect(gradeStore.getState().grade).toMatchObject({ look: null, customLook: lut.id });
    fireEvent.click(within(mine).getByRole('button', { name: 'Delete Night Bleach' }));
    await waitFor(() => expect(within(mine).queryByRole('button', { name: 'Night Bleach' })).toBeNull());
    expect(deleted).toEqual([`/api/luts/${lut.id}`]);
    expect(gradeStore.getState().grade.customLook).toBeNull();
    expect(lastToast()?.title).toBe('LUT deleted');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_GRADE, type Grade } from '@cinegrade/color';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../testing/query-client';
import { toast } from '../../ui/toast-store';
import type { OpenMedia } from '../../workspace/open-media';
import { EditorMediaProvider, type EditorMedia } from '../editor-media';
import { gradeStore } from '../grade-store';
import { captureMeasureFrame } from './scene-frames';
import { readReferencePicture } from './shot-match-frames';
import { ShotMatch, shotMatchReference } from './ShotMatch';
import { installResizeObserver, jsonResponse, mockFetch, testAsset } from './test-helpers';

vi.mock('../../auth/AuthProvider', () => ({ useAuth: () => ({ loading: false, user: { id: 'u' }, profile: { subscription_tier: 'Free' } }) }));
const workspace = vi.hoisted(() => ({ media: null as OpenMedia | null }));
vi.mock('../../workspace/open-media', () => ({ useOpenMedia: () => workspace.media }));
vi.mock('../../ui/toast-store', { spy: true });
// jsdom has no canvas: the frame on screen is what a browser's capture would give.
vi.mock('./scene-frames', () => ({ captureMeasureFrame: vi.fn(), MEASURE_SIDE: 256, toRec709InPlace: vi.fn() }));
// Real reading (fetch and its failures); a test that needs a decoded picture supplies it.
vi.mock('./shot-match-frames', { spy: true });

const lastToast = () => vi.mocked(toast).mock.calls.at(-1)?.[0];

/** A small scene (greys and colour patches), optionally recorded with a warm cast and an exposure difference in linear light. */
function picture(warm = false, stops = 0): ImageData {
  const width = 48;
  const height = 32;
  const data = new Uint8ClampedArray(width * height * 4);
  const gains = warm ? [1.3, 1, 0.75] : [1, 1, 1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grey = 0.1 + (0.75 * x) / width;
      const encoded = y < height / 2 ? [grey, grey, grey] : [[0.7, 0.3, 0.25], [0.3, 0.6, 0.3], [0.3, 0.4, 0.75], [0.8, 0.7, 0.3]][Math.floor((x / width) * 4)]!;
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = Math.min(1, (encoded[c]! ** 2.4 * gains[c]! * 2 ** stops) ** (1 / 2.4)) * 255;
      data[i + 3] = 255;
    }
  }
  const image: ImageData = { width, height, data, colorSpace: 'srgb' };
  return image;
}

const OPEN = testAsset({ id: '00000000-0000-4000-8000-000000000001', name: 'Interview B', media_file_type: 'video' });
const HERO = testAsset({
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Interview A',
  thumbnail_url: '/api/files/hero-thumb',
  color_settings: { inputTransform: 'slog3' },
});
const FRESH = testAsset({ id: '00000000-0000-4000-8000-000000000003', name: 'Still uploading', processing_status: 'processing', thumbnail_url: null });

function video(seconds: number): HTMLVideoElement {
  const element = document.createElement('video');
  Object.defineProperty(element, 'currentTime', { value: seconds, configurable: true });
  return element;
}

function renderPanel(element: HTMLVideoElement | HTMLImageElement = video(0), mediaType: EditorMedia['mediaType'] = 'video') {
  const value: EditorMedia = { element, mediaType, onFrame: () => () => undefined, readProgramPixels: () => null };
  return renderWithQueryClient(
    <EditorMediaProvider value={value}>
      <ShotMatch />
    </EditorMediaProvider>,
  );
}

/** The asset list as GET /api/assets answers it; any other request (a reference's picture) answers `file`. */
function serve(file: () => Response = () => new Response(null, { status: 404 })) {
  return mockFetch((url) => (url.startsWith('/api/assets') ? jsonResponse(200, { assets: [OPEN, HERO, FRESH] }) : file()));
}

const LOOKED: Grade = { ...DEFAULT_GRADE, look: 'youtube-clean', adjustments: { ...DEFAULT_GRADE.adjustments, vignette: 25 } };

describe('ShotMatch', () => {
  beforeEach(() => {
    installResizeObserver();
    shotMatchReference.forget();
    workspace.media = { source: 'asset', asset: OPEN, url: '/api/files/b', mediaType: 'video', name: OPEN.name };
    gradeStore.load(OPEN.id, LOOKED);
    vi.mocked(toast).mockClear();
    vi.mocked(readReferencePicture).mockClear();
    vi.mocked(captureMeasureFrame).mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("offers the person's other assets with their thumbnails and a frame of this clip; Match waits for a choice", async () => {
    serve();
    renderPanel();
    const group = screen.getByRole('group', { name: 'Reference' });
    const hero = await within(group).findByRole('button', { name: 'Interview A' });
    expect(hero.querySelector('img')?.getAttribute('src')).toBe('/api/files/hero-thumb');
    expect(within(group).queryByRole('button', { name: 'Interview B' })).toBeNull();
    expect(within(group).getByRole('button', { name: /A frame of this clip/ })).toBeTruthy();
    const matchButton = screen.getByRole('button', { name: 'Match' });
    expect(matchButton).toHaveProperty('disabled', true);
    fireEvent.click(hero);
    expect(hero.getAttribute('aria-pressed')).toBe('true');
    expect(matchButton).toHaveProperty('disabled', false);
  });

  it('matches the frame on screen to another asset: the cast is balanced, the look stays, and Undo takes it back', async () => {
    serve();
    vi.mocked(captureMeasureFrame).mockReturnValue(picture(true));
    vi.mocked(readReferencePicture).mockResolvedValueOnce(picture(false));
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Interview A' }));
    fireEvent.click(screen.getByRole('button', { name: 'Match' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Shot matched', variant: 'success' }));
    // The reference is read through its own link and converted from its own camera input.
    expect(vi.mocked(readReferencePicture).mock.calls[0]?.slice(0, 2)).toEqual(['/api/files/hero-thumb', 'slog3']);
    const { grade, canUndo } = gradeStore.getState();
    expect(grade.adjustments.temperature).toBeLessThan(-5);
    expect(lastToast()?.description).toContain(`Temperature ${grade.adjustments.temperature}`);
    expect(grade.look).toBe('youtube-clean');
    expect(grade.adjustments.vignette).toBe(25);
    expect(canUndo).toBe(true);
    gradeStore.undo();
    expect(gradeStore.getState().grade).toEqual(LOOKED);
  });

  it('shows the Exposure and Tint it set, which Color Grading has no slider for, so they can be changed and reset', async () => {
    serve();
    vi.mocked(captureMeasureFrame).mockReturnValue(picture(false, -1));
    vi.mocked(readReferencePicture).mockResolvedValueOnce(picture(false));
    renderPanel();
    expect(screen.queryByRole('group', { name: 'Exposure and Tint' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Interview A' }));
    fireEvent.click(screen.getByRole('button', { name: 'Match' }));
    const extra = await screen.findByRole('group', { name: 'Exposure and Tint' });
    const exposure = gradeStore.getState().grade.adjustments.exposure;
    expect(exposure).toBeGreaterThan(30);
    expect(within(extra).getByRole('slider', { name: 'Exposure' }).getAttribute('aria-valuenow')).toBe(String(exposure));
    fireEvent.keyDown(within(extra).getByRole('slider', { name: 'Exposure' }), { key: 'ArrowRight' });
    expect(gradeStore.getState().grade.adjustments.exposure).toBe(exposure + 1);
    fireEvent.click(within(extra).getByRole('button', { name: 'Reset Exposure' }));
    expect(gradeStore.getState().grade.adjustments.exposure).toBe(0);
  });

  it('remembers a frame of this clip with its time and matches a later frame to it', async () => {
    serve();
    vi.mocked(captureMeasureFrame).mockReturnValueOnce(picture(false)).mockReturnValue(picture(true));
    const view = renderPanel(video(72.4));
    fireEvent.click(screen.getByRole('button', { name: /A frame of this clip/ }));
    const frame = await screen.findByRole('button', { name: 'This clip at 1:12' });
    expect(frame.getAttribute('aria-pressed')).toBe('true');
    // Kept while the panel is away (a phone's tabs unmount it), for the same media only.
    view.unmount();
    renderPanel(video(80));
    expect(screen.getByRole('button', { name: 'This clip at 1:12' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Match' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Shot matched' }));
    expect(readReferencePicture).not.toHaveBeenCalled();
    expect(gradeStore.getState().grade.adjustments.temperature).toBeLessThan(-5);
  });

  it('forgets the reference when other media is opened', async () => {
    serve();
    const view = renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Interview A' }));
    expect(screen.getByRole('button', { name: 'Match' })).toHaveProperty('disabled', false);
    view.unmount();
    workspace.media = { source: 'asset', asset: FRESH, url: '/api/files/c', mediaType: 'image', name: FRESH.name };
    renderPanel(document.createElement('img'), 'image');
    await screen.findByRole('button', { name: 'Interview A' });
    expect(screen.getByRole('button', { name: 'Match' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: /A frame of this clip/ })).toBeNull();
  });

  it('says so when the frame matches its reference already, and changes nothing', async () => {
    serve();
    vi.mocked(captureMeasureFrame).mockReturnValue(picture(false));
    renderPanel(video(3));
    fireEvent.click(screen.getByRole('button', { name: /A frame of this clip/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Match' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Shot matched', description: 'The two pictures already match: no change needed.' }));
    expect(gradeStore.getState().grade).toEqual(LOOKED);
    expect(gradeStore.getState().canUndo).toBe(false);
  });

  it('says why a reference cannot be read and leaves the grade alone', async () => {
    serve(() => new Response(JSON.stringify({ error: 'forbidden' }), { status: 403 }));
    vi.mocked(captureMeasureFrame).mockReturnValue(picture(true));
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Still uploading' }));
    fireEvent.click(screen.getByRole('button', { name: 'Match' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Reference not readable',
        description: '"Still uploading" is still being prepared and has no picture yet. Try again in a moment.',
        variant: 'destructive',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Interview A' }));
    fireEvent.click(screen.getByRole('button', { name: 'Match' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Reference not readable',
        description: 'The picture of "Interview A" could not be read. Its link has expired. Reload the page for a new one.',
      }),
    );
    expect(gradeStore.getState().grade).toEqual(LOOKED);
  });

  it("says 'No Media Available' when the frame on screen cannot be read", async () => {
    serve();
    vi.mocked(captureMeasureFrame).mockReturnValue(null);
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Interview A' }));
    fireEvent.click(screen.getByRole('button', { name: 'Match' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'No Media Available' }));
    expect(readReferencePicture).not.toHaveBeenCalled();
  });
});

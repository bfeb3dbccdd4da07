import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MEDIA_FEATURE_IDS, type MediaFeatureStates } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installResizeObserver, jsonResponse, mockFetch, testAsset } from '../editor/panels/test-helpers';
import { renderWithQueryClient } from '../testing/query-client';
import type { OpenMedia } from '../workspace/open-media';
import { ExportMenu } from './ExportMenu';
import type * as UseExportModule from './use-export';

const start = vi.fn();
vi.mock('../auth/AuthProvider', () => ({ useAuth: () => ({ loading: false, user: { id: 'user-1' }, profile: { subscription_tier: 'Premium' }, subscription: { subscription_tier: 'Premium' } }) }));
vi.mock('../settings/settings-queries', () => ({ useUserSettings: () => ({ data: undefined }) }));
vi.mock('./use-export', async (importOriginal) => ({ ...(await importOriginal<typeof UseExportModule>()), useExport: () => ({ running: false, progress: 0, start, cancel: vi.fn() }) }));
const clip = testAsset({ media_file_name: 'clip.mp4', media_file_type: 'video', metadata: { container: 'mov,mp4', durationSeconds: 10, width: 1920, height: 1080, frameRate: 25, videoCodec: 'h264', pixelFormat: 'yuv420p', bitDepth: 8, colorPrimaries: 'bt709', colorTransfer: 'bt709', colorSpace: 'bt709', colorRange: 'tv', hdr: false, rotation: 0, audioCodec: 'aac' } });
const openMedia: OpenMedia = { source: 'asset', asset: clip, url: '/api/files/x', mediaType: 'video', name: 'clip.mp4' };
vi.mock('../workspace/open-media', () => ({ useOpenMedia: () => openMedia }));

const WEBM_OFF = "WebM export is off: the server's ffmpeg has no encoders libvpx-vp9, libopus.";

function features(off: Partial<Record<keyof MediaFeatureStates, string>>): MediaFeatureStates {
  return Object.fromEntries(MEDIA_FEATURE_IDS.map((id) => [id, off[id] ? { available: false, reason: off[id] } : { available: true, reason: null }])) as MediaFeatureStates;
}

describe('ExportMenu on a server whose ffmpeg lacks one format', () => {
  beforeEach(() => {
    installResizeObserver();
    start.mockReset();
    mockFetch((url) => (url === '/api/health' ? jsonResponse(200, { ok: true, media: { ffmpeg: '5.1.6', features: features({ webm: WEBM_OFF }) }, disk: { freeBytes: 5e10, floorBytes: 1073741824, acceptingWork: true } }) : jsonResponse(404, { code: 'not_found', message: 'Not found.' })));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function openMenu() {
    renderWithQueryClient(<ExportMenu />);
    const trigger = screen.getByTestId('export-button');
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    return screen.findByRole('menu');
  }

  it('greys out that format with its reason and keeps the others, with no note that every export is off', async () => {
    const menu = await openMenu();
    const webm = await within(menu).findByRole('menuitemradio', { name: /^WebM/ });
    await vi.waitFor(() => expect(webm.getAttribute('aria-disabled')).toBe('true'), { timeout: 30_000 });
    expect(webm.getAttribute('aria-description')).toBe(WEBM_OFF);
    expect(within(webm).getByText(WEBM_OFF)).toBeTruthy();
    const mp4 = within(menu).getByRole('menuitemradio', { name: /^MP4/ });
    expect(mp4.getAttribute('aria-disabled')).toBeNull();
    expect(mp4.getAttribute('aria-description')).toBeNull();
    expect(screen.queryByTestId('export-unavailable')).toBeNull();
  });

  it('still exports the formats the server can render', async () => {
    const menu = await openMenu();
    await within(menu).findByRole('menuitemradio', { name: /^WebM/ });
    const action = within(menu).getByRole('menuitem', { name: /^Export MP4/ });
    expect(action.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(action);
    expect(start).toHaveBeenCalledWith(openMedia, expect.objectContaining({ outputFormat: 'mp4' }));
  });

  it('tells a Premium user the file carries the grade only, since Smart Enhancement is not available yet, and offers no upgrade', async () => {
    const menu = await openMenu();
    expect(within(menu).getByTestId('export-enhancement-note').textContent).toBe('Smart Enhancement is not available yet: the file carries the grade only.');
    expect(menu.textContent).not.toMatch(/upgrade/i);
  });
});

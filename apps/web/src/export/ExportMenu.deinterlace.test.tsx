import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MEDIA_FEATURE_IDS, type Asset, type MediaFeatureStates, type MediaMetadata } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installResizeObserver, jsonResponse, mockFetch, sentBody, testAsset } from '../editor/panels/test-helpers';
import { renderWithQueryClient } from '../testing/query-client';
import type * as UseExportModule from './use-export';
import { ExportMenu } from './ExportMenu';

vi.mock('../auth/AuthProvider', () => ({ useAuth: () => ({ loading: false, user: { id: 'user-1' }, profile: { subscription_tier: 'Premium' }, subscription: { subscription_tier: 'Premium' } }) }));
vi.mock('../settings/settings-queries', () => ({ useUserSettings: () => ({ data: undefined }) }));
vi.mock('./use-export', async (importOriginal) => ({ ...(await importOriginal<typeof UseExportModule>()), useExport: () => ({ running: false, progress: 0, start: vi.fn(), cancel: vi.fn() }) }));
// The open asset is read from the cached asset list, as the editor reads it, so a saved change shows.
let openId = '';
vi.mock('../workspace/open-media', async () => {
  const { useAssetList } = await import('../workspace/asset-queries');
  return {
    useOpenMedia: () => {
      const asset = useAssetList()?.find((a) => a.id === openId);
      return asset ? { source: 'asset', asset, url: '/api/files/x', mediaType: 'video', name: asset.name } : null;
    },
  };
});

const VIDEO: MediaMetadata = { container: 'mpegts', durationSeconds: 10, width: 1920, height: 1080, frameRate: 29.97, videoCodec: 'h264', pixelFormat: 'yuv420p', bitDepth: 8, colorPrimaries: null, colorTransfer: null, colorSpace: null, colorRange: null, hdr: false, rotation: 0, audioCodec: 'ac3' };
const interlaced = testAsset({ id: '00000000-0000-4000-8000-00000000000a', name: 'Camcorder', media_file_name: 'camcorder.mts', media_file_type: 'video', metadata: { ...VIDEO, fieldOrder: 'tt' } });
const progressive = testAsset({ id: '00000000-0000-4000-8000-00000000000b', name: 'Phone', media_file_name: 'phone.mp4', media_file_type: 'video', metadata: VIDEO });

const features = Object.fromEntries(MEDIA_FEATURE_IDS.map((id) => [id, { available: true, reason: null }])) as MediaFeatureStates;

describe('ExportMenu: deinterlacing of an interlaced source', () => {
  let saved: Asset[];
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    installResizeObserver();
    saved = [interlaced, progressive];
    fetchMock = mockFetch((url, init) => {
      if (url === '/api/health') return jsonResponse(200, { ok: true, media: { ffmpeg: '5.1.6', features }, disk: { freeBytes: 5e10, floorBytes: 1073741824, acceptingWork: true } });
      if (url === '/api/assets') return jsonResponse(200, { assets: saved });
      const id = /^\/api\/assets\/([\w-]+)$/.exec(url)?.[1];
      if (id && init?.method === 'PATCH') {
        const change = JSON.parse(init.body as string) as { deinterlace: boolean };
        saved = saved.map((a) => (a.id === id ? { ...a, ...change } : a));
        return jsonResponse(200, saved.find((a) => a.id === id));
      }
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function openMenu(asset: Asset) {
    openId = asset.id;
    renderWithQueryClient(<ExportMenu />);
    const trigger = await screen.findByTestId('export-button');
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    return screen.findByRole('menu');
  }

  it('is on by default, and turning it off saves it with the asset and says the export keeps the fields', async () => {
    const menu = await openMenu(interlaced);
    const toggle = await within(menu).findByRole('menuitemcheckbox', { name: 'Deinterlace' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(within(menu).getByTestId('export-source-note').textContent).toBe('Interlaced source: the preview and the export are deinterlaced, keeping its frame rate.');

    fireEvent.click(toggle);
    await vi.waitFor(() => expect(within(menu).getByRole('menuitemcheckbox', { name: 'Deinterlace' }).getAttribute('aria-checked')).toBe('false'));
    expect(sentBody(fetchMock, 'PATCH')).toEqual({ deinterlace: false });
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')?.[0]).toBe(`/api/assets/${interlaced.id}`);
    expect(within(menu).getByTestId('export-source-note').textContent).toBe('Interlaced source: this export keeps its fields (top field first); the preview shows it deinterlaced.');

    // Only MP4 keeps fields: the menu says a WebM export is deinterlaced anyway.
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: /^WebM/ }));
    expect(within(menu).getByTestId('export-source-note').textContent).toBe('Interlaced source: this WebM export is deinterlaced; only MP4 keeps the fields.');
  });

  it('is not offered for a progressive video', async () => {
    const menu = await openMenu(progressive);
    await within(menu).findByRole('menuitemradio', { name: /^MP4/ });
    expect(within(menu).queryByRole('menuitemcheckbox', { name: 'Deinterlace' })).toBeNull();
    expect(within(menu).queryByTestId('export-source-note')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { defaultExportChoice, sourceQuality } from './export-defaults';
import { exportFrameRefusal, exportFrameSize, formatsThatFit } from './export-frame';
import { displayedSize, orientationOf } from './still-picture';
import { canUseProExport, exportTierRefusal } from './export-options';
import { enhancementRefusal, ProcessVideoRequest } from './exports';
import { LiveEvent } from './assets';

const ASSET = '5b0c9e0e-7f4a-4d43-9a0a-3f1f2c1d0b9e';

describe('exportTierRefusal', () => {
  it('lets Free export MP4 and WebM, JPEG and PNG, at 720p', () => {
    for (const format of ['mp4', 'webm', 'jpeg', 'png'] as const) expect(exportTierRefusal('Free', format, '720p')).toBeNull();
  });

  it('refuses Free the pro formats and qualities, naming the limit', () => {
    expect(exportTierRefusal('Free', 'mov', '720p')).toBe(
      'Free accounts export MP4 (H.264) or WebM (VP9) at up to 720p; MOV (ProRes 422 HQ) needs Premium. Upgrade to export it.',
    );
    expect(exportTierRefusal(null, 'avi', '720p')).toContain('AVI (Uncompressed) needs Premium');
    expect(exportTierRefusal('Free', 'mp4', '1080p')).toBe('Free accounts export MP4 (H.264) or WebM (VP9) at up to 720p; 1080p needs Premium. Upgrade to export it.');
    expect(exportTierRefusal('Free', 'tiff', '720p')).toBe('Free accounts export JPEG (8-bit, quality 95) or PNG (8-bit lossless) at up to 720p; TIFF (16-bit) needs Premium. Upgrade to export it.');
  });

  it('lets every paid tier export everything', () => {
    expect(canUseProExport('Premium')).toBe(true);
    expect(canUseProExport('Enterprise')).toBe(true);
    expect(exportTierRefusal('Premium', 'avi', '16k')).toBeNull();
    expect(exportTierRefusal('Premium', 'mov', 'source')).toBeNull();
  });

  it("keeps the source's own size for Premium, as it is not capped at 720p", () => {
    expect(exportTierRefusal('Free', 'mp4', 'source')).toBe('Free accounts export MP4 (H.264) or WebM (VP9) at up to 720p; Source size needs Premium. Upgrade to export it.');
  });
});

describe('exportFrameSize', () => {
  it.each([
    [{ width: 1920, height: 1080 }, '720p', { width: 1280, height: 720 }],
    [{ width: 1920, height: 1080 }, '4k', { width: 3840, height: 2160 }],
    [{ width: 640, height: 360 }, '1080p', { width: 1920, height: 1080 }],
    [{ width: 1080, height: 1920 }, '720p', { width: 720, height: 1280 }],
    [{ width: 1440, height: 1080 }, '720p', { width: 960, height: 720 }],
    [{ width: 2048, height: 858 }, '1080p', { width: 2578, height: 1080 }],
    [{ width: 1920, height: 1080 }, '16k', { width: 15360, height: 8640 }],
  ] as const)('%o at %s is %o: short side at the quality, aspect kept, even sides', (source, quality, expected) => {
    expect(exportFrameSize(source, quality, 'video')).toEqual(expected);
  });

  it.each([
    [{ width: 1024, height: 683 }, '720p', { width: 1079, height: 720 }],
    [{ width: 600, height: 315 }, '720p', { width: 1371, height: 720 }],
    [{ width: 683, height: 1024 }, '1080p', { width: 1080, height: 1619 }],
    [{ width: 1920, height: 1080 }, '720p', { width: 1280, height: 720 }],
  ] as const)('a still %o at %s is %o: the nearest whole pixels, odd sides kept', (source, quality, expected) => {
    expect(exportFrameSize(source, quality, 'image')).toEqual(expected);
  });
});

describe('displayedSize', () => {
  it('swaps the sides for a quarter-turn rotation or an orientation 5 to 8, and not for both', () => {
    expect(displayedSize({ width: 1800, height: 1200, rotation: 0 })).toEqual({ width: 1800, height: 1200 });
    for (const orientation of [1, 2, 3, 4]) expect(displayedSize({ width: 1800, height: 1200, rotation: 0, orientation })).toEqual({ width: 1800, height: 1200 });
    for (const orientation of [5, 6, 7, 8]) expect(displayedSize({ width: 1800, height: 1200, rotation: 0, orientation })).toEqual({ width: 1200, height: 1800 });
    expect(displayedSize({ width: 1920, height: 1080, rotation: 90 })).toEqual({ width: 1080, height: 1920 });
    expect(displayedSize({ width: 1920, height: 1080, rotation: 90, orientation: 6 })).toEqual({ width: 1920, height: 1080 });
  });

  it('reads a missing or invalid orientation as upright', () => {
    expect(orientationOf({})).toBe(1);
    expect(orientationOf({ orientation: 9 })).toBe(1);
    expect(orientationOf({ orientation: 6 })).toBe(6);
  });

  it.each([
    [{ width: 1280, height: 720 }, { width: 1280, height: 720 }],
    [{ width: 640, height: 360 }, { width: 640, height: 360 }],
    [{ width: 1081, height: 1921 }, { width: 1080, height: 1920 }],
  ] as const)("%o at source is %o: the source's own size, never scaled up (odd sides rounded down to even)", (source, expected) => {
    expect(exportFrameSize(source, 'source', 'video')).toEqual(expected);
  });

  it('keeps a still at source exactly its own size, odd sides too', () => {
    expect(exportFrameSize({ width: 1081, height: 1921 }, 'source', 'image')).toEqual({ width: 1081, height: 1921 });
  });
});

describe('exportFrameRefusal', () => {
  it('lets H.264 and VP9 hold 8K but not 16K, and names the formats that can', () => {
    expect(exportFrameRefusal('mp4', '8k', { width: 7680, height: 4320 })).toBeNull();
    expect(exportFrameRefusal('webm', '8k', { width: 7680, height: 4320 })).toBeNull();
    expect(exportFrameRefusal('mp4', '16k', { width: 15360, height: 8640 })).toBe(
      'MP4 (H.264) cannot hold 15360×8640 frames: its largest frame is 139,264 macroblocks (level 6.2, e.g. 8192×4320). Export 16K as MOV (ProRes 422 HQ) or AVI (Uncompressed), or choose a lower quality.',
    );
    expect(exportFrameRefusal('webm', '16k', { width: 15360, height: 8640 })).toContain('Export 16K as MOV (ProRes 422 HQ) or AVI (Uncompressed)');
    expect(exportFrameRefusal('mov', '16k', { width: 15360, height: 8640 })).toBeNull();
    expect(formatsThatFit('image', { width: 15360, height: 8640 })).toEqual(['jpeg', 'png', 'tiff']);
  });

  it('counts macroblocks per side too: a 16K-wide panorama is too wide for H.264 even when small in area', () => {
    expect(exportFrameRefusal('mp4', '720p', { width: 17280, height: 720 })).not.toBeNull();
  });
});

describe('defaultExportChoice', () => {
  const hd = { type: 'video' as const, size: { width: 1920, height: 1080 } };
  it('maps the settings page onto the menu: low 720p, medium 1080p, high the source size, ultra 4K; mkv to WebM', () => {
    expect(defaultExportChoice({ defaultExportQuality: 'low', defaultFormat: 'mp4' }, 'Premium', hd)).toEqual({ format: 'mp4', quality: '720p' });
    expect(defaultExportChoice({ defaultExportQuality: 'medium', defaultFormat: 'mov' }, 'Premium', hd)).toEqual({ format: 'mov', quality: '1080p' });
    expect(defaultExportChoice({ defaultExportQuality: 'high', defaultFormat: 'mkv' }, 'Premium', { type: 'video', size: { width: 3840, height: 2160 } })).toEqual({
      format: 'webm',
      quality: '4k',
    });
    expect(defaultExportChoice({ defaultExportQuality: 'ultra', defaultFormat: 'avi' }, 'Enterprise', hd)).toEqual({ format: 'avi', quality: '4k' });
  });

  it('never starts a Free user on a locked item', () => {
    expect(defaultExportChoice({ defaultExportQuality: 'high', defaultFormat: 'mov' }, 'Free', hd)).toEqual({ format: 'mp4', quality: '720p' });
    expect(defaultExportChoice({ defaultExportQuality: 'ultra', defaultFormat: 'avi' }, null, { type: 'image', size: null })).toEqual({ format: 'jpeg', quality: '720p' });
  });

  it('gives stills still formats: TIFF for the mastering choices, JPEG for delivery', () => {
    expect(defaultExportChoice({ defaultExportQuality: 'low', defaultFormat: 'mov' }, 'Premium', { type: 'image', size: null }).format).toBe('tiff');
    expect(defaultExportChoice({ defaultExportQuality: 'low', defaultFormat: 'mp4' }, 'Premium', { type: 'image', size: null }).format).toBe('jpeg');
  });

  it('reads a source smaller than 720p as 720p and an unknown one as 1080p', () => {
    expect(sourceQuality({ width: 640, height: 360 })).toBe('720p');
    expect(sourceQuality({ width: 1080, height: 1920 })).toBe('1080p');
    expect(sourceQuality(null)).toBe('1080p');
  });
});

describe('ProcessVideoRequest', () => {
  it("fills the spec's Smart Enhancement defaults", () => {
    const parsed = ProcessVideoRequest.parse({ assetId: ASSET, outputFormat: 'mp4', quality: '720p' });
    expect(parsed).toMatchObject({ selectedLUT: null, colorSettings: {}, upscaleEnabled: false, upscaleModel: 'flux-schnell', upscaleFactor: 2, frameInterpolation: false, targetFrameRate: 60 });
    expect(enhancementRefusal(parsed)).toBeNull();
  });

  it('names the bad field', () => {
    const result = ProcessVideoRequest.safeParse({ assetId: ASSET, outputFormat: 'mkv', quality: '720p' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['outputFormat']);
    expect(result.error?.issues[0]?.message).toBe('outputFormat must be one of mp4, webm, mov, avi, jpeg, png, tiff');
  });

  it('refuses any Smart Enhancement that is turned on, naming it', () => {
    const on = ProcessVideoRequest.parse({ assetId: ASSET, outputFormat: 'mp4', quality: '720p', sharpening: 30 });
    expect(enhancementRefusal(on)).toEqual({ field: 'sharpening', message: expect.stringContaining('Turn sharpening off to export.') as string });
    expect(enhancementRefusal(ProcessVideoRequest.parse({ assetId: ASSET, outputFormat: 'mp4', quality: '720p', upscaleEnabled: true }))?.field).toBe('upscaleEnabled');
  });
});

describe('LiveEvent', () => {
  it('carries asset changes and export progress', () => {
    expect(LiveEvent.parse({ type: 'assets-changed', assetId: ASSET })).toEqual({ type: 'assets-changed', assetId: ASSET });
    expect(LiveEvent.safeParse({ type: 'export-progress', predictionId: ASSET, assetId: ASSET, status: 'processing', progress: 40 }).success).toBe(true);
    expect(LiveEvent.safeParse({ type: 'export-progress', predictionId: ASSET }).success).toBe(false);
  });
});

import { DEFAULT_GRADE } from '@cinegrade/color';
import { describe, expect, it } from 'vitest';
import { exportUnavailableReason, gradeUsesClarityOrVignette, MEDIA_FEATURE_IDS, mediaFeatureStates, needsToneMapping, type FfmpegInventory } from './media-features';

/** Debian's ffmpeg 5.1 as far as the product is concerned: everything it uses. */
function debianFfmpeg(change: Partial<FfmpegInventory> = {}): FfmpegInventory {
  return {
    version: '5.1.6-0+deb12u1',
    major: 5,
    filters: new Set(['setparams', 'zscale', 'format', 'lut3d', 'split', 'gblur', 'blend', 'multiply', 'trim', 'geq', 'tonemap', 'scale']),
    encoders: new Set(['libx264', 'aac', 'libvpx-vp9', 'libopus', 'prores_ks', 'pcm_s24le', 'rawvideo', 'pcm_s16le', 'mjpeg', 'png', 'tiff', 'pam']),
    decoders: new Set(['h264', 'hevc', 'vp9', 'prores', 'aac', 'mjpeg', 'png', 'tiff', 'webp']),
    programs: new Set(['heif-convert']),
    ...change,
  };
}

const without = (set: ReadonlySet<string>, ...names: string[]) => new Set([...set].filter((name) => !names.includes(name)));

describe('mediaFeatureStates', () => {
  it('has every feature on with everything present', () => {
    const states = mediaFeatureStates(debianFfmpeg());
    expect(MEDIA_FEATURE_IDS.every((id) => states[id].available && states[id].reason === null)).toBe(true);
  });

  it('turns off what a missing filter or encoder is needed for, and only that, saying why', () => {
    const found = debianFfmpeg();
    const states = mediaFeatureStates({ ...found, filters: without(found.filters, 'multiply'), encoders: without(found.encoders, 'libvpx-vp9') });
    expect(MEDIA_FEATURE_IDS.filter((id) => !states[id].available)).toEqual(['clarityVignette', 'webm']);
    expect(states.clarityVignette.reason).toBe("Exporting with clarity or vignette is off: the server's ffmpeg has no filter multiply.");
    expect(states.webm.reason).toBe("WebM export is off: the server's ffmpeg has no encoder libvpx-vp9.");
  });

  it('turns every export off on an ffmpeg older than 5, as the npm static build 4.1 was', () => {
    const found = debianFfmpeg();
    const states = mediaFeatureStates({ ...found, version: '4.1', major: 4, filters: without(found.filters, 'multiply') });
    expect(states.export.reason).toBe("Every export is off: the server's ffmpeg is version 4.1 (older than 5.0).");
    expect(states.previews.available).toBe(true);
  });

  it('keeps thumbnails on without zscale (they scale with swscale) and turns preview copies off', () => {
    const found = debianFfmpeg();
    const states = mediaFeatureStates({ ...found, filters: without(found.filters, 'zscale') });
    expect(states.thumbnails).toEqual({ available: true, reason: null });
    expect(states.previews.reason).toBe("Making preview copies is off: the server's ffmpeg has no filter zscale.");
  });

  it('turns off HEIC and AVIF uploads without heif-convert, naming the package', () => {
    const states = mediaFeatureStates(debianFfmpeg({ programs: new Set() }));
    expect(MEDIA_FEATURE_IDS.filter((id) => !states[id].available)).toEqual(['heifUploads']);
    expect(states.heifUploads.reason).toBe('Opening uploaded HEIC and AVIF photos is off: the server has no heif-convert (on Debian the package libheif-examples).');
  });

  it('takes a build from git, which has no version number, to be new enough', () => {
    expect(mediaFeatureStates(debianFfmpeg({ version: 'N-113321-g1c2a7a9', major: null })).export.available).toBe(true);
  });
});

describe('exportUnavailableReason', () => {
  const found = debianFfmpeg();
  const noZscale = mediaFeatureStates({ ...found, filters: without(found.filters, 'zscale') });
  const noExtras = mediaFeatureStates({ ...found, filters: without(found.filters, 'multiply', 'tonemap'), encoders: without(found.encoders, 'prores_ks') });
  const plain = { usesClarityOrVignette: false, toneMapping: false };

  it('refuses every format when the export graph cannot run', () => {
    for (const format of ['mp4', 'webm', 'mov', 'avi', 'jpeg', 'png', 'tiff'] as const) {
      expect(exportUnavailableReason(noZscale, { format, ...plain })).toBe("Every export is off: the server's ffmpeg has no filter zscale.");
    }
  });

  it('refuses a format whose encoder is missing, and the filters only for a grade or source that needs them', () => {
    expect(exportUnavailableReason(noExtras, { format: 'mov', ...plain })).toBe("MOV export is off: the server's ffmpeg has no encoder prores_ks.");
    expect(exportUnavailableReason(noExtras, plain)).toBeNull();
    expect(exportUnavailableReason(noExtras, { format: 'mp4', ...plain })).toBeNull();
    expect(exportUnavailableReason(noExtras, { format: 'mp4', usesClarityOrVignette: true, toneMapping: false })).toContain('Exporting with clarity or vignette is off');
    expect(exportUnavailableReason(noExtras, { format: 'mp4', usesClarityOrVignette: false, toneMapping: true })).toContain('Exporting HDR (PQ or HLG) video is off');
  });
});

describe('what an export needs', () => {
  it('needs clarity and vignette filters only when the grade moves either slider', () => {
    expect(gradeUsesClarityOrVignette(DEFAULT_GRADE)).toBe(false);
    expect(gradeUsesClarityOrVignette({ ...DEFAULT_GRADE, adjustments: { ...DEFAULT_GRADE.adjustments, clarity: -10 } })).toBe(true);
    expect(gradeUsesClarityOrVignette({ ...DEFAULT_GRADE, adjustments: { ...DEFAULT_GRADE.adjustments, vignette: 30 } })).toBe(true);
  });

  it('tone-maps PQ and HLG sources only', () => {
    expect(needsToneMapping({ hdr: true, colorTransfer: 'smpte2084' })).toBe(true);
    expect(needsToneMapping({ hdr: true, colorTransfer: 'arib-std-b67' })).toBe(true);
    expect(needsToneMapping({ hdr: false, colorTransfer: 'bt709' })).toBe(false);
  });
});

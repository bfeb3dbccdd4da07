import { EXPORT_FORMATS, STILL_EXPORT_FORMATS } from '@cinegrade/contract';
import { describe, expect, it } from 'vitest';
import { proFootnote, qualityHint, sourceNote, transparencyNote } from './export-hints';

const clip = { mediaType: 'video' as const, size: { width: 1920, height: 1080 }, metadata: { durationSeconds: 6, frameRate: 30, audioCodec: 'aac', videoCodec: 'h264' } };

/** The megabytes a hint names ("about 2.7 MB (estimate)" → 2.7). */
const megabytes = (hint: string): number => {
  const [, value, unit] = /about ([\d.]+) (KB|MB|GB)/.exec(hint)!;
  return Number(value) * { KB: 1e-3, MB: 1, GB: 1e3 }[unit as 'KB' | 'MB' | 'GB'];
};

describe('qualityHint', () => {
  it('labels a video size as an estimate that grows with the quality, the length and the format’s bitrate', () => {
    const hint = qualityHint('mp4', '720p', clip);
    expect(hint).toMatch(/^about [\d.]+ MB \(estimate\)$/);
    // A 6 s 720p H.264 export is a few megabytes, not 'about 50MB'.
    expect(megabytes(hint)).toBeGreaterThan(1);
    expect(megabytes(hint)).toBeLessThan(10);
    expect(megabytes(qualityHint('mp4', '1080p', clip))).toBeGreaterThan(megabytes(hint));
    expect(megabytes(qualityHint('mp4', '720p', { ...clip, metadata: { ...clip.metadata, durationSeconds: 60 } }))).toBeGreaterThan(8 * megabytes(hint));
    expect(megabytes(qualityHint('avi', '720p', clip))).toBeGreaterThan(50 * megabytes(hint));
  });

  it('gives a size per minute when the length is unknown, and nothing without the picture size', () => {
    expect(qualityHint('webm', '720p', { ...clip, metadata: null })).toMatch(/^about [\d.]+ MB per minute \(estimate\)$/);
    expect(qualityHint('mp4', '720p', { ...clip, size: null })).toBe('');
  });

  it('gives a still its pixel size and an estimate from its pixels', () => {
    const photo = { mediaType: 'image' as const, size: { width: 4000, height: 3000 }, metadata: null };
    expect(qualityHint('jpeg', '720p', photo)).toMatch(/^960×720, about \d+ KB \(estimate\)$/);
    expect(megabytes(qualityHint('tiff', '4k', photo))).toBeGreaterThan(megabytes(qualityHint('png', '4k', photo)));
  });

  it('reads how much detail the picture holds from the bytes of its file', () => {
    // The same 6 s 1080p clip: a 2 MB file of a still scene, and a 40 MB one of grain and motion.
    const calm = { ...clip, fileBytes: 2_000_000 };
    const busy = { ...clip, fileBytes: 40_000_000 };
    expect(megabytes(qualityHint('mp4', '1080p', busy))).toBeGreaterThan(5 * megabytes(qualityHint('mp4', '1080p', calm)));
    // Phones record HEVC generously: its bytes stand for about as much picture as an H.264 file's.
    const hevc = { ...calm, fileBytes: 2_000_000, metadata: { ...clip.metadata, videoCodec: 'hevc' } };
    expect(megabytes(qualityHint('mp4', '1080p', hevc))).toBeCloseTo(megabytes(qualityHint('mp4', '1080p', calm)), 0);
    // A photo's JPEG bytes likewise; a lossless PNG source counts for a quarter.
    const photo = { mediaType: 'image' as const, size: { width: 4000, height: 3000 }, metadata: { durationSeconds: null, frameRate: null, audioCodec: null, videoCodec: 'mjpeg' } };
    expect(megabytes(qualityHint('png', '1080p', { ...photo, fileBytes: 12_000_000 }))).toBeGreaterThan(megabytes(qualityHint('png', '1080p', { ...photo, fileBytes: 1_000_000 })));
  });

  it("reads the detail measure taken on upload, and does without it for older uploads", () => {
    // The same 3 MB photo: large flat areas (a lossless 640 px copy takes 2 bits a pixel) or fine texture (14).
    const photo = { mediaType: 'image' as const, size: { width: 4000, height: 3000 }, fileBytes: 3_000_000 };
    const metadata = { durationSeconds: null, frameRate: null, audioCodec: null, videoCodec: 'mjpeg' };
    const flat = qualityHint('png', '1080p', { ...photo, metadata: { ...metadata, detailBitsPerPixel: 2 } });
    const textured = qualityHint('png', '1080p', { ...photo, metadata: { ...metadata, detailBitsPerPixel: 14 } });
    expect(megabytes(textured)).toBeGreaterThan(3 * megabytes(flat));
    expect(qualityHint('png', '1080p', { ...photo, metadata })).toMatch(/^1440×1080, about [\d.]+ MB \(estimate\)$/);
  });

  it('gives an odd-sized still its exact size, odd sides kept', () => {
    expect(qualityHint('png', '720p', { mediaType: 'image', size: { width: 1024, height: 683 }, metadata: null })).toMatch(/^1079×720, /);
  });
});

describe('transparencyNote', () => {
  it('tells a still with alpha that JPEG makes it white and PNG/TIFF keep it; nothing otherwise', () => {
    expect(transparencyNote('image', { pixelFormat: 'rgba', videoCodec: 'png' })).toMatch(/PNG and TIFF keep it; JPEG .* transparent areas become white/);
    expect(transparencyNote('image', { pixelFormat: 'rgb24', videoCodec: 'png' })).toBeNull();
    expect(transparencyNote('image', { pixelFormat: 'yuva444p', videoCodec: 'mjpeg' })).toBeNull();
    expect(transparencyNote('video', { pixelFormat: 'yuva420p', videoCodec: 'vp9' })).toBeNull();
  });
});

describe('proFootnote', () => {
  it('names only the pro formats the menu offers for the media', () => {
    expect(proFootnote(EXPORT_FORMATS)).toBe('MOV, AVI and sizes above 720p need Premium.');
    expect(proFootnote(STILL_EXPORT_FORMATS)).toBe('TIFF and sizes above 720p need Premium.');
    expect(proFootnote(EXPORT_FORMATS)).not.toMatch(/TIFF/);
  });
});

describe('sourceNote', () => {
  it('says an interlaced source is deinterlaced, and nothing otherwise', () => {
    expect(sourceNote({ fieldOrder: 'tt' })).toMatch(/^Interlaced source: .*deinterlaced/);
    expect(sourceNote({ fieldOrder: null })).toBeNull();
    expect(sourceNote({})).toBeNull();
    expect(sourceNote(null)).toBeNull();
  });

  it('says what was done with a photo’s colour profile, or that it could not be applied, and that a CMYK photo was converted', () => {
    expect(sourceNote({ colorProfile: { name: 'Display P3', handling: 'converted' } })).toBe("The photo's colour profile (Display P3) was converted to sRGB on upload; the preview and the export are in sRGB.");
    expect(sourceNote({ colorProfile: { name: 'Camera LUT', handling: 'not-applied', reason: 'a lookup-table (A2B) profile' } })).toMatch(/^The photo's colour profile \(Camera LUT\) could not be applied/);
    expect(sourceNote({ colorProfile: { name: null, handling: 'not-applied' } })).toMatch(/^The photo's colour profile could not be applied/);
    expect(sourceNote({ colorProfile: { name: 'sRGB IEC61966-2.1', handling: 'srgb' } })).toBeNull();
    expect(sourceNote({ convertedFromCmyk: true })).toMatch(/^CMYK photo: converted to RGB/);
  });
});

describe('sourceNote with deinterlacing off', () => {
  it('says an MP4 export keeps the fields in their order, and that the other formats are deinterlaced anyway', () => {
    expect(sourceNote({ fieldOrder: 'bb' }, false, 'mp4')).toBe('Interlaced source: this export keeps its fields (bottom field first); the preview shows it deinterlaced.');
    // At a size whose fields would have an odd number of lines the MP4 is deinterlaced, and the note says so.
    expect(sourceNote({ fieldOrder: 'tt' }, false, 'mp4', { width: 1918, height: 1078 })).toBe(
      'Interlaced source: at 1918×1078 each field would have an odd number of lines, so this export is deinterlaced; choose another size to keep the fields.',
    );
    expect(sourceNote({ fieldOrder: 'tt' }, false, 'mp4', { width: 1280, height: 720 })).toMatch(/keeps its fields/);
    expect(sourceNote({ fieldOrder: 'tt' }, false, 'mov')).toBe('Interlaced source: this MOV export is deinterlaced; only MP4 keeps the fields.');
    expect(sourceNote({ fieldOrder: null }, false, 'mp4')).toBeNull();
  });
});

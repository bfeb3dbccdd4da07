import { EXPORT_FORMATS, STILL_EXPORT_FORMATS } from '@cinegrade/contract';
import { describe, expect, it } from 'vitest';
import { proFootnote, qualityHint, sourceNote } from './export-hints';

const clip = { mediaType: 'video' as const, size: { width: 1920, height: 1080 }, metadata: { durationSeconds: 6, frameRate: 30, audioCodec: 'aac' } };

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
});

import { DEFAULT_GRADE } from '@cinegrade/color';
import { describe, expect, it } from 'vitest';
import { concatList, concatListLine, exportArgs, joinArgs } from './export-args';
import { planSegments, segmentRange } from './export-segments';

describe('planSegments', () => {
  it('cuts a video longer than the threshold on its frame grid, every frame in exactly one segment', () => {
    const plan = planSegments({ durationSeconds: 8, frameRate: 10 }, 'mp4', 2);
    expect(plan?.map((s) => [s.startFrame, s.frames, s.toEnd])).toEqual([
      [0, 20, false],
      [20, 20, false],
      [40, 20, false],
      [60, 20, true],
    ]);
    // Half a frame before each first frame, so a rounding error never takes or leaves a frame.
    expect(plan?.map((s) => s.seekSeconds)).toEqual([0, 1.95, 3.95, 5.95]);
  });

  it('splits a 29.97 fps hour into segments of about the threshold', () => {
    const plan = planSegments({ durationSeconds: 3600, frameRate: 30000 / 1001 }, 'mov', 120) ?? [];
    expect(plan).toHaveLength(30);
    expect(plan.reduce((sum, s) => sum + s.frames, 0)).toBe(Math.round(3600 * (30000 / 1001)));
  });

  it('renders in one piece what is short, a still, of unknown length or rate, or when splitting is off', () => {
    expect(planSegments({ durationSeconds: 120, frameRate: 25 }, 'mp4', 120)).toBeNull();
    expect(planSegments({ durationSeconds: 600, frameRate: 25 }, 'png', 120)).toBeNull();
    expect(planSegments({ durationSeconds: null, frameRate: 25 }, 'webm', 120)).toBeNull();
    expect(planSegments({ durationSeconds: 600, frameRate: null }, 'avi', 120)).toBeNull();
    expect(planSegments({ durationSeconds: 600, frameRate: 25 }, 'mp4', 0)).toBeNull();
  });
});

describe('segment and join arguments', () => {
  const metadata = {
    container: 'mov,mp4', durationSeconds: 8, width: 640, height: 360, frameRate: 10, videoCodec: 'h264', pixelFormat: 'yuv420p', bitDepth: 8,
    colorPrimaries: 'bt709', colorTransfer: 'bt709', colorSpace: 'bt709', colorRange: 'tv', hdr: false, rotation: 0, audioCodec: 'aac',
  }; // prettier-ignore
  const job = { input: { path: '/in.mp4', demuxer: 'mov' }, metadata, grade: DEFAULT_GRADE, format: 'mp4' as const, quality: '720p' as const, lutPath: '/w/grade.cube', outputPath: '/w/part.mp4' };

  it('a segment is the export\'s own command reading its stretch of the source, at its own times, without audio', () => {
    const whole = exportArgs(job);
    const part = exportArgs({ ...job, segment: { seekSeconds: 1.95, endSeconds: 3.95 } });
    expect(part.slice(part.indexOf('-ss'), part.indexOf('-ss') + 4)).toEqual(['-ss', '1.950', '-to', '3.950']);
    expect(part.indexOf('-to')).toBeLessThan(part.indexOf('-i'));
    expect(part[part.indexOf('-filter_complex') + 1]).toBe(whole[whole.indexOf('-filter_complex') + 1]);
    expect(part).toContain('-an');
    expect(part).not.toContain('aac');
    expect(part.slice(part.indexOf('-fps_mode'), part.indexOf('-fps_mode') + 4)).toEqual(['-fps_mode', 'passthrough', '-enc_time_base', '-1']);
    expect(part.slice(part.indexOf('-movie_timescale'), part.indexOf('-movie_timescale') + 2)).toEqual(['-movie_timescale', '90000']);
    expect(whole).not.toContain('-movie_timescale');
    const last = exportArgs({ ...job, segment: { seekSeconds: 5.95, endSeconds: null } });
    expect(last).not.toContain('-to');
  });

  it('the join lays each segment at its seek point, lasting to the next one\'s', () => {
    const plan = planSegments({ durationSeconds: 8, frameRate: 10 }, 'mp4', 2) ?? [];
    const rows = plan.map((s) => ({ seek_seconds: s.seekSeconds }));
    const parts = rows.map((row, index) => ({ path: `/w/part-${index}.mp4`, range: segmentRange(row, rows[index + 1]) }));
    const list = concatList(parts, 'mp4');
    expect(list).toBe(
      [
        "file '/w/part-0.mp4'", 'inpoint 0', 'duration 1.950',
        "file '/w/part-1.mp4'", 'inpoint 0', 'duration 2.000',
        "file '/w/part-2.mp4'", 'inpoint 0', 'duration 2.000',
        "file '/w/part-3.mp4'", 'inpoint 0', '',
      ].join('\n'),
    ); // prettier-ignore
    // AVI has no timestamps: its segments start at their first frame and join end to end.
    expect(concatList(parts, 'avi')).toBe("file '/w/part-0.mp4'\nfile '/w/part-1.mp4'\nfile '/w/part-2.mp4'\nfile '/w/part-3.mp4'\n");
    const avi = exportArgs({ ...job, format: 'avi', segment: { seekSeconds: 1.95, endSeconds: 3.95 } });
    expect(avi[avi.indexOf('-filter_complex') + 1]).toMatch(/^\[0:v:0\]setpts=PTS-STARTPTS,/);
    expect(avi).not.toContain('-fps_mode');
  });

  it('the join copies the video from the list and encodes the original\'s audio once', () => {
    const args = joinArgs({ original: { path: '/in.mp4', demuxer: 'mov' }, listPath: '/w/segments.txt', format: 'mp4', outputPath: '/w/output.mp4' });
    expect(args.join(' ')).toContain('-f concat -safe 0 -i /w/segments.txt -map 1:v:0 -map 0:a:0? -c:a aac -b:a 192k -c:v copy');
    expect(args.join(' ')).toContain('-fps_mode passthrough');
    expect(concatListLine("/data/it's.mp4")).toBe("file '/data/it'\\''s.mp4'");
  });
});

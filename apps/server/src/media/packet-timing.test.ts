import { describe, expect, it } from 'vitest';
import { PacketTimingReader, packetTimingArgs } from './packet-timing';

describe('PacketTimingReader', () => {
  it('counts packets and spans first time to last end, in any order (B-frames)', () => {
    const reader = new PacketTimingReader();
    for (const pts of [0, 0.08, 0.04, 0.12]) reader.line(`pts_time=${pts}|dts_time=N/A|duration_time=0.040000`);
    expect(reader.result(25)).toEqual({ frames: 4, durationSeconds: expect.closeTo(0.16, 6) as number });
  });

  it('falls back to dts, and to one frame interval when packets carry no duration', () => {
    const reader = new PacketTimingReader();
    for (const dts of [1, 1.5, 2]) reader.line(`pts_time=N/A|dts_time=${dts}|duration_time=N/A`);
    expect(reader.result(2)).toEqual({ frames: 3, durationSeconds: 1.5 });
  });

  it('answers null for no timed packet, and ignores lines that are not packets', () => {
    const reader = new PacketTimingReader();
    reader.line('');
    reader.line('[PACKET]');
    expect(reader.result(30)).toBeNull();
  });
});

describe('packetTimingArgs', () => {
  it('lists only the first video stream, through the forced demuxer and local files only', () => {
    const args = packetTimingArgs({ path: '/tmp/in.mkv', demuxer: 'matroska' });
    expect(args.slice(args.indexOf('-f'), args.indexOf('-f') + 2)).toEqual(['-f', 'matroska']);
    expect(args).toContain('file,pipe');
    expect(args.slice(args.indexOf('-select_streams'), args.indexOf('-select_streams') + 2)).toEqual(['-select_streams', 'v:0']);
    expect(args.at(-1)).toBe('/tmp/in.mkv');
  });
});

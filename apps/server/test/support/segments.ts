import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { resolveMediaBinaries } from '../../src/media/binaries';

/** The split-export tests' source: 8 s of a moving pattern at 10 fps (80 frames), a keyframe every second, audio, tagged BT.709. */
export const SEGMENT_CLIP = { seconds: 8, rate: 10, frames: 80 } as const;

const { ffmpeg, ffprobe } = resolveMediaBinaries();

export function segmentSourceClip(folder: string): string {
  const file = path.join(folder, 'source.mp4');
  const { seconds, rate } = SEGMENT_CLIP;
  execFileSync(ffmpeg, [
    '-v', 'error',
    '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=${rate}:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-g', String(rate), '-pix_fmt', 'yuv420p',
    '-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv',
    '-c:a', 'aac', '-shortest', '-y', file,
  ]); // prettier-ignore
  return file;
}

/** The number of video frames in a file (its packets, counted). */
export function videoFrames(file: string): number {
  const out = execFileSync(ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return Number(out.trim());
}

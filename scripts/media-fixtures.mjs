// Media fixtures generated with ffmpeg in test setup (nothing large is committed): a few seconds
// of test pattern and tone in each format the product must accept, plus the hostile and broken
// files it must refuse. Generated once per folder and reused.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { resolveMediaBinaries } from './ffmpeg-binaries.mjs';

const PATTERN = (size, seconds, rate = 25) => ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`];
const TONE = (seconds) => ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`];

/** @type {Record<string, string[]>} ffmpeg arguments (after the inputs' -y) per fixture file */
// The web-playable clips are tagged BT.709, as phones and browsers tag theirs: an untagged clip of
// 576 lines or fewer is read as BT.601 and gets a preview copy (docs/color-engine.md, 'Input chain').
const BT709 = ['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv'];

const RECIPES = {
  'h264-bt709.mp4': [...PATTERN('640x360', 2), ...TONE(2), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', ...BT709, '-c:a', 'aac', '-shortest', '-movflags', '+faststart'],
  'vp9-bt709.webm': [...PATTERN('640x360', 2), ...TONE(2), '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', '-deadline', 'realtime', '-cpu-used', '8', '-pix_fmt', 'yuv420p', ...BT709, '-c:a', 'libopus', '-shortest'],
  'prores.mov': [...PATTERN('640x360', 2), ...TONE(2), '-c:v', 'prores_ks', '-profile:v', '3', '-pix_fmt', 'yuv422p10le', '-c:a', 'pcm_s16le', '-shortest'],
  // About 20 MB: several 8 MB upload chunks, for interrupted and paused uploads.
  'prores-10s.mov': [...PATTERN('640x360', 10), '-c:v', 'prores_ks', '-profile:v', '3', '-pix_fmt', 'yuv422p10le'],
  'still.png': [...PATTERN('800x600', 1, 1), '-frames:v', '1'],
  'still.jpg': [...PATTERN('800x600', 1, 1), '-frames:v', '1', '-q:v', '3'],
  'still.tiff': [...PATTERN('400x300', 1, 1), '-frames:v', '1', '-pix_fmt', 'rgb24'],
  // A horizontal grey ramp, 0 at the left to 255 at the right, in 8-bit grey: where it must land
  // on a waveform is known exactly.
  'grey-ramp.png': ['-f', 'lavfi', '-i', 'nullsrc=size=512x128:rate=1,format=gray,geq=lum=X/2', '-frames:v', '1'],
  // The editor benchmark's 1080p clip (a few MB): PROGRAM's frame rate against SOURCE's.
  'bench-1080p.mp4': [...PATTERN('1920x1080', 4), '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
  // moov at the end, so cutting the file loses it: a truncated upload.
  'full-for-truncation.mp4': [...PATTERN('640x360', 2), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
};

/**
 * Makes every fixture in `dir` (if missing) and answers their paths.
 * @param {string} dir
 */
export function mediaFixtures(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const file = (name) => path.join(dir, name);
  const { ffmpeg } = resolveMediaBinaries();
  for (const [name, args] of Object.entries(RECIPES)) {
    if (fs.existsSync(file(name))) continue;
    const partial = file(`partial-${process.pid}-${name}`);
    execFileSync(ffmpeg, ['-hide_banner', '-v', 'error', ...args, '-y', partial], { stdio: 'inherit' });
    fs.renameSync(partial, file(name));
  }
  if (!fs.existsSync(file('page.html.mp4'))) fs.writeFileSync(file('page.html.mp4'), '<!doctype html><html><body><script>alert(1)</script></body></html>\n');
  if (!fs.existsSync(file('empty.mp4'))) fs.writeFileSync(file('empty.mp4'), '');
  if (!fs.existsSync(file('truncated.mp4'))) {
    const whole = fs.readFileSync(file('full-for-truncation.mp4'));
    fs.writeFileSync(file('truncated.mp4'), whole.subarray(0, Math.floor(whole.length * 0.4)));
  }
  // Headers intact, pictures cut off: passes the probe, fails when decoded.
  if (!fs.existsSync(file('damaged-frames-bt709.mp4'))) {
    const whole = fs.readFileSync(file('h264-bt709.mp4'));
    fs.writeFileSync(file('damaged-frames-bt709.mp4'), whole.subarray(0, Math.floor(whole.length * 0.05)));
  }
  return {
    damagedFramesMp4: file('damaged-frames-bt709.mp4'),
    h264Mp4: file('h264-bt709.mp4'),
    vp9Webm: file('vp9-bt709.webm'),
    proresMov: file('prores.mov'),
    proresLongMov: file('prores-10s.mov'),
    png: file('still.png'),
    jpeg: file('still.jpg'),
    tiff: file('still.tiff'),
    greyRampPng: file('grey-ramp.png'),
    bench1080pMp4: file('bench-1080p.mp4'),
    htmlAsMp4: file('page.html.mp4'),
    empty: file('empty.mp4'),
    truncatedMp4: file('truncated.mp4'),
  };
}

/**
 * An ffmpeg that lacks one filter, for tests of what the server does with such a build (the npm
 * static ffmpeg 4.1 had no multiply; builds without zimg have no zscale): a shell script around
 * the real ffmpeg that leaves the filter out of `-filters` unless `listed`, and fails any command
 * whose arguments use it as ffmpeg does ("No such filter: '…'"). `listed: true` makes an ffmpeg
 * that claims the filter but cannot run it, so only the render finds out.
 * @param {string} dir
 * @param {string} filter
 * @param {{ listed?: boolean }} [options]
 */
export function ffmpegWithoutFilter(dir, filter, { listed = false } = {}) {
  if (!/^[a-z0-9_]+$/.test(filter)) throw new Error(`not a filter name: ${filter}`);
  const { ffmpeg } = resolveMediaBinaries();
  fs.mkdirSync(dir, { recursive: true });
  const script = path.join(dir, `ffmpeg-without-${filter}${listed ? '-listed' : ''}`);
  const hide = listed ? '' : `  if [ "$arg" = "-filters" ]; then "${ffmpeg}" "$@" | grep -v '^ ... ${filter} '; exit 0; fi\n`;
  fs.writeFileSync(
    script,
    '#!/bin/sh\n' +
      `# ${ffmpeg} without the ${filter} filter (made by scripts/media-fixtures.mjs for tests)\n` +
      'for arg in "$@"; do\n' +
      hide +
      '  case "$arg" in\n' +
      `    *${filter}*) echo "[AVFilterGraph @ 0x55d0c0de] No such filter: '${filter}'" >&2; echo "Error initializing complex filters." >&2; echo "Invalid argument" >&2; exit 1 ;;\n` +
      '  esac\n' +
      'done\n' +
      `exec "${ffmpeg}" "$@"\n`,
    { mode: 0o755 },
  );
  return script;
}

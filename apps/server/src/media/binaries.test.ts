import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFfmpegVersion, resolveMediaBinaries } from './binaries';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-bin-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function executable(relative: string): string {
  const file = path.join(folder, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '#!/bin/sh\necho ok\n', { mode: 0o755 });
  return file;
}

describe('resolveMediaBinaries', () => {
  it('takes FFMPEG_PATH and FFPROBE_PATH first, whatever PATH holds', () => {
    const ffmpeg = executable('chosen/my-ffmpeg');
    const ffprobe = executable('chosen/my-ffprobe');
    executable('on-path/ffmpeg');
    executable('on-path/ffprobe');
    expect(resolveMediaBinaries({ FFMPEG_PATH: ffmpeg, FFPROBE_PATH: ffprobe, PATH: path.join(folder, 'on-path') })).toEqual({ ffmpeg, ffprobe });
  });

  it('finds them on PATH, in any folder and in PATH order, skipping files that cannot run', () => {
    const first = path.join(folder, 'first');
    fs.mkdirSync(first, { recursive: true });
    fs.writeFileSync(path.join(first, 'ffmpeg'), 'not a program', { mode: 0o644 });
    const ffmpeg = executable('opt/ffmpeg-5/bin/ffmpeg');
    const ffprobe = executable('opt/ffmpeg-5/bin/ffprobe');
    executable('later/ffmpeg');
    const PATH = [first, path.join(folder, 'opt/ffmpeg-5/bin'), path.join(folder, 'later')].join(path.delimiter);
    expect(resolveMediaBinaries({ PATH })).toEqual({ ffmpeg, ffprobe });
  });

  it('says which variable points at nothing, and how to install ffmpeg', () => {
    expect(() => resolveMediaBinaries({ FFMPEG_PATH: path.join(folder, 'missing/ffmpeg'), PATH: path.join(folder, 'opt/ffmpeg-5/bin') })).toThrow(
      new RegExp(`FFMPEG_PATH is ${folder}/missing/ffmpeg, which does not exist\\. .*sudo apt-get install -y ffmpeg`),
    );
  });

  it('says that neither is on PATH when nothing is found', () => {
    expect(() => resolveMediaBinaries({ PATH: '' })).toThrow(/no ffmpeg was found \(FFMPEG_PATH is not set and there is none on PATH\), and no ffprobe was found .*zscale/);
  });
});

describe('parseFfmpegVersion', () => {
  it('reads the version and its major number from `ffmpeg -version`', () => {
    expect(parseFfmpegVersion('ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024 the FFmpeg developers\nbuilt with gcc 12')).toEqual({ version: '5.1.6-0+deb12u1', major: 5 });
    expect(parseFfmpegVersion('ffmpeg version n6.1.1 Copyright (c) 2000-2023')).toEqual({ version: 'n6.1.1', major: 6 });
    expect(parseFfmpegVersion('ffmpeg version 4.1 Copyright (c) 2000-2018 the FFmpeg developers')).toEqual({ version: '4.1', major: 4 });
    expect(parseFfmpegVersion('ffprobe version 7.0.2 Copyright')).toEqual({ version: '7.0.2', major: 7 });
  });

  it('has no major number for a build from git, and nothing for other output', () => {
    expect(parseFfmpegVersion('ffmpeg version N-113321-g1c2a7a9 Copyright')).toEqual({ version: 'N-113321-g1c2a7a9', major: null });
    expect(parseFfmpegVersion('sh: ffmpeg: not found')).toBeNull();
  });
});

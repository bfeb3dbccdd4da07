/**
 * Real footage through the real server (upload by tus, the derive job, the export job, real
 * ffmpeg): clips from phones and cameras (the real-media corpus) and generated clips of the kinds
 * that went wrong. Per clip, what a person sees: the thumbnail upright and at the picture's display
 * aspect (non-square pixels applied), HDR tone-mapped as the preview is; the preview copy with
 * every frame of the source once, at its time; and a graded export (a look) with the right size,
 * display aspect, colour tags, and every frame once at its time (no frame doubled or dropped,
 * variable-rate timing kept, a split export included).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Asset, ProcessVideoRequest } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaBinaries } from '../src/media/binaries';
import { thumbnailTime } from '../src/media/ffmpeg-args';
import { download, FFMPEG, finishedExport, startExport } from './support/exports';
import { corpusMedia } from './support/media-corpus';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { WAIT, waitFor } from './support/wait';

const { ffprobe: FFPROBE } = resolveMediaBinaries();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-real-video-'));
const LOOK = { selectedLUT: 'blockbuster-teal-orange', colorSettings: { contrast: 10, saturation: 5 } };
/** The split export's server splits exports longer than this: the generated variable-rate clip (5 s) is split. */
const SEGMENT_SECONDS = '2';

const ffmpeg = (...args: string[]) => execFileSync(FFMPEG, ['-v', 'error', '-y', ...args], { maxBuffer: 1 << 28 });
const probeJson = <T>(file: string, ...args: string[]): T => JSON.parse(execFileSync(FFPROBE, ['-v', 'error', '-of', 'json', ...args, file], { encoding: 'utf8', maxBuffer: 1 << 26 })) as T;

interface VideoStream {
  width: number;
  height: number;
  sample_aspect_ratio?: string;
  color_space?: string;
  color_primaries?: string;
  color_transfer?: string;
  field_order?: string;
  side_data_list?: { rotation?: number }[];
}

function videoStream(file: string): VideoStream {
  const { streams } = probeJson<{ streams: VideoStream[] }>(file, '-select_streams', 'v:0', '-show_entries', 'stream=width,height,sample_aspect_ratio,color_space,color_primaries,color_transfer,field_order:stream_side_data=rotation');
  const stream = streams[0];
  if (!stream) throw new Error(`${file} has no picture`);
  return stream;
}

/** Width over height as a player shows the file: pixel aspect applied, then the rotation. */
function displayAspect(file: string): number {
  const stream = videoStream(file);
  const [num, den] = (stream.sample_aspect_ratio ?? '1:1').split(':').map(Number);
  const widened = num && den ? (stream.width * num) / den : stream.width;
  const turned = Math.abs(stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ?? 0) % 180 === 90;
  return turned ? stream.height / widened : widened / stream.height;
}

/** Presentation times of the video's decoded frames, in order (frames, not packets: a field-coded stream has a packet per field). */
function frameTimes(file: string): number[] {
  const { frames } = probeJson<{ frames: { best_effort_timestamp_time?: string }[] }>(file, '-select_streams', 'v:0', '-show_entries', 'frame=best_effort_timestamp_time');
  return frames.map((f) => Number(f.best_effort_timestamp_time)).sort((a, b) => a - b);
}

/** Each decoded frame's MD5, in order, as ffmpeg writes every frame once (passthrough). */
function frameHashes(file: string): string[] {
  const out = execFileSync(FFMPEG, ['-v', 'error', '-i', file, '-map', '0:v:0', '-fps_mode', 'passthrough', '-f', 'framemd5', '-'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return out
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split(',').at(-1)?.trim() ?? '');
}

/**
 * The frames are the source's, once each, at their times: same count, each time within a
 * millisecond (the count alone where the source's frames carry no times, as MXF's may not).
 */
function expectSameFrames(output: string, source: string): void {
  const [out, src] = [frameTimes(output), frameTimes(source)];
  expect(out).toHaveLength(src.length);
  if (src.some((t) => Number.isNaN(t))) return;
  const start = src[0] ?? 0;
  const drift = Math.max(...out.map((t, i) => Math.abs(t - (out[0] ?? 0) - ((src[i] ?? 0) - start))));
  expect(drift, `frame times of ${path.basename(output)} against the source`).toBeLessThan(0.001);
}

/** No frame written twice: consecutive frames of a moving picture differ. */
function expectNoRepeatedFrame(file: string): void {
  const hashes = frameHashes(file);
  const repeats = hashes.filter((hash, i) => i > 0 && hash === hashes[i - 1]).length;
  expect(repeats, `repeated frames in ${path.basename(file)}`).toBe(0);
}

/**
 * A frame as 8-bit RGB at `width`×`height`, decoded by the matrix and range given, as a browser
 * decodes it: the preview copy is BT.709 limited range, a JPEG thumbnail BT.601 full range.
 */
function rgb(file: string, decode: 'bt709 tv' | 'bt601 pc', width: number, height: number, seekSeconds = 0): Buffer {
  const seek = seekSeconds > 0 ? ['-ss', seekSeconds.toFixed(3)] : [];
  const [matrix, range] = decode.split(' ');
  // Converted at full size to 16-bit RGB first: swscale converting and shrinking at once misreads the chroma.
  return ffmpeg(...seek, '-i', file, '-frames:v', '1', '-vf', `scale=in_color_matrix=${matrix}:in_range=${range},format=gbrp16le,scale=${width}:${height}:flags=area,format=rgb24`, '-f', 'rawvideo', 'pipe:1');
}
/** Mean absolute difference (of 255) between two pictures of the same size. */
const meanDifference = (a: Buffer, b: Buffer) => a.reduce((sum, value, i) => sum + Math.abs(value - (b[i] ?? 0)), 0) / a.length;

/** A Matroska file's DefaultDuration element (ID 23 E3 83) turned into a Void element of the same size: a file that states no frame rate, as many recorders write. */
function withoutDefaultDuration(file: string): void {
  const bytes = fs.readFileSync(file);
  const at = bytes.indexOf(Buffer.from([0x23, 0xe3, 0x83]));
  const sizeByte = bytes[at + 3] ?? 0;
  if (at < 0 || (sizeByte & 0x80) === 0) throw new Error('no DefaultDuration element to remove');
  const total = 4 + (sizeByte & 0x7f);
  bytes.fill(0, at, at + total);
  bytes[at] = 0xec;
  bytes[at + 1] = 0x80 | (total - 2);
  fs.writeFileSync(file, bytes);
}

/** 60 fps of a moving pattern keeping every other frame for a second, then every fifth: variable rate. */
const VFR_SELECT = "select='if(lt(t\\,1)\\,not(mod(n\\,2))\\,not(mod(n\\,5)))'";

const GENERATED = {
  vfrMkv: (file: string) => ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=60:duration=2', '-vf', VFR_SELECT, '-fps_mode', 'passthrough', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-f', 'matroska', file),
  cfrMkv: (file: string) => {
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30:duration=2', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-f', 'matroska', file);
    withoutDefaultDuration(file);
  },
  vfrLong: (file: string) =>
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=60:duration=5', '-vf', VFR_SELECT, '-fps_mode', 'passthrough', '-c:v', 'libx264', '-preset', 'veryfast', '-g', '12', '-pix_fmt', 'yuv420p', '-f', 'mp4', file),
  /** A flat orange, YCbCr by the BT.601 matrix, with no colour tags at all. */
  untaggedSd: (file: string) =>
    ffmpeg('-f', 'lavfi', '-i', 'color=c=0xd06020:size=720x576:rate=25:duration=1', '-vf', 'scale=out_color_matrix=bt601:out_range=tv,format=yuv420p', '-c:v', 'libx264', '-preset', 'veryfast', '-f', 'mp4', file),
  m2ts: (file: string) => ffmpeg('-i', corpusMedia('v16_avchd_1080i.mts'), '-c', 'copy', '-f', 'mpegts', '-mpegts_m2ts_mode', '1', file),
};

describe('real footage: upright, at its display aspect, every frame once at its time', () => {
  let server: TestServer;
  let user: { cookie: string; email: string };
  const sources = new Map<string, string>();
  const assets = new Map<string, Asset>();

  async function uploaded(name: string, file: string): Promise<Asset> {
    const response = await new TusTestClient(server, user.cookie).upload(file, name);
    expect(response.status, `${name}: ${await response.clone().text()}`).toBe(200);
    const { id } = ((await response.json()) as { asset: Asset }).asset;
    return waitFor(
      `${name} to be ready`,
      async () => {
        const asset = (await (await server.request(`/api/assets/${id}`, { cookie: user.cookie })).json()) as Asset;
        if (asset.processing_status === 'failed') throw new Error(`Preparing ${name} failed: ${JSON.stringify(asset)}`);
        return asset.processing_status === 'ready' ? asset : undefined;
      },
      WAIT.mediaMs,
    );
  }

  const asset = (name: string): Asset => {
    const found = assets.get(name);
    if (!found) throw new Error(`${name} was not uploaded`);
    return found;
  };
  const source = (name: string): string => sources.get(name) ?? corpusMedia(name);
  const fetched = async (name: string, url: string | null, suffix: string) => (await download(server, user.cookie, url ?? '', path.join(work, `${name}.${suffix}`))).file;
  const thumbnail = (name: string) => fetched(name, asset(name).thumbnail_url, 'thumb.jpg');
  const preview = (name: string) => fetched(name, asset(name).media_url, 'preview');

  async function exported(name: string): Promise<string> {
    const started = await startExport(server, user.cookie, { assetId: asset(name).id, ...LOOK, outputFormat: 'mp4', quality: '720p' });
    const done = await finishedExport(server, user.cookie, started.predictionId);
    expect(done.status, done.error ?? '').toBe('succeeded');
    return fetched(name, done.downloadUrl, 'export.mp4');
  }

  beforeAll(async () => {
    for (const [name, make] of Object.entries(GENERATED)) {
      const file = path.join(work, `${name}.${name === 'm2ts' ? 'm2ts' : name.endsWith('Mkv') ? 'mkv' : 'mp4'}`);
      make(file);
      sources.set(name, file);
    }
    server = await startTestServer('embedded');
    user = await server.signedInUser();
    await server.services.profiles.setTierByEmail(user.email, 'Premium');
    const names = [
      'v02_phone_portrait_4k60_vfr.mp4',
      'v04_portrait_720x1080.mp4',
      'v05_hevc10_hdr10_pq.mp4',
      'v07_phone_hevc10_hlg_rot90_editlist.mp4',
      'v11_vp9_profile2_10bit.webm',
      'v14_mxf_mpeg2_720x576_sar16-15.mxf',
      'v16_avchd_1080i.mts',
      'v18_mov_bt601.mov',
      'v22_3gp_h263_amr.3gp',
      'v24_mjpeg_pcm_u8.mov',
      ...Object.keys(GENERATED).filter((name) => name !== 'vfrLong'),
    ];
    for (const name of names) assets.set(name, await uploaded(name, source(name)));
  }, WAIT.mediaMs * 4);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it.each([
    // [clip, display aspect (width / height) as shown]
    ['v02_phone_portrait_4k60_vfr.mp4', 9 / 16],
    ['v04_portrait_720x1080.mp4', 2 / 3],
    ['v05_hevc10_hdr10_pq.mp4', 16 / 9],
    ['v07_phone_hevc10_hlg_rot90_editlist.mp4', 9 / 16],
    ['v11_vp9_profile2_10bit.webm', 426 / 240],
    ['v14_mxf_mpeg2_720x576_sar16-15.mxf', 4 / 3],
    ['v16_avchd_1080i.mts', 16 / 9],
    ['v18_mov_bt601.mov', 640 / 428],
    ['v22_3gp_h263_amr.3gp', 7 / 4],
    ['v24_mjpeg_pcm_u8.mov', 4 / 3],
  ] as const)('%s: the thumbnail is upright at the display aspect, as the preview copy shows it', async (name, aspect) => {
    const thumb = await thumbnail(name);
    const { width, height } = videoStream(thumb);
    expect(Math.max(width, height)).toBe(320);
    expect(Math.abs(width / height / aspect - 1), `${name}: thumbnail ${width}×${height}`).toBeLessThan(0.01);
    if (asset(name).needs_proxy) expect(Math.abs(displayAspect(await preview(name)) / aspect - 1)).toBeLessThan(0.01);
  });

  it.each(['v05_hevc10_hdr10_pq.mp4', 'v07_phone_hevc10_hlg_rot90_editlist.mp4'])('%s (HDR): the thumbnail is tone-mapped as the preview copy is', async (name) => {
    const thumb = await thumbnail(name);
    const { width, height } = videoStream(thumb);
    const at = thumbnailTime(asset(name).metadata?.durationSeconds ?? null);
    const difference = meanDifference(rgb(thumb, 'bt601 pc', width, height), rgb(await preview(name), 'bt709 tv', width, height, at));
    console.log(`${name}: thumbnail against the preview copy's frame, mean difference ${difference.toFixed(2)}/255`);
    expect(difference).toBeLessThan(6);
  });

  it('an anamorphic SD clip keeps its display aspect in the export (pixel aspect carried)', async () => {
    const file = await exported('v14_mxf_mpeg2_720x576_sar16-15.mxf');
    expect(Math.abs(displayAspect(file) / (4 / 3) - 1)).toBeLessThan(0.01);
    expect(videoStream(file).height).toBe(720);
    expectSameFrames(file, source('v14_mxf_mpeg2_720x576_sar16-15.mxf'));
  });

  it('a variable-rate 4K60 phone clip: preview and export upright, every frame once at its time', async () => {
    const name = 'v02_phone_portrait_4k60_vfr.mp4';
    expectSameFrames(await preview(name), source(name));
    const file = await exported(name);
    expect(videoStream(file)).toMatchObject({ width: 720, height: 1280, color_space: 'bt709', color_primaries: 'bt709', color_transfer: 'bt709' });
    expect(videoStream(file).side_data_list ?? []).toEqual([]);
    expectSameFrames(file, source(name));
  });

  it('a variable-rate MKV: no frame doubled in the preview copy or the export', async () => {
    expect(asset('vfrMkv').needs_proxy).toBe(true);
    expectSameFrames(await preview('vfrMkv'), source('vfrMkv'));
    const file = await exported('vfrMkv');
    expectSameFrames(file, source('vfrMkv'));
    expectNoRepeatedFrame(file);
  });

  it('a 30 fps MKV that states no frame rate reads as 30 fps and exports its 60 frames once each', async () => {
    expect(asset('cfrMkv').metadata?.frameRate).toBe(30);
    const file = await exported('cfrMkv');
    expect(frameTimes(file)).toHaveLength(60);
    expectSameFrames(file, source('cfrMkv'));
    expectNoRepeatedFrame(file);
  });

  /** The clip exported by a server that splits exports longer than SEGMENT_SECONDS, checked to have been split. */
  async function splitExport(name: string, uploadName: string, look: Pick<ProcessVideoRequest, 'selectedLUT' | 'colorSettings'> = LOOK): Promise<string> {
    const splitting = await startTestServer('embedded', { EXPORT_SEGMENT_SECONDS: SEGMENT_SECONDS });
    try {
      const owner = await splitting.signedInUser();
      await splitting.services.profiles.setTierByEmail(owner.email, 'Premium');
      const response = await new TusTestClient(splitting, owner.cookie).upload(source(name), uploadName);
      expect(response.status).toBe(200);
      const { id, metadata } = ((await response.json()) as { asset: Asset }).asset;
      expect(metadata?.durationSeconds).toBeGreaterThan(Number(SEGMENT_SECONDS) * 2);
      const started = await startExport(splitting, owner.cookie, { assetId: id, ...look, outputFormat: 'mp4', quality: '720p' });
      // Split: segment rows appear once the render job has planned them.
      const parts = await waitFor('the export to be split', async () => {
        const rows = await splitting.services.database.db.selectFrom('export_segments').select('part').execute();
        return rows.length > 1 ? rows.length : undefined;
      }, WAIT.renderMs, 100);
      const done = await finishedExport(splitting, owner.cookie, started.predictionId);
      expect(done.status, done.error ?? '').toBe('succeeded');
      console.log(`${name}: split export in ${parts} segments`);
      return (await download(splitting, owner.cookie, done.downloadUrl ?? '', path.join(work, `${name}.split-export.mp4`))).file;
    } finally {
      await splitting.close();
    }
  }

  it('a split export of a variable-rate clip keeps every frame and its timing', async () => {
    const file = await splitExport('vfrLong', 'variable rate.mp4');
    expectSameFrames(file, source('vfrLong'));
    expectNoRepeatedFrame(file);
  });

  it('a split export of long-GOP MPEG-2 in MXF has every frame of the source once, in order', async () => {
    const name = 'v14_mxf_mpeg2_720x576_sar16-15.mxf';
    // Ungraded, so that each exported frame can be told from its neighbours by its picture.
    const file = await splitExport(name, 'broadcast.mxf', { selectedLUT: null, colorSettings: {} });
    expectSameFrames(file, source(name));
    // Frame for frame the source's pictures, compared in order as small grey thumbnails: a frame
    // lost, doubled, shifted or decoded without its reference at a cut is the wrong picture there.
    const size = 64 * 48;
    const frames = (video: string) => {
      const bytes = ffmpeg('-i', video, '-map', '0:v:0', '-fps_mode', 'passthrough', '-vf', 'scale=64:48:flags=area,format=gray', '-f', 'rawvideo', 'pipe:1');
      return Array.from({ length: bytes.length / size }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
    };
    const [out, src] = [frames(file), frames(source(name))];
    expect(out).toHaveLength(src.length);
    const changes = src.map((frame, i) => (i > 0 ? meanDifference(frame, src[i - 1]!) : 0)).filter((d) => d > 0);
    const differences = out.map((frame, i) => meanDifference(frame, src[i]!));
    console.log(`${name}: exported frame against its source frame, at most ${Math.max(...differences).toFixed(2)}/255; the source's pictures change by at least ${Math.min(...changes).toFixed(2)}/255`);
    expect(differences.flatMap((d, i) => (d > 3 ? [i] : [])), 'frames unlike the source frame at their place').toEqual([]);
  });

  it('1080i AVCHD is deinterlaced at its frame rate: as many frames as the source, in preview and export', async () => {
    const name = 'v16_avchd_1080i.mts';
    expect(asset(name).metadata).toMatchObject({ fieldOrder: 'tt', frameRate: 29.97 });
    expectSameFrames(await preview(name), source(name));
    expect(asset(name).deinterlace).toBe(true);
    const file = await exported(name);
    expect(videoStream(file)).toMatchObject({ width: 1280, height: 720, field_order: 'progressive' });
    expectSameFrames(file, source(name));
  });

  it('1080i AVCHD with deinterlacing off exports its fields: field order kept, a frame per field pair as the source', async () => {
    const name = 'v16_avchd_1080i.mts';
    const setDeinterlace = (id: string, deinterlace: boolean) => server.request(`/api/assets/${id}`, { method: 'PATCH', cookie: user.cookie, json: { deinterlace } });
    // A progressive file has no fields to keep: refused, saying why.
    const refused = await setDeinterlace(asset('v18_mov_bt601.mov').id, false);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('this file is progressive');
    const changed = await setDeinterlace(asset(name).id, false);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Asset).deinterlace).toBe(false);
    try {
      const file = await exported(name);
      expect(videoStream(file)).toMatchObject({ width: 1280, height: 720, field_order: 'tt' });
      const { frames } = probeJson<{ frames: { interlaced_frame: number; top_field_first: number }[] }>(file, '-select_streams', 'v:0', '-show_entries', 'frame=interlaced_frame,top_field_first');
      expect(frames.every((f) => f.interlaced_frame === 1 && f.top_field_first === 1), 'every frame coded as fields, top first').toBe(true);
      expectSameFrames(file, source(name));
    } finally {
      expect((await setDeinterlace(asset(name).id, true)).status).toBe(200);
    }
  });

  it('a camcorder M2TS (192-byte packets) is accepted as an MPEG transport stream', () => {
    expect(asset('m2ts').metadata).toMatchObject({ container: 'mpegts', width: 1920, height: 1080, fieldOrder: 'tt' });
  });

  it('untagged SD is BT.601: the preview copy shows the colour the camera recorded', async () => {
    expect(asset('untaggedSd').needs_proxy).toBe(true);
    const [r, g, b] = rgb(await preview('untaggedSd'), 'bt709 tv', 1, 1, 0.5);
    // 0xd06020 within 4/255 in red and green, 8 in blue near black (8-bit 4:2:0 twice); read as
    // BT.709 it would be 0xdb671b: 11 off in red, 7 in green.
    const [red, green, blue] = [Math.abs((r ?? 0) - 0xd0), Math.abs((g ?? 0) - 0x60), Math.abs((b ?? 0) - 0x20)];
    expect(red <= 4 && green <= 4 && blue <= 8, `got ${r},${g},${b}`).toBe(true);
  });
});

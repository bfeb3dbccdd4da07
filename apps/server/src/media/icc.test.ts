import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeSrgb, evaluateCurve, parseIccProfile, planProfile, toSrgb, type ToneCurve } from './icc';
import { bytesSource, readIccProfile } from './icc-read';
import { workingOriginalArgs, workingOriginalFilter } from './working-original';

/** Big-endian writers for building profiles as ICC.1:2010 lays them out. */
const u32 = (value: number) => [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
const u16 = (value: number) => [(value >>> 8) & 255, value & 255];
const s15 = (value: number) => u32(Math.round(value * 65536) >>> 0);
const sig = (text: string) => [...text].map((c) => c.charCodeAt(0));
const pad4 = (bytes: number[]) => [...bytes, ...new Array<number>((4 - (bytes.length % 4)) % 4).fill(0)];

const xyzTag = (x: number, y: number, z: number) => [...sig('XYZ '), 0, 0, 0, 0, ...s15(x), ...s15(y), ...s15(z)];
const gammaCurv = (gamma: number) => [...sig('curv'), 0, 0, 0, 0, ...u32(1), ...u16(Math.round(gamma * 256))];
const tableCurv = (values: number[]) => [...sig('curv'), 0, 0, 0, 0, ...u32(values.length), ...values.flatMap((v) => u16(Math.round(v * 65535)))];
const para = (type: number, params: number[]) => [...sig('para'), 0, 0, 0, 0, ...u16(type), 0, 0, ...params.flatMap(s15)];
const desc = (text: string) => [...sig('desc'), 0, 0, 0, 0, ...u32(text.length + 1), ...sig(text), 0];

/** A profile of `tags` (signature → bytes), RGB to XYZ, display class, version 2.1. */
function profile(tags: Record<string, number[]>, colourSpace = 'RGB '): Uint8Array {
  const entries = Object.entries(tags);
  let offset = 128 + 4 + entries.length * 12;
  const table: number[] = [];
  const data: number[] = [];
  for (const [signature, bytes] of entries) {
    const padded = pad4(bytes);
    table.push(...sig(signature), ...u32(offset), ...u32(bytes.length));
    data.push(...padded);
    offset += padded.length;
  }
  const header = new Array<number>(128).fill(0);
  header.splice(0, 4, ...u32(offset));
  header.splice(8, 4, 2, 0x10, 0, 0);
  header.splice(12, 4, ...sig('mntr'));
  header.splice(16, 4, ...sig(colourSpace));
  header.splice(20, 4, ...sig('XYZ '));
  header.splice(36, 4, ...sig('acsp'));
  return Uint8Array.from([...header, ...u32(entries.length), ...table, ...data]);
}

type M3 = number[][];
const mul = (a: M3, b: M3): M3 => a.map((row) => [0, 1, 2].map((j) => row[0]! * b[0]![j]! + row[1]! * b[1]![j]! + row[2]! * b[2]![j]!));
const mulV = (a: M3, v: number[]) => a.map((row) => row[0]! * v[0]! + row[1]! * v[1]! + row[2]! * v[2]!);
function inv(m: M3): M3 {
  const [[a, b, c], [d, e, f], [g, h, i]] = m as [[number, number, number], [number, number, number], [number, number, number]];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}

/** Colorants as a profile carries them: primaries with a D65 white, Bradford-adapted to D50 (ICC.1 Annex E). */
function colorants(primaries: [number, number][]): Record<'rXYZ' | 'gXYZ' | 'bXYZ', [number, number, number]> {
  const xyz = [0, 1, 2].map((row) => primaries.map(([x, y]) => [x / y, 1, (1 - x - y) / y][row]!));
  const scale = mulV(inv(xyz), [0.9505, 1, 1.089]);
  const d65 = xyz.map((row) => row.map((v, j) => v * scale[j]!));
  const bradford = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]];
  const [from, to] = [mulV(bradford, [0.9505, 1, 1.089]), mulV(bradford, [0.9642, 1, 0.8249])];
  const gains = [0, 1, 2].map((k) => [0, 1, 2].map((j) => (k === j ? to[k]! / from[k]! : 0)));
  const d50 = mul(mul(inv(bradford), mul(gains, bradford)), d65);
  const column = (j: number): [number, number, number] => [d50[0]![j]!, d50[1]![j]!, d50[2]![j]!];
  return { rXYZ: column(0), gXYZ: column(1), bXYZ: column(2) };
}

const SRGB_PRIMARIES: [number, number][] = [[0.64, 0.33], [0.3, 0.6], [0.15, 0.06]];
const P3_PRIMARIES: [number, number][] = [[0.68, 0.32], [0.265, 0.69], [0.15, 0.06]];
const SRGB_PARA = para(3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]);

function rgbProfile(name: string, primaries: [number, number][], curve: number[]): Uint8Array {
  const c = colorants(primaries);
  return profile({
    desc: desc(name),
    wtpt: xyzTag(0.9642, 1, 0.8249),
    rXYZ: xyzTag(...c.rXYZ),
    gXYZ: xyzTag(...c.gXYZ),
    bXYZ: xyzTag(...c.bXYZ),
    rTRC: curve,
    gTRC: curve,
    bTRC: curve,
  });
}

describe('ICC profile parsing', () => {
  it('reads the colorants, name and a curv gamma, and converts by the closed form', () => {
    const parsed = parseIccProfile(rgbProfile('Gamma 2.2 sRGB primaries', SRGB_PRIMARIES, gammaCurv(2.2)));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.profile.description).toBe('Gamma 2.2 sRGB primaries');
    expect(parsed.profile.curves[0]).toEqual({ kind: 'gamma', gamma: 2.19921875 });
    const convert = toSrgb(parsed.profile);
    for (const x of [0.1, 0.5, 0.9]) {
      const out = convert([x, x / 2, 1 - x]);
      expect(out[0]).toBeCloseTo(encodeSrgb(Math.pow(x, 2.19921875)), 3);
      expect(out[2]).toBeCloseTo(encodeSrgb(Math.pow(1 - x, 2.19921875)), 3);
    }
  });

  it('reads a curv table and interpolates it', () => {
    const table = Array.from({ length: 256 }, (_, i) => Math.pow(i / 255, 1.8));
    const parsed = parseIccProfile(rgbProfile('Table', SRGB_PRIMARIES, tableCurv(table)));
    if (!parsed.ok) throw new Error(parsed.reason);
    const curve = parsed.profile.curves[1];
    expect(curve.kind).toBe('table');
    for (const x of [0, 0.2, 0.55, 1]) expect(evaluateCurve(curve, x)).toBeCloseTo(Math.pow(x, 1.8), 3);
  });

  it('evaluates para curves of types 0 to 4 as ICC.1 defines them', () => {
    const curve = (type: number, params: number[]): ToneCurve => ({ kind: 'para', type, params });
    expect(evaluateCurve(curve(0, [2.2]), 0.5)).toBeCloseTo(Math.pow(0.5, 2.2), 9);
    expect(evaluateCurve(curve(1, [2, 2, -0.5]), 0.2)).toBe(0);
    expect(evaluateCurve(curve(1, [2, 2, -0.5]), 0.5)).toBeCloseTo(0.25, 9);
    expect(evaluateCurve(curve(2, [2, 2, -0.5, 0.1]), 0.2)).toBeCloseTo(0.1, 9);
    expect(evaluateCurve(curve(2, [2, 2, -0.5, 0.1]), 0.5)).toBeCloseTo(0.35, 9);
    const srgb = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045];
    expect(evaluateCurve(curve(3, srgb), 0.02)).toBeCloseTo(0.02 / 12.92, 9);
    expect(evaluateCurve(curve(3, srgb), 0.5)).toBeCloseTo(Math.pow((0.5 + 0.055) / 1.055, 2.4), 9);
    expect(evaluateCurve(curve(4, [...srgb, 0.01, 0.02]), 0.02)).toBeCloseTo(0.02 / 12.92 + 0.02, 9);
    expect(evaluateCurve(curve(4, [...srgb, 0.01, 0.02]), 0.5)).toBeCloseTo(Math.pow((0.5 + 0.055) / 1.055, 2.4) + 0.01, 9);
    // From the bytes: each type reads its own number of parameters.
    for (const [type, params] of [[0, [2.2]], [1, [2, 1, 0]], [2, [2, 1, 0, 0]], [3, srgb], [4, [...srgb, 0, 0]]] as [number, number[]][]) {
      const parsed = parseIccProfile(rgbProfile(`para ${type}`, SRGB_PRIMARIES, para(type, params)));
      if (!parsed.ok) throw new Error(parsed.reason);
      expect(parsed.profile.curves[2]).toMatchObject({ kind: 'para', type });
      expect((parsed.profile.curves[2] as { params: number[] }).params).toHaveLength(params.length);
    }
  });

  it('finds an sRGB profile needs nothing, and a P3 one needs converting (P3 red is outside sRGB and clips)', () => {
    expect(planProfile(rgbProfile('sRGB', SRGB_PRIMARIES, SRGB_PARA))).toMatchObject({ action: 'none', reason: 'srgb' });
    const p3 = planProfile(rgbProfile('Display P3', P3_PRIMARIES, SRGB_PARA));
    expect(p3).toMatchObject({ action: 'convert', description: 'Display P3' });
    if (p3.action !== 'convert') return;
    expect(p3.maxChange).toBeGreaterThan(0.1);
    expect(p3.cube).toMatch(/^TITLE "Display P3 to sRGB"\nLUT_3D_SIZE 65\n/);
    expect(p3.cube.trim().split('\n')).toHaveLength(2 + 65 ** 3);
    const parsed = parseIccProfile(rgbProfile('Display P3', P3_PRIMARIES, SRGB_PARA));
    if (!parsed.ok) throw new Error(parsed.reason);
    const convert = toSrgb(parsed.profile);
    const white = convert([1, 1, 1]);
    for (const v of white) expect(v).toBeCloseTo(1, 3);
    const red = convert([1, 0, 0]);
    expect(red[0]).toBeCloseTo(1, 6);
    expect(red[1]).toBe(0);
    expect(red[2]).toBe(0);
  });

  it('leaves lookup-table, non-RGB and malformed profiles unapplied, without throwing', () => {
    const lut = rgbProfile('LUT', SRGB_PRIMARIES, SRGB_PARA);
    const withA2B0 = profile({ desc: desc('Camera LUT'), A2B0: [...sig('mft2'), 0, 0, 0, 0, 3, 3, 2, 0] });
    const reasonOf = (plan: ReturnType<typeof planProfile>) => (plan.action === 'keep' ? plan.reason : `not kept: ${plan.action}`);
    expect(planProfile(withA2B0)).toMatchObject({ action: 'keep', description: 'Camera LUT' });
    expect(reasonOf(planProfile(withA2B0))).toMatch(/lookup-table/);
    expect(planProfile(profile({ desc: desc('Coated FOGRA39') }, 'CMYK'))).toMatchObject({ action: 'keep', description: 'Coated FOGRA39' });
    expect(reasonOf(planProfile(profile({ desc: desc('Coated FOGRA39') }, 'CMYK')))).toMatch(/CMYK/);
    expect(planProfile(lut.subarray(0, 140))).toMatchObject({ action: 'keep' });
    expect(reasonOf(planProfile(new Uint8Array(64)))).toMatch(/malformed/);
    const noCurves = profile({ desc: desc('Half'), rXYZ: xyzTag(0.4, 0.2, 0), gXYZ: xyzTag(0.4, 0.7, 0.1), bXYZ: xyzTag(0.1, 0.1, 0.7) });
    expect(planProfile(noCurves)).toMatchObject({ action: 'keep', reason: 'malformed (no rTRC tag)' });
    // Any byte changed anywhere: an answer, never an exception.
    let state = 7;
    for (let i = 0; i < 500; i++) {
      const damaged = Uint8Array.from(lut);
      for (let k = 0; k < 4; k++) {
        state = (state * 1103515245 + 12345) >>> 0;
        damaged[state % damaged.length] = state >>> 24;
      }
      expect(() => parseIccProfile(damaged)).not.toThrow();
    }
  });
});

describe('reading the embedded profile', () => {
  const icc = rgbProfile('Display P3', P3_PRIMARIES, SRGB_PARA);

  function jpegWith(segments: number[][]): Uint8Array {
    return Uint8Array.from([0xff, 0xd8, ...segments.flat(), 0xff, 0xda, 0, 2, 0xff, 0xd9]);
  }
  const app2 = (sequence: number, count: number, part: Uint8Array) => [0xff, 0xe2, ...u16(2 + 14 + part.length), ...sig('ICC_PROFILE'), 0, sequence, count, ...part];

  const bytesOf = async (bytes: Uint8Array, demuxer: string) => {
    const found = await readIccProfile(bytesSource(bytes), demuxer);
    return found ? Uint8Array.from(found) : null;
  };

  it('joins a JPEG profile split over APP2 segments, in their numbered order', async () => {
    const half = Math.floor(icc.length / 2);
    const exif = [0xff, 0xe1, ...u16(8), ...sig('Exif'), 0, 0];
    const bytes = jpegWith([exif, app2(2, 2, icc.subarray(half)), app2(1, 2, icc.subarray(0, half))]);
    expect(await bytesOf(bytes, 'jpeg_pipe')).toEqual(icc);
    // A missing piece is no profile, not half of one.
    expect(await readIccProfile(bytesSource(jpegWith([app2(1, 2, icc.subarray(0, half))])), 'jpeg_pipe')).toBeNull();
    expect(await readIccProfile(bytesSource(jpegWith([exif])), 'jpeg_pipe')).toBeNull();
  });

  it('inflates a PNG iCCP chunk', async () => {
    const body = [...sig('Display P3'), 0, 0, ...zlib.deflateSync(icc)];
    const chunk = (type: string, data: number[]) => [...u32(data.length), ...sig(type), ...data, 0, 0, 0, 0];
    const png = Uint8Array.from([0x89, ...sig('PNG'), 13, 10, 26, 10, ...chunk('IHDR', new Array<number>(13).fill(0)), ...chunk('iCCP', body), ...chunk('IDAT', [1, 2, 3])]);
    expect(await bytesOf(png, 'png_pipe')).toEqual(icc);
    // Damaged compressed data: no profile.
    const broken = Uint8Array.from([0x89, ...sig('PNG'), 13, 10, 26, 10, ...chunk('iCCP', [...sig('x'), 0, 0, 1, 2, 3, 4])]);
    expect(await readIccProfile(bytesSource(broken), 'png_pipe')).toBeNull();
  });

  it('reads the ICCP chunk of an extended WebP, and nothing from a simple one', async () => {
    const le32 = (v: number) => u32(v).reverse();
    const chunk = (type: string, data: number[]) => [...sig(type), ...le32(data.length), ...data, ...(data.length % 2 ? [0] : [])];
    const riff = (chunks: number[][]) => {
      const body = [...sig('WEBP'), ...chunks.flat()];
      return Uint8Array.from([...sig('RIFF'), ...le32(body.length), ...body]);
    };
    const vp8x = chunk('VP8X', [0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const other = rgbProfile('Display P3 too', P3_PRIMARIES, SRGB_PARA);
    expect(await bytesOf(riff([vp8x, chunk('ICCP', [...icc]), chunk('VP8L', [1, 2, 3])]), 'webp_pipe')).toEqual(icc);
    // A chunk of odd size is padded: the one after it is still found.
    expect(await bytesOf(riff([vp8x, chunk('EXIF', [1, 2, 3]), chunk('ICCP', [...other]), chunk('VP8 ', [1])]), 'webp_pipe')).toEqual(other);
    // A simple file (image data first) has no profile; a profile after the image data is not read.
    expect(await readIccProfile(bytesSource(riff([chunk('VP8 ', [1, 2]), chunk('ICCP', [...icc])])), 'webp_pipe')).toBeNull();
    expect(await readIccProfile(bytesSource(riff([vp8x, chunk('VP8L', [1]), chunk('ICCP', [...icc])])), 'webp_pipe')).toBeNull();
    expect(await readIccProfile(bytesSource(riff([vp8x, chunk('ICCP', [1, 2, 3])])), 'webp_pipe')).toBeNull();
  });

  it('reads TIFF tag 34675 of IFD0, little- and big-endian', async () => {
    for (const little of [true, false]) {
      const w16 = (v: number) => (little ? u16(v).reverse() : u16(v));
      const w32 = (v: number) => (little ? u32(v).reverse() : u32(v));
      const ifd = [...w16(1), ...w16(34675), ...w16(7), ...w32(icc.length), ...w32(8 + 2 + 12 + 4), ...w32(0)];
      const tiff = Uint8Array.from([...sig(little ? 'II' : 'MM'), ...w16(42), ...w32(8), ...ifd, ...icc]);
      expect(await bytesOf(tiff, 'tiff_pipe')).toEqual(icc);
    }
  });
});

describe('the working original ffmpeg makes', () => {
  const jpeg = { videoCodec: 'mjpeg', pixelFormat: 'yuvj420p', bitDepth: 8 };
  it('widens 8 bits to 16 exactly (v × 257) before the conversion, and drops the profile', () => {
    expect(workingOriginalFilter(jpeg, '/tmp/w/to-srgb.cube')).toBe(
      'format=rgb24,format=rgb48le,lutrgb=r=val+floor(val/256):g=val+floor(val/256):b=val+floor(val/256),lut3d=file=/tmp/w/to-srgb.cube:interp=tetrahedral,sidedata=mode=delete:type=ICC_PROFILE',
    );
    expect(workingOriginalFilter({ videoCodec: 'tiff', pixelFormat: 'rgb48le', bitDepth: 8 }, '/tmp/c.cube')).toBe('format=rgb48le,lut3d=file=/tmp/c.cube:interp=tetrahedral,sidedata=mode=delete:type=ICC_PROFILE');
    expect(workingOriginalFilter({ videoCodec: 'png', pixelFormat: 'rgba', bitDepth: 8 }, '/tmp/c.cube')).toMatch(/^format=rgba,format=rgba64le,lutrgb=.*:a=val\+floor\(val\/256\),lut3d/);
    expect(workingOriginalArgs({ path: '/in.png', demuxer: 'png_pipe' }, { videoCodec: 'png', pixelFormat: 'rgba', bitDepth: 8 }, '/tmp/c.cube', '/o.png')).toContain('rgba64be');
  });
  it('decodes a CMYK JPEG to 8-bit RGB, and refuses a cube path a filter graph would misread', () => {
    expect(workingOriginalFilter({ videoCodec: 'mjpeg', pixelFormat: 'yuva444p', bitDepth: 8 }, null)).toBe('format=rgb24,sidedata=mode=delete:type=ICC_PROFILE');
    expect(() => workingOriginalFilter(jpeg, "/tmp/a,b'c.cube")).toThrow(/Unsafe path/);
  });
});

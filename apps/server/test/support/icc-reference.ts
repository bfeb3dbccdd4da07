import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { corpusMedia } from './media-corpus';

/**
 * The independent reference for colour-managed stills: Little CMS, through ImageMagick's
 * `convert in -profile sRGB.icc out.png`, which converts from the file's embedded profile. The
 * profiles are the ones real devices write, taken from the corpus with ExifTool (Display P3 from
 * the iPhone HEIC, sRGB IEC61966-2.1 from the Android JPEG), and Adobe RGB (1998) written here
 * from its published colorants. A machine without either tool fails the test that needs it,
 * saying which.
 */

function requireTool(command: string, args: string[], what: string): void {
  const ran = spawnSync(command, args, { encoding: 'utf8' });
  if (ran.error || ran.status !== 0) throw new Error(`${what} is needed by this test and does not run here (${ran.error?.message ?? ran.stderr.trim()}). On Debian: apt-get install ${command === 'convert' ? 'imagemagick' : 'libimage-exiftool-perl'}.`);
}

/** The embedded ICC profile of a corpus file, extracted by ExifTool into `folder`. */
export function corpusProfile(name: 's08_iphone.heic' | 's13_ultrahdr_3072x4080.jpg', folder: string): string {
  requireTool('exiftool', ['-ver'], 'ExifTool');
  const out = path.join(folder, `${name}.icc`);
  fs.writeFileSync(out, execFileSync('exiftool', ['-icc_profile', '-b', corpusMedia(name)], { maxBuffer: 1 << 24 }));
  if (fs.statSync(out).size < 132) throw new Error(`ExifTool found no ICC profile in ${name}.`);
  return out;
}

/** ImageMagick's convert, with a clear failure when it is missing. */
export function magick(args: string[]): void {
  requireTool('convert', ['-version'], "ImageMagick's convert");
  execFileSync('convert', args, { maxBuffer: 1 << 26 });
}

/** Little CMS's conversion of `input` (from its embedded profile) to sRGB, as a 16-bit PNG. */
export function lcmsToSrgb(input: string, srgbProfile: string, output: string): string {
  magick([input, '-profile', srgbProfile, '-depth', '16', output]);
  return output;
}

const u32 = (value: number) => [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
const s15 = (value: number) => u32(Math.round(value * 65536) >>> 0);
const sig = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * Adobe RGB (1998) as a v2 matrix/TRC profile: its published D50-adapted colorants, D50 white,
 * and a gamma of 563/256 (2.19921875) in a `curv` tag.
 */
export function writeAdobeRgbProfile(file: string): string {
  const xyz = (x: number, y: number, z: number) => [...sig('XYZ '), 0, 0, 0, 0, ...s15(x), ...s15(y), ...s15(z)];
  const name = 'Adobe RGB (1998)';
  const tags: [string, number[]][] = [
    ['desc', [...sig('desc'), 0, 0, 0, 0, ...u32(name.length + 1), ...sig(name), 0, ...new Array<number>(79).fill(0)]],
    ['wtpt', xyz(0.9642, 1, 0.8249)],
    ['rXYZ', xyz(0.60974, 0.31111, 0.01947)],
    ['gXYZ', xyz(0.20528, 0.62567, 0.06087)],
    ['bXYZ', xyz(0.14919, 0.06322, 0.74457)],
    ['rTRC', [...sig('curv'), 0, 0, 0, 0, ...u32(1), 2, 51, 0, 0]],
  ];
  tags.push(['gTRC', tags[5]![1]], ['bTRC', tags[5]![1]]);
  let offset = 132 + tags.length * 12;
  const table: number[] = [];
  const data: number[] = [];
  for (const [signature, bytes] of tags) {
    const padded = [...bytes, ...new Array<number>((4 - (bytes.length % 4)) % 4).fill(0)];
    table.push(...sig(signature), ...u32(offset), ...u32(bytes.length));
    data.push(...padded);
    offset += padded.length;
  }
  const header = new Array<number>(128).fill(0);
  header.splice(0, 4, ...u32(offset));
  header.splice(8, 4, 2, 0x10, 0, 0);
  header.splice(12, 12, ...sig('mntrRGB XYZ '));
  header.splice(36, 4, ...sig('acsp'));
  header.splice(68, 12, ...s15(0.9642), ...s15(1), ...s15(0.8249));
  fs.writeFileSync(file, Uint8Array.from([...header, ...u32(tags.length), ...table, ...data]));
  return file;
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real-media corpus: photos, clips and `.cube` files written by real phones, cameras and
 * tools, kept beside the repository (never inside it): the `media-corpus` folder of the `shared`
 * folder next to the checkout, with `SOURCES.md` naming where each came from. `MEDIA_CORPUS_DIR`
 * points elsewhere.
 *
 * The standing real-media suite must not pass by testing nothing: a missing corpus or a missing
 * file fails the test that needs it, naming the path it looked at.
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const MEDIA_CORPUS_DIR = process.env.MEDIA_CORPUS_DIR ?? path.resolve(REPO_ROOT, '..', 'shared', 'media-corpus');

function requireFile(file: string): string {
  if (!fs.existsSync(MEDIA_CORPUS_DIR)) {
    throw new Error(`The real-media corpus is missing: nothing at ${MEDIA_CORPUS_DIR}. Put it in the shared folder beside the checkout, or set MEDIA_CORPUS_DIR.`);
  }
  if (!fs.existsSync(file)) throw new Error(`The real-media corpus at ${MEDIA_CORPUS_DIR} lacks ${path.relative(MEDIA_CORPUS_DIR, file)}.`);
  return file;
}

/** A photo or clip of the corpus, by file name (`s01_jpeg_exif_orient6.jpg`). */
export const corpusMedia = (name: string): string => requireFile(path.join(MEDIA_CORPUS_DIR, 'media', name));

/** A LUT of the corpus, by file name. */
export const corpusLut = (name: string): string => requireFile(path.join(MEDIA_CORPUS_DIR, 'luts', name));

/** Every LUT file in the corpus (fails when the corpus is missing). */
export function corpusLuts(): string[] {
  const dir = requireFile(path.join(MEDIA_CORPUS_DIR, 'luts'));
  return fs
    .readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .sort()
    .map((name) => path.join(dir, name));
}

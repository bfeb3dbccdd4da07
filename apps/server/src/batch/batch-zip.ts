import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { safeFileName } from '@cinegrade/contract';
import yazl from 'yazl';
import type { Storage } from '../storage/storage';

/** A ZIP entry's name every OS accepts (`safeFileName`: no reserved device names, invisible or path characters). */
export function safeZipName(name: string): string {
  return safeFileName(name, { maxLength: 150 });
}

/** The names made unique, case-insensitively (as Windows and macOS compare): "clip.mp4", "clip (2).mp4", … */
export function uniqueZipNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((original) => {
    const safe = safeZipName(original);
    const ext = path.extname(safe);
    const base = ext ? safe.slice(0, -ext.length) : safe;
    let candidate = safe;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The files as one ZIP, streamed: each file is opened only when the archive reaches it and flows
 * through without being held in memory. Videos are stored, not compressed (they do not shrink).
 * A file that cannot be read ends the stream with an error.
 */
export function zipStream(storage: Storage, files: { key: string; name: string }[]): Readable {
  const zip = new yazl.ZipFile();
  const names = uniqueZipNames(files.map((f) => f.name));
  const out = new PassThrough();
  files.forEach((file, i) => {
    zip.addReadStreamLazy(names[i] ?? file.name, { compress: false }, (callback) => {
      storage.read(file.key).then(
        (object) => callback(null, object.body),
        (error: unknown) => {
          out.destroy(error instanceof Error ? error : new Error(String(error)));
          callback(error, new PassThrough());
        },
      );
    });
  });
  zip.outputStream.on('error', (error: Error) => out.destroy(error));
  zip.outputStream.pipe(out);
  zip.end();
  return out;
}

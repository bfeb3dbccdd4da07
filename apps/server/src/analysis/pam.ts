/**
 * Reads the PAM files ffmpeg's `pam` encoder writes for an RGBA frame (Netpbm PAM, "P7": header
 * lines `WIDTH`, `HEIGHT`, `DEPTH`, `MAXVAL`, `TUPLTYPE`, then `ENDHDR`, then rows of bytes).
 * Only the form we ask for is accepted: depth 4, maxval 255.
 */
export interface RgbaFrame {
  width: number;
  height: number;
  /** width × height × 4 bytes, top row first. */
  data: Uint8Array;
}

const MAX_HEADER = 512;

export function parsePam(bytes: Uint8Array): RgbaFrame {
  const headerText = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, MAX_HEADER)));
  const end = headerText.indexOf('ENDHDR\n');
  if (!headerText.startsWith('P7\n') || end < 0) throw new Error('not a PAM file');
  const fields = new Map<string, string>();
  for (const line of headerText.slice(3, end).split('\n')) {
    const [key, ...rest] = line.trim().split(/\s+/);
    if (key) fields.set(key, rest.join(' '));
  }
  const width = Number(fields.get('WIDTH'));
  const height = Number(fields.get('HEIGHT'));
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new Error('PAM size missing');
  if (fields.get('DEPTH') !== '4' || fields.get('MAXVAL') !== '255') throw new Error('PAM is not 8-bit RGBA');
  const start = end + 'ENDHDR\n'.length;
  const length = width * height * 4;
  if (bytes.length < start + length) throw new Error('PAM data is short');
  return { width, height, data: bytes.subarray(start, start + length) };
}

/**
 * Whose fault an ffmpeg failure is, read from its stderr, so a person is never told their file may
 * be damaged when the server's ffmpeg is what failed (a filter or encoder it lacks, a picture
 * format it cannot convert, a disk that is full). Only errors in decoding the input are put down to
 * the file; what matches neither list is reported as neither.
 */
export type FfmpegFailureCause =
  /** The server's ffmpeg or machine: `detail` finishes "The server's ffmpeg cannot …: ". */
  | { side: 'server'; detail: string }
  /** The input could not be decoded. */
  | { side: 'input' }
  | { side: 'unknown' };

type Rule = [RegExp, (match: RegExpExecArray) => string];

/** Checked first: when the server's ffmpeg failed, a decoding complaint beside it is not the cause. */
const SERVER_SIDE: Rule[] = [
  [/No such filter: '([^']+)'/, (m) => `it has no ${m[1]} filter`],
  [/Unknown encoder '([^']+)'/, (m) => `it has no ${m[1]} encoder`],
  [/Encoder \(codec ([^)]+)\) not found/, (m) => `it has no encoder for ${m[1]}`],
  [/Encoder not found/, () => 'it lacks an encoder the export uses'],
  [/Decoder \(codec ([^)]+)\) not found/, (m) => `it has no decoder for ${m[1]}`],
  [/Impossible to convert between the formats supported by the filter '([^']+)' and the filter '([^']+)'/, (m) => `it cannot convert the picture between its filters ${m[1]} and ${m[2]}`],
  [/Error initializing filter '([^']+)'/, (m) => `its ${m[1]} filter could not be set up`],
  [/Error initializing complex filters/, () => 'its filter graph could not be set up'],
  [/Error while opening encoder/, () => 'its encoder could not be opened with the export settings'],
  [/Unrecognized option '([^']+)'/, (m) => `it does not know the option -${m[1]}`],
  [/Requested output format '([^']+)' is not a suitable output format|Unknown output format/, () => 'it lacks the container format of the export'],
  [/No space left on device/, () => 'the server ran out of disk space'],
  [/Cannot allocate memory|Out of memory/i, () => 'the server ran out of memory'],
];

/** ffmpeg's complaints about the bytes it reads. */
const INPUT_SIDE = [
  /Invalid data found when processing input/,
  /[Ee]rror while decoding/,
  /moov atom not found/,
  /Invalid NAL unit/,
  /decode_slice_header error/,
  /missing picture in access unit/,
  /corrupt (?:input|decoded frame|packet)/i,
  /Header missing/,
  /Truncating packet/,
  /partial file/,
  /Error splitting the input into NAL units/,
  /Could not find codec parameters/,
  /End of file/,
];

export function classifyFfmpegFailure(failure: { stderr: string; notStarted?: boolean }): FfmpegFailureCause {
  if (failure.notStarted) return { side: 'server', detail: 'it could not be started' };
  for (const [pattern, describe] of SERVER_SIDE) {
    const match = pattern.exec(failure.stderr);
    if (match) return { side: 'server', detail: describe(match) };
  }
  if (INPUT_SIDE.some((pattern) => pattern.test(failure.stderr))) return { side: 'input' };
  return { side: 'unknown' };
}

/** What a person reads when the server's ffmpeg failed: which work, what it lacks, and who can fix it. */
export function serverFfmpegMessage(work: string, detail: string): string {
  return `The server's ffmpeg cannot ${work}: ${detail}.`;
}

/** The suggestion beside it: nothing the person does to the file will help. */
export const SERVER_FFMPEG_SUGGESTION = 'Please contact support: the problem is on the server, not in your file.';

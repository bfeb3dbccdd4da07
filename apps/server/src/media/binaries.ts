/**
 * Which ffmpeg and ffprobe the server runs: FFMPEG_PATH / FFPROBE_PATH when set, else the first
 * on PATH. One resolver serves the whole repository (the preflight of `npm start`, tests,
 * benchmarks, fixtures); it lives beside the preflight as plain Node, and the server reads it here.
 */
export {
  FFMPEG_INSTALL_ADVICE,
  MediaBinariesMissingError,
  MINIMUM_FFMPEG_MAJOR,
  parseFfmpegVersion,
  resolveMediaBinaries,
  type MediaBinaries,
} from '../../../../scripts/ffmpeg-binaries.mjs';

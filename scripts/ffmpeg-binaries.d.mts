/** The ffmpeg and ffprobe every part of Cinegrade runs (see ffmpeg-binaries.mjs). */
export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
}

export const MINIMUM_FFMPEG_MAJOR: number;
export const FFMPEG_INSTALL_ADVICE: string;
export function findOnPath(name: string, env?: NodeJS.ProcessEnv): string | null;
export function locateBinary(name: 'ffmpeg' | 'ffprobe', env?: NodeJS.ProcessEnv): { path: string; problem: null } | { path: null; problem: string };
export class MediaBinariesMissingError extends Error {}
export function resolveMediaBinaries(env?: NodeJS.ProcessEnv): MediaBinaries;
export function parseFfmpegVersion(output: string): { version: string; major: number | null } | null;

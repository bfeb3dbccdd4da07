import { spatialParams, type Grade } from '@cinegrade/color';
import { z } from 'zod';
import type { MediaMetadata } from './assets';
import type { AnyExportFormat } from './export-options';

/**
 * What the server's ffmpeg must have for each part of the product, and what is off when it lacks
 * it. The server probes its ffmpeg once at start (`ffmpeg -filters`, `-encoders`, `-decoders`,
 * `-version`), works out each feature's state with `mediaFeatureStates`, reports them on
 * GET /api/health, and refuses an export that needs a feature that is off; the Export menu shows
 * the same reason beside the format.
 */
export interface MediaRequirements {
  /** The oldest major version that runs the feature (ffmpeg 5.0 added multiply and float swscale). */
  readonly minimumMajorVersion?: number;
  readonly filters?: readonly string[];
  readonly encoders?: readonly string[];
  readonly decoders?: readonly string[];
  /** Other programs the server runs for the feature (heif-convert, from libheif), found on its PATH or configured. */
  readonly programs?: readonly string[];
}

/**
 * Every feature and its requirements. The export graph (apps/server/src/exports/export-args.ts)
 * is setparams → zscale → format → lut3d → clarity and vignette (split, gblur, blend, multiply;
 * trim and geq for the vignette's mask, packages/color/src/ffmpeg-spatial.ts) → zscale → format →
 * the format's encoder; HDR sources are tone-mapped with tonemap. Thumbnails scale with swscale
 * and encode JPEG; preview copies run the export's input chain (setparams → zscale → format, and
 * tonemap for HDR, so an HDR preview copy also needs `hdrExport`'s filter) and encode PNG or H.264
 * with AAC. Smart Analyze decodes the editor's JPEG, PNG or WebP frames to PAM.
 */
export const MEDIA_FEATURES = {
  export: { label: 'Every export', requires: { minimumMajorVersion: 5, filters: ['setparams', 'zscale', 'format', 'lut3d'] } },
  clarityVignette: { label: 'Exporting with clarity or vignette', requires: { filters: ['split', 'gblur', 'blend', 'multiply', 'trim', 'geq'] } },
  hdrExport: { label: 'Exporting HDR (PQ or HLG) video', requires: { filters: ['tonemap'] } },
  mp4: { label: 'MP4 export', requires: { encoders: ['libx264', 'aac'] } },
  webm: { label: 'WebM export', requires: { encoders: ['libvpx-vp9', 'libopus'] } },
  mov: { label: 'MOV export', requires: { encoders: ['prores_ks', 'pcm_s24le'] } },
  avi: { label: 'AVI export', requires: { encoders: ['rawvideo', 'pcm_s16le'] } },
  jpeg: { label: 'JPEG export', requires: { encoders: ['mjpeg'] } },
  png: { label: 'PNG export', requires: { encoders: ['png'] } },
  tiff: { label: 'TIFF export', requires: { encoders: ['tiff'] } },
  thumbnails: { label: 'Making thumbnails', requires: { filters: ['scale', 'format'], encoders: ['mjpeg'] } },
  previews: { label: 'Making preview copies', requires: { filters: ['setparams', 'zscale', 'format'], encoders: ['png', 'libx264', 'aac'] } },
  smartAnalyze: { label: 'Smart Analyze', requires: { filters: ['scale', 'format'], encoders: ['pam'], decoders: ['mjpeg', 'png', 'webp'] } },
  videoUploads: { label: 'Opening uploaded H.264, HEVC, VP9 and ProRes video', requires: { decoders: ['h264', 'hevc', 'vp9', 'prores', 'aac'] } },
  stillUploads: { label: 'Opening uploaded JPEG, PNG, TIFF and WebP stills', requires: { decoders: ['mjpeg', 'png', 'tiff', 'webp'] } },
  // heif-convert decodes HEIC and AVIF once, on arrival, to a PNG that ffmpeg reads from then on.
  heifUploads: { label: 'Opening uploaded HEIC and AVIF photos', requires: { programs: ['heif-convert'], decoders: ['png'] } },
} as const satisfies Record<string, { label: string; requires: MediaRequirements }> & Record<AnyExportFormat, unknown>;

export type MediaFeatureId = keyof typeof MEDIA_FEATURES;
export const MEDIA_FEATURE_IDS = Object.keys(MEDIA_FEATURES) as [MediaFeatureId, ...MediaFeatureId[]];

/** What the server found in its ffmpeg. */
export interface FfmpegInventory {
  version: string;
  /** Null for builds whose version has no number (from git); they are taken to be new enough. */
  major: number | null;
  filters: ReadonlySet<string>;
  encoders: ReadonlySet<string>;
  decoders: ReadonlySet<string>;
  /** The other programs the server found (see `MediaRequirements.programs`). */
  programs: ReadonlySet<string>;
}

export const MediaFeatureState = z
  .object({
    available: z.boolean(),
    reason: z.string().nullable().describe('Why the feature is off, for a person; null when it is available'),
  })
  .meta({ id: 'MediaFeatureState' });
export type MediaFeatureState = z.infer<typeof MediaFeatureState>;

export const MediaStatus = z
  .object({
    ffmpeg: z.string().describe("The server's ffmpeg version"),
    features: z.record(z.enum(MEDIA_FEATURE_IDS), MediaFeatureState),
  })
  .meta({ id: 'MediaStatus' });
export type MediaStatus = z.infer<typeof MediaStatus>;
export type MediaFeatureStates = MediaStatus['features'];

const KINDS = [
  ['filters', 'filter', 'filters'],
  ['encoders', 'encoder', 'encoders'],
  ['decoders', 'decoder', 'decoders'],
] as const;

/** What this ffmpeg lacks of some requirements, as phrases ("has no filter zscale"); empty when nothing. */
export function missingRequirements(requires: MediaRequirements, inventory: FfmpegInventory): string[] {
  const missing: string[] = [];
  if (requires.minimumMajorVersion !== undefined && inventory.major !== null && inventory.major < requires.minimumMajorVersion) {
    missing.push(`is version ${inventory.version} (older than ${requires.minimumMajorVersion}.0)`);
  }
  for (const [kind, one, many] of KINDS) {
    const absent = (requires[kind] ?? []).filter((name) => !inventory[kind].has(name));
    if (absent.length > 0) missing.push(`has no ${absent.length === 1 ? one : many} ${absent.join(', ')}`);
  }
  return missing;
}

/** "a", "a and b", "a, b and c". */
function listed(phrases: readonly string[]): string {
  return phrases.length <= 1 ? (phrases[0] ?? '') : `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1) ?? ''}`;
}

/** Debian's package for each program a feature runs. */
const PROGRAM_PACKAGES: Record<string, string> = { 'heif-convert': 'libheif-examples' };

/** Each feature on or off, and why it is off ("WebM export is off: the server's ffmpeg has no encoder libvpx-vp9."). */
export function mediaFeatureStates(inventory: FfmpegInventory): MediaFeatureStates {
  const states = {} as MediaFeatureStates;
  for (const id of MEDIA_FEATURE_IDS) {
    const { label, requires } = MEDIA_FEATURES[id];
    const missing = missingRequirements(requires, inventory);
    const programs: readonly string[] = 'programs' in requires ? requires.programs : [];
    const absent = programs.filter((name) => !inventory.programs.has(name));
    const why = [
      ...absent.map((name) => `the server has no ${name}${PROGRAM_PACKAGES[name] ? ` (on Debian the package ${PROGRAM_PACKAGES[name]})` : ''}`),
      ...(missing.length > 0 ? [`the server's ffmpeg ${listed(missing)}`] : []),
    ];
    states[id] = why.length === 0 ? { available: true, reason: null } : { available: false, reason: `${label} is off: ${why.join('; ')}.` };
  }
  return states;
}

const HDR_TRANSFERS = new Set(['smpte2084', 'arib-std-b67']);

/** PQ and HLG sources are tone-mapped to SDR on export (the colour engine grades Rec.709). */
export function needsToneMapping(metadata: Pick<MediaMetadata, 'hdr' | 'colorTransfer'>): boolean {
  return metadata.hdr && HDR_TRANSFERS.has(metadata.colorTransfer ?? '');
}

/** Whether the export runs the clarity or vignette filters for this grade. */
export function gradeUsesClarityOrVignette(grade: Grade): boolean {
  const spatial = spatialParams(grade, 1, 1);
  return spatial.clarity !== null || spatial.vignette !== null;
}

/**
 * Why this server cannot render this export, or null when it can: the export graph as a whole,
 * then the format's encoders, then the filters this grade and source need. Without a format:
 * why no export at all of this grade and source can be rendered.
 */
export function exportUnavailableReason(
  features: MediaFeatureStates,
  request: { format?: AnyExportFormat; usesClarityOrVignette: boolean; toneMapping: boolean },
): string | null {
  const needed: MediaFeatureId[] = ['export'];
  if (request.format) needed.push(request.format);
  if (request.usesClarityOrVignette) needed.push('clarityVignette');
  if (request.toneMapping) needed.push('hdrExport');
  return needed.map((id) => features[id]).find((state) => !state.available)?.reason ?? null;
}

import { z } from 'zod';
import { defineRoutes } from './api-route';
import { ColorSettings } from './assets';
import { ALL_EXPORT_FORMAT_IDS, EXPORT_SIZE_IDS, PREDICTION_STATUSES, type PredictionStatus } from './export-options';

/**
 * Export: process-video and check-processing-status (docs/product-rules.md, 'Export').
 * The media is the asset's id instead of base64 `videoData`; the grade travels in the asset's
 * saved form (`selectedLUT` = `selected_lut`, `colorSettings` = `color_settings`) and is read with
 * `gradeFromSavedGrade`, so the export and the editor never disagree about it.
 */

export function isFinishedStatus(status: PredictionStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'canceled';
}

/** Smart Enhancement settings, with the processing request's defaults. */
export const ENHANCEMENT_DEFAULTS = {
  upscaleEnabled: false,
  upscaleModel: 'flux-schnell',
  upscaleFactor: 2,
  frameInterpolation: false,
  targetFrameRate: 60,
  noiseReduction: false,
  sharpening: false,
} as const;

const onOrAmount = z.union([z.boolean(), z.number().min(0).max(100)], { error: 'Expected true, false or an amount from 0 to 100' });

export const ProcessVideoRequest = z
  .object({
    assetId: z.uuid('Not an asset id'),
    selectedLUT: z.string().max(100, 'selectedLUT is too long').nullable().default(null),
    colorSettings: ColorSettings.default({}),
    outputFormat: z.enum(ALL_EXPORT_FORMAT_IDS, { error: `outputFormat must be one of ${ALL_EXPORT_FORMAT_IDS.join(', ')}` }),
    quality: z
      .enum(EXPORT_SIZE_IDS, { error: `quality must be one of ${EXPORT_SIZE_IDS.join(', ')}` })
      .describe("The output's short side (720p … 16k), or source: the source's own size, not scaled"),
    codec: z.string().max(40, 'codec is too long').optional().describe("The format's codec id (h264, vp9, prores, rawvideo, mjpeg, png, tiff); optional"),
    upscaleEnabled: z.boolean().default(ENHANCEMENT_DEFAULTS.upscaleEnabled),
    upscaleModel: z.string().max(60).default(ENHANCEMENT_DEFAULTS.upscaleModel),
    upscaleFactor: z.number().min(1).max(4).default(ENHANCEMENT_DEFAULTS.upscaleFactor),
    frameInterpolation: z.boolean().default(ENHANCEMENT_DEFAULTS.frameInterpolation),
    targetFrameRate: z.number().min(1).max(240).default(ENHANCEMENT_DEFAULTS.targetFrameRate),
    noiseReduction: onOrAmount.default(ENHANCEMENT_DEFAULTS.noiseReduction),
    sharpening: onOrAmount.default(ENHANCEMENT_DEFAULTS.sharpening),
    fileName: z.string().max(255).optional().describe('Accepted for the spec; the download is named from the asset and its look'),
    userId: z.string().max(64).optional().describe('Accepted for the spec; the signed-in session decides whose export it is'),
  })
  .strict()
  .meta({ id: 'ProcessVideoRequest' });
export type ProcessVideoRequest = z.input<typeof ProcessVideoRequest>;

/**
 * What is true of Smart Enhancement (upscaling, frame interpolation, noise reduction, sharpening)
 * until it exists: no plan has it, so every place that names it says so in these words — the
 * header's switch, the Color Grading panel's Smart mode, the export menu, the plans page and the
 * server's refusal (docs/product-rules.md, 'Smart Enhancement').
 */
export const SMART_ENHANCEMENT_STATUS = {
  title: 'Smart Enhancement is not available yet',
  text: 'Upscaling, frame interpolation, noise reduction and sharpening are not part of Cinegrade yet, on any plan (Free, Premium or Enterprise). Exports carry your grade: the look, sliders, wheels and curves.',
} as const;

const ENHANCEMENT_NAMES = {
  upscaleEnabled: 'upscaling',
  frameInterpolation: 'frame interpolation',
  noiseReduction: 'noise reduction',
  sharpening: 'sharpening',
} as const;

/**
 * Smart Enhancement does not exist yet, for any plan (docs/product-rules.md, 'Smart Enhancement'): a request that turns any of it on
 * is refused (403) naming the field, rather than exported without what was asked for.
 */
export function enhancementRefusal(request: z.output<typeof ProcessVideoRequest>): { field: keyof typeof ENHANCEMENT_NAMES; message: string } | null {
  for (const field of Object.keys(ENHANCEMENT_NAMES) as (keyof typeof ENHANCEMENT_NAMES)[]) {
    const value = request[field];
    if (value === true || (typeof value === 'number' && value > 0)) {
      return {
        field,
        message: `${SMART_ENHANCEMENT_STATUS.title}: upscaling, frame interpolation, noise reduction and sharpening are not part of Cinegrade yet, on any plan. Turn ${ENHANCEMENT_NAMES[field]} off to export.`,
      };
    }
  }
  return null;
}

export const ProcessingResult = z
  .object({
    predictionId: z.uuid(),
    status: z.enum(PREDICTION_STATUSES),
    progress: z.number().min(0).max(100).describe('Percent done, to a tenth, so a long export visibly moves between polls'),
    downloadUrl: z.string().nullable().describe('Short-lived signed link to the file, once succeeded'),
    output: z.string().nullable().describe('The same link (the spec reads `output` on success)'),
    error: z.string().nullable(),
    suggestion: z.string().nullable(),
    retryAfter: z.number().int().nullable().describe('Seconds to wait before trying again, when that helps'),
    assetId: z.uuid(),
    outputFormat: z.enum(ALL_EXPORT_FORMAT_IDS),
    quality: z.enum(EXPORT_SIZE_IDS),
    width: z.number().int(),
    height: z.number().int(),
    fileName: z.string().describe('The download name: {asset name}-{look}.{ext}'),
  })
  .meta({ id: 'ProcessingResult' });
export type ProcessingResult = z.infer<typeof ProcessingResult>;

export const PredictionRequest = z
  .object({ predictionId: z.uuid('Not a prediction id') })
  .strict()
  .meta({ id: 'PredictionRequest' });

/** The export menu's wording (docs/product-rules.md, 'Messages'), kept once for the web app. */
export const EXPORT_MESSAGES = {
  failedTitle: 'Export failed',
  unknownError: 'Unknown error occurred',
  completedTitle: 'Export completed!',
  completedVideo: 'Your processed video has been downloaded',
  completedImage: 'Your processed image has been downloaded',
  processingFailed: 'Processing failed',
  statusCheckFailed: 'Status check failed',
  timeout: 'Processing timeout - please try again',
  noMediaSelected: 'Please upload or select media first',
  noMediaFile: 'No media file available for export',
  genericSuggestion: 'Please try again or contact support if the issue persists',
  cancelledTitle: 'Export cancelled',
} as const;

/** Exports one user may have queued or running at once; more answer 429 with retryAfter. */
export const MAX_ACTIVE_EXPORTS_PER_USER = 3;

export const exportRoutes = defineRoutes({
  processVideo: {
    method: 'post',
    path: '/api/functions/process-video',
    summary:
      "Start exporting an asset with a grade, format and quality. Free accounts may export MP4 or WebM (JPEG or PNG for stills) at up to 720p; other choices, premium looks, and Smart Enhancement answer 403 and start nothing. A user whose storage use is at or above their plan's quota gets 413 and nothing starts. A format or filter the server's ffmpeg lacks answers 503 with the reason (GET /api/health lists them).",
    tag: 'export',
    auth: 'user',
    body: ProcessVideoRequest,
    response: ProcessingResult,
    errors: [403, 404, 409, 413, 429, 503],
  },
  checkProcessingStatus: {
    method: 'post',
    path: '/api/functions/check-processing-status',
    summary: 'Where an export stands; on success, a signed download link named {asset name}-{look}.{ext}.',
    tag: 'export',
    auth: 'user',
    body: PredictionRequest,
    response: ProcessingResult,
    errors: [404],
  },
  cancelProcessing: {
    method: 'post',
    path: '/api/functions/cancel-processing',
    summary: 'Cancel an export that has not finished (its ffmpeg is stopped); a finished one is answered as it is.',
    tag: 'export',
    auth: 'user',
    body: PredictionRequest,
    response: ProcessingResult,
    errors: [404],
  },
});

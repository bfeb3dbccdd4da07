import { z } from 'zod';
import { defineRoutes } from './api-route';
import { AssetList, ColorSettings } from './assets';
import { MESSAGES } from './errors';
import { EXPORT_FORMATS, EXPORT_SIZE_IDS, SOURCE_SIZE, type ExportFormat } from './export-options';

/**
 * Batch grading (docs/product-rules.md, 'Batch'): for Premium and Enterprise only, decided on the
 * server. The files are uploaded first through the usual resumable upload (each becomes an asset);
 * creating a batch then links those assets to a new session in one transaction and starts one
 * export per video file with the session's look and grade. Each file's grade is its asset's saved
 * grade, so the batch editor's Apply to Selected / Apply to All saves grades and Export re-renders.
 */

/** Every batch call from anyone but Premium or Enterprise answers 403 with this. */
export const BATCH_PREMIUM_MESSAGE = MESSAGES.batchPremiumOnly;

/** Files one batch may hold. */
export const MAX_BATCH_FILES = 50;

/** Where one file of a batch stands; rate_limited is shown like error, with Retry. */
export const BATCH_FILE_STATUSES = ['processing', 'completed', 'error', 'rate_limited'] as const;
export type BatchFileStatus = (typeof BATCH_FILE_STATUSES)[number];

/** A session is processing until every file has finished; completed when at least one file succeeded, failed when none did. */
export const BATCH_SESSION_STATUSES = ['processing', 'completed', 'failed'] as const;
export type BatchSessionStatus = (typeof BATCH_SESSION_STATUSES)[number];

/** Batch wording (docs/product-rules.md, 'Messages'). */
export const BATCH_MESSAGES = {
  premiumOnly: BATCH_PREMIUM_MESSAGE,
  noFilesSelected: 'No files selected for processing',
  noVideoFiles: 'No video files found to process',
  constraintError: 'Database constraint error - invalid file type format',
  relationshipError: 'Database relationship error - please try again',
  missingData: 'Missing required data - please ensure all files are properly processed',
  saveFailed: 'Failed to save batch session to library',
  deleteFailed: 'Failed to delete batch session',
  deleted: 'Batch session deleted',
  noFilesToDownload: 'No files available for download',
  noCompletedFiles: 'No completed files to download',
  selectFilesToApply: 'Please select files to apply settings',
  selectFilesToExport: 'Please select files to export',
  complete: 'Batch Processing Complete!',
} as const;

/** 'Processing N video files (M non-video files skipped)', or without the brackets when none were skipped. */
export function batchProcessingMessage(videos: number, skipped: number): string {
  const files = `Processing ${videos} video file${videos === 1 ? '' : 's'}`;
  return skipped > 0 ? `${files} (${skipped} non-video file${skipped === 1 ? '' : 's'} skipped)` : files;
}

/** 'Processing completed: N successful, M failed'. */
export function batchResultMessage(completed: number, failed: number): string {
  return `Processing completed: ${completed} successful, ${failed} failed`;
}

/** 'Failed to save batch session: {message}'. */
export function batchSaveFailedMessage(message: string): string {
  return `Failed to save batch session: ${message}`;
}

/** 'Downloading N files'. */
export function batchDownloadingMessage(count: number): string {
  return `Downloading ${count} file${count === 1 ? '' : 's'}`;
}

const VIDEO_FORMAT_IDS = EXPORT_FORMATS.map((f) => f.id) as [ExportFormat, ...ExportFormat[]];
const batchId = z.uuid('Not a batch id');
const assetIds = z
  .array(z.uuid('Not an asset id'), { error: 'assetIds must be a list of asset ids' })
  .max(MAX_BATCH_FILES, `A batch holds at most ${MAX_BATCH_FILES} files`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each file may appear once');

const batchFormat = z.enum(VIDEO_FORMAT_IDS, { error: `outputFormat must be one of ${VIDEO_FORMAT_IDS.join(', ')}` });
const batchSize = z.enum(EXPORT_SIZE_IDS, { error: `quality must be one of ${EXPORT_SIZE_IDS.join(', ')}` });

export const BatchParams = z.object({ id: batchId });
export const ListBatchesQuery = z.object({
  status: z.enum(BATCH_SESSION_STATUSES, { error: `status must be one of ${BATCH_SESSION_STATUSES.join(', ')}` }).default('completed'),
});
export const BatchFileParams = z.object({ id: batchId, assetId: z.uuid('Not an asset id') });

export const CreateBatchRequest = z
  .object({
    assetIds: assetIds.describe('Assets uploaded for this batch (through /api/uploads); images among them are skipped'),
    selectedLUT: z.string().max(100, 'selectedLUT is too long').nullable().default(null),
    colorSettings: ColorSettings.default({}),
    outputFormat: batchFormat.default('mp4'),
    quality: batchSize
      .default(SOURCE_SIZE)
      .describe("Each file's output size: source (the default) keeps each file's own size, never scaled; a quality (720p … 16k) scales every file to that short side"),
  })
  .strict()
  .meta({ id: 'CreateBatchRequest' });
export type CreateBatchRequest = z.input<typeof CreateBatchRequest>;

/** Apply to Selected (the listed assets) or Apply to All (no assetIds): saves the grade on those files. */
export const UpdateBatchGradeRequest = z
  .object({
    assetIds: assetIds.optional().describe('The selected files; omitted means every file of the batch'),
    selectedLUT: z.string().max(100, 'selectedLUT is too long').nullable(),
    colorSettings: ColorSettings,
  })
  .strict()
  .meta({ id: 'UpdateBatchGradeRequest' });
export type UpdateBatchGradeRequest = z.input<typeof UpdateBatchGradeRequest>;

/**
 * Export Batch: re-renders the listed files (or all) with their saved grades, and every file of the
 * batch whose grade changed since its render; a format or size given becomes the batch's.
 */
export const ExportBatchRequest = z
  .object({
    assetIds: assetIds.optional().describe('The selected files; omitted means every file of the batch'),
    outputFormat: batchFormat.optional().describe("The format of these renders and the batch's from now on; omitted keeps the batch's"),
    quality: batchSize.optional().describe("Their size (source or 720p … 16k) and the batch's from now on; omitted keeps the batch's"),
  })
  .strict()
  .meta({ id: 'ExportBatchRequest' });
export type ExportBatchRequest = z.input<typeof ExportBatchRequest>;

export const BatchFile = z
  .object({
    assetId: z.uuid(),
    fileName: z.string().describe('The uploaded file name'),
    status: z.enum(BATCH_FILE_STATUSES),
    progress: z.number().min(0).max(100).describe('Percent of this file rendered'),
    canRetry: z.boolean().describe('True for error and rate_limited: POST .../retry renders it again from the stored original'),
    error: z.string().nullable().describe('Why the file failed (status error or rate_limited), worded for a person; null otherwise'),
    rerenderRefused: z
      .string()
      .nullable()
      .describe(
        'A completed file only: why the last render asked of it (Export Batch) was refused before it began, worded for a person. Its completed render is kept: it still downloads and is still in the ZIP. Null otherwise',
      ),
    format: z.string().describe('Container of the original (mp4, mov, …)'),
    fileSize: z.number().int().describe('Bytes of the original'),
    duration: z.number().nullable().describe('Seconds'),
    originalThumbnail: z.string().nullable().describe('Short-lived signed URL of the original thumbnail'),
    originalUrl: z.string().nullable().describe('Short-lived signed URL the browser can play (the preview copy when one exists)'),
    downloadUrl: z.string().nullable().describe('Short-lived signed URL of the graded file, once completed'),
    outputName: z.string().nullable().describe('The graded file name, as in the ZIP'),
    keptDownloadUrl: z
      .string()
      .nullable()
      .describe(
        "Short-lived signed URL of the file's last completed render while a newer render of it is processing or after that one failed (status processing, error or rate_limited): the file keeps it until a newer render succeeds, and it is what the ZIP holds for the file. Null when the status is completed (downloadUrl is the render) or the file never completed",
      ),
    keptOutputName: z.string().nullable().describe('The kept render\'s file name, as in the ZIP; null when keptDownloadUrl is'),
    renderOutdated: z
      .boolean()
      .describe(
        "True when the file's grade (appliedLUT, colorSettings) was changed since its current render was made: its download and its place in the ZIP are still the render of the earlier grade until the next Export Batch, which renders every such file whether or not it is selected",
      ),
    predictionId: z.uuid().nullable().describe('The export rendering this file; its export-progress live events carry this id'),
    appliedLUT: z.string().nullable().describe('The look of this file (its asset selected_lut)'),
    colorSettings: ColorSettings.describe('The grade of this file (its asset color_settings)'),
  })
  .meta({ id: 'BatchFile' });
export type BatchFile = z.infer<typeof BatchFile>;

export const BatchSession = z
  .object({
    id: z.uuid(),
    name: z.string().describe("'Batch {date} {time}' at creation (UTC)"),
    status: z.enum(BATCH_SESSION_STATUSES),
    file_count: z.number().int(),
    completed_count: z.number().int(),
    failed_count: z.number().int(),
    progress: z.number().min(0).max(100).describe('Mean progress of the files'),
    selected_lut: z.string().nullable().describe('The look the batch was started with'),
    settings: z.object({ outputFormat: z.enum(VIDEO_FORMAT_IDS), quality: z.enum(EXPORT_SIZE_IDS), colorSettings: ColorSettings }),
    thumbnail_url: z.string().nullable().describe("Short-lived signed URL of the first file's thumbnail"),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    files: z.array(BatchFile),
  })
  .meta({ id: 'BatchSession' });
export type BatchSession = z.infer<typeof BatchSession>;

export const CreateBatchResponse = z
  .object({
    session: BatchSession,
    skipped: z.array(z.object({ assetId: z.uuid(), fileName: z.string() })).describe('Non-video files left out of the batch (they stay ordinary assets)'),
    message: z.string().describe("'Processing N video files (M non-video files skipped)'"),
  })
  .meta({ id: 'CreateBatchResponse' });
export type CreateBatchResponse = z.infer<typeof CreateBatchResponse>;

export const BatchSessionList = z.object({ sessions: z.array(BatchSession) }).meta({ id: 'BatchSessionList' });
export type BatchSessionList = z.infer<typeof BatchSessionList>;

/** Copy/paste of a grade: one saved grade onto several of the caller's assets. */
export const ApplyGradeRequest = z
  .object({
    assetIds: z
      .array(z.uuid('Not an asset id'))
      .min(1, 'Please select files to apply settings')
      .max(200, 'Paste onto at most 200 assets at once')
      .refine((ids) => new Set(ids).size === ids.length, 'Each asset may appear once'),
    selected_lut: z.string().max(100).nullable(),
    color_settings: ColorSettings,
  })
  .strict()
  .meta({ id: 'ApplyGradeRequest' });
export type ApplyGradeRequest = z.input<typeof ApplyGradeRequest>;

const BATCH_ERRORS = [403, 404] as const;

export const batchRoutes = defineRoutes({
  createBatch: {
    method: 'post',
    path: '/api/batches',
    summary:
      "Start a batch from assets you uploaded: links the video files to a new session 'Batch {date} {time}' (one transaction: never a session without its files), saves the look and grade on each and queues one export per file. Premium and Enterprise only (403 otherwise, nothing created). A file whose export is refused (the storage quota reached, say) is kept in the session as an error with its reason. Going over 100 of your batch files queued or rendering at once answers 429 with Retry-After, nothing created.",
    tag: 'batch',
    auth: 'user',
    body: CreateBatchRequest,
    response: CreateBatchResponse,
    status: 201,
    errors: [...BATCH_ERRORS, 409, 429, 503],
  },
  listBatches: {
    method: 'get',
    path: '/api/batches',
    summary: 'Your batch library: completed collections (or `status` processing / failed ones), newest first, each with its files.',
    tag: 'batch',
    auth: 'user',
    query: ListBatchesQuery,
    response: BatchSessionList,
    errors: [403],
  },
  getBatch: {
    method: 'get',
    path: '/api/batches/{id}',
    summary: 'One of your batch sessions with per-file status and progress (live progress: export-progress events on /api/events, by predictionId).',
    tag: 'batch',
    auth: 'user',
    params: BatchParams,
    response: BatchSession,
    errors: BATCH_ERRORS,
  },
  deleteBatch: {
    method: 'delete',
    path: '/api/batches/{id}',
    summary: 'Delete a collection: the session, its assets and every file of them (originals, derived files, exports).',
    tag: 'batch',
    auth: 'user',
    params: BatchParams,
    errors: BATCH_ERRORS,
  },
  retryBatchFile: {
    method: 'post',
    path: '/api/batches/{id}/files/{assetId}/retry',
    summary:
      'Render a failed file again from its stored original (no new upload). A file that is not in error answers 409; with 100 of your batch files already queued or rendering, 429 with Retry-After.',
    tag: 'batch',
    auth: 'user',
    params: BatchFileParams,
    response: BatchSession,
    errors: [...BATCH_ERRORS, 409, 429],
  },
  updateBatchGrade: {
    method: 'put',
    path: '/api/batches/{id}/grade',
    summary: 'Apply to Selected (assetIds) or Apply to All (no assetIds): save one look and grade on those files. Renders nothing; see export.',
    tag: 'batch',
    auth: 'user',
    params: BatchParams,
    body: UpdateBatchGradeRequest,
    response: BatchSession,
    errors: BATCH_ERRORS,
  },
  exportBatch: {
    method: 'post',
    path: '/api/batches/{id}/export',
    summary:
      "Export Batch: render the selected files (or all) again with their saved grades, in the format and size given (which become the batch's) or the batch's, together with every other file of the batch whose grade was changed since its render (renderOutdated), so the ZIP never keeps a render of an earlier grade. A file still rendering answers 409; storage use at or above the plan's quota answers 413, and going over 100 of your batch files queued or rendering at once 429 with Retry-After; nothing changes then. A file refused on its own (its imported LUT deleted, say) keeps a completed render it has, with the reason in rerenderRefused; one without a completed render is an error with the reason. A new render that starts and then fails leaves the file in error (with Retry) while its last completed render stays offered in keptDownloadUrl and in the ZIP.",
    tag: 'batch',
    auth: 'user',
    params: BatchParams,
    body: ExportBatchRequest,
    response: BatchSession,
    errors: [...BATCH_ERRORS, 409, 413, 429],
  },
  downloadBatch: {
    method: 'get',
    path: '/api/batches/{id}/download',
    summary:
      "Every completed render of the collection as one ZIP, streamed (names made safe and unique): each file's current render once it succeeded, else its kept earlier render (keptDownloadUrl). 409 when no file has a completed render.",
    tag: 'batch',
    auth: 'user',
    params: BatchParams,
    produces: 'application/zip',
    errors: [...BATCH_ERRORS, 409],
  },
  applyGrade: {
    method: 'post',
    path: '/api/assets/apply-grade',
    summary: 'Paste one grade (selected_lut, color_settings) onto several of your assets; validated like a saved grade. Any unknown id answers 404 and changes nothing.',
    tag: 'assets',
    auth: 'user',
    body: ApplyGradeRequest,
    response: AssetList,
    errors: [403, 404],
  },
});

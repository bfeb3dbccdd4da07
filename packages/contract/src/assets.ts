import { stripUnsafeNameCharacters } from './names';
import { z } from 'zod';
import { defineRoutes } from './api-route';
import { PREDICTION_STATUSES } from './export-options';

/**
 * Assets (table `projects`): an upload with its grade and the
 * files derived from it. Ids are uuids; every call is scoped to the signed-in owner.
 */
export const MEDIA_TYPES = ['video', 'image'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
/** The one word the product shows for each kind of media (docs/product-rules.md, 'Dates and words'). */
export const MEDIA_TYPE_LABELS: Record<MediaType, string> = { video: 'Video', image: 'Image' };

/** Where background processing of an upload stands. */
export const PROCESSING_STATUSES = ['processing', 'ready', 'failed'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

export const MediaMetadata = z
  .object({
    container: z.string(),
    durationSeconds: z.number().nullable(),
    width: z.number().int(),
    height: z.number().int(),
    frameRate: z.number().nullable(),
    videoCodec: z.string().nullable(),
    pixelFormat: z.string().nullable(),
    bitDepth: z.number().int().nullable(),
    colorPrimaries: z.string().nullable(),
    colorTransfer: z.string().nullable(),
    colorSpace: z.string().nullable(),
    colorRange: z.string().nullable(),
    hdr: z.boolean(),
    rotation: z.number().int(),
    orientation: z
      .number()
      .int()
      .min(1)
      .max(8)
      .optional()
      .describe("A still's EXIF/TIFF orientation, 1 (upright) to 8; absent means 1. Thumbnails, preview copies and exports are turned upright with it."),
    audioCodec: z.string().nullable(),
    colorProfile: z
      .object({
        name: z.string().nullable().describe("The profile's own description ('Display P3'), null when it has none or it could not be read."),
        handling: z.enum(['converted', 'srgb', 'not-applied']),
        reason: z.string().optional().describe('Why a profile was not applied (a lookup-table profile, a malformed one...).'),
      })
      .optional()
      .describe("A still's embedded ICC profile and what was done with it: 'converted' to sRGB (the working space) once on upload, 'srgb' (already sRGB, within 1/255), or 'not-applied' (a kind of profile this server cannot apply: the picture is taken as encoded)."),
    convertedFromCmyk: z.boolean().optional().describe('A CMYK JPEG converted to RGB on upload (naive: each of C, M, Y multiplied by K, no print profile).'),
    frameCount: z.number().int().optional().describe("A video's frames, counted from its packets when it was uploaded (as `durationSeconds` is measured, not taken from the header)."),
    declaredDurationSeconds: z.number().nullable().optional().describe('What the file\'s header claimed, kept when it differed from the measured length by more than 5 %.'),
    /** Interlaced scan ('tt', 'bb', 'tb', 'bt': which field first); absent or null when progressive or not said. */
    fieldOrder: z.string().nullable().optional(),
    /** Non-square pixels: the sample (pixel) aspect ratio as [width, height]; absent or null when square. */
    sampleAspectRatio: z.tuple([z.number().int().positive(), z.number().int().positive()]).nullable().optional(),
    detailBitsPerPixel: z
      .number()
      .positive()
      .optional()
      .describe("How much fine detail the picture holds, measured on upload: one frame (a video's middle one) 640 px wide as a lossless PNG, in bits per pixel. The export menu's size estimates use it; absent for assets uploaded before it was measured."),
  })
  .meta({ id: 'MediaMetadata' });
export type MediaMetadata = z.infer<typeof MediaMetadata>;

const assetId = z.uuid('Not an asset id');
export const AssetParams = z.object({ id: assetId });

/**
 * The saved grade of an asset as the editor stores it: the look in `selected_lut` and the slider
 * values (plus look strength and camera input) in `color_settings`, with the grade's optional
 * parts (`wheels`, `curves`, and any part the engine adds) as objects under their own name. The
 * colour engine validates the values; the server stores what it accepts.
 */
export const ColorSettings = z
  .record(z.string(), z.union([z.number(), z.string(), z.null(), z.record(z.string(), z.unknown()), z.array(z.unknown())]))
  .describe(
    'Slider values (numbers), lookStrength and inputTransform, and the optional grade parts as the colour engine defines them: `wheels` {lift, gamma, gain, offset: {hue, amount, master}, saturation}, `curves` {master, red, green, blue: [{x, y}]}, and any further part of the engine grade.',
  )
  .meta({ id: 'ColorSettings' });
export type ColorSettings = z.infer<typeof ColorSettings>;

export const Asset = z
  .object({
    id: z.uuid(),
    name: z.string(),
    media_file_name: z.string(),
    media_file_path: z.string().nullable().describe('Storage key; null when the file is gone and must be uploaded again'),
    media_file_type: z.enum(MEDIA_TYPES),
    size_bytes: z.number().int(),
    thumbnail_url: z.string().nullable().describe('Short-lived signed URL of the 320 px JPEG thumbnail'),
    media_url: z.string().nullable().describe('Short-lived signed URL the browser can play: the proxy when one exists, else the original'),
    original_url: z.string().nullable().describe('Short-lived signed URL of the original file'),
    needs_proxy: z.boolean(),
    selected_lut: z.string().nullable(),
    color_settings: ColorSettings,
    deinterlace: z
      .boolean()
      .describe('Interlaced sources only: true (the default) deinterlaces the export; false keeps the fields in an MP4 export. The preview and thumbnail are deinterlaced either way.'),
    processing_status: z.enum(PROCESSING_STATUSES),
    processing_error: z.string().nullable(),
    metadata: MediaMetadata.nullable(),
    batch_processed: z.boolean(),
    batch_session_id: z.uuid().nullable(),
    processed_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Asset' });
export type Asset = z.infer<typeof Asset>;

export const AssetList = z.object({ assets: z.array(Asset) }).meta({ id: 'AssetList' });

export const ListAssetsQuery = z.object({
  batch_processed: z.enum(['true', 'false'], { error: 'batch_processed must be true or false' }).optional(),
});

export const UpdateAssetRequest = z
  .object({
    name: z.string().overwrite(stripUnsafeNameCharacters).trim().min(1, 'Please enter a name').max(200, 'Please keep the name under 200 characters').optional(),
    selected_lut: z.string().max(100).nullable().optional(),
    color_settings: ColorSettings.optional(),
    deinterlace: z.boolean({ error: 'deinterlace must be true or false' }).optional(),
  })
  .strict()
  .meta({ id: 'UpdateAssetRequest' });
export type UpdateAssetRequest = z.infer<typeof UpdateAssetRequest>;

/** What the upload endpoint answers when the last chunk has arrived and the file was accepted. */
export const UploadResult = z.object({ asset: Asset }).meta({ id: 'UploadResult' });

/**
 * Named on a tus HEAD answer for an upload that already became an asset: a client whose final
 * response was lost learns which asset it made instead of sending the file again.
 */
export const UPLOAD_ASSET_HEADER = 'Upload-Asset-Id';

/**
 * Server-sent event on /api/events when something of the signed-in user's changes: an asset, or
 * an export's progress (so the menu's percentage moves without waiting for the next poll).
 */
export const LiveEvent = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('assets-changed'), assetId: z.uuid().optional() }),
    z.object({
      type: z.literal('export-progress'),
      predictionId: z.uuid(),
      assetId: z.uuid(),
      status: z.enum(PREDICTION_STATUSES),
      progress: z.number().min(0).max(100),
    }),
  ])
  .meta({ id: 'LiveEvent' });
export type LiveEvent = z.infer<typeof LiveEvent>;
export type LiveEventType = LiveEvent['type'];

export const assetRoutes = defineRoutes({
  listAssets: {
    method: 'get',
    path: '/api/assets',
    summary: 'Your assets, newest first; `batch_processed` filters batch or manual uploads.',
    tag: 'assets',
    auth: 'user',
    query: ListAssetsQuery,
    response: AssetList,
  },
  getAsset: {
    method: 'get',
    path: '/api/assets/{id}',
    summary: 'One of your assets, with fresh signed URLs for its files.',
    tag: 'assets',
    auth: 'user',
    params: AssetParams,
    response: Asset,
    errors: [404],
  },
  updateAsset: {
    method: 'patch',
    path: '/api/assets/{id}',
    summary: 'Rename an asset, save its grade (selected_lut, color_settings), or turn deinterlacing of an interlaced video off or on.',
    tag: 'assets',
    auth: 'user',
    params: AssetParams,
    body: UpdateAssetRequest,
    response: Asset,
    errors: [404],
  },
  deleteAsset: {
    method: 'delete',
    path: '/api/assets/{id}',
    summary: 'Delete an asset and its files (original, proxy, thumbnail, exports).',
    tag: 'assets',
    auth: 'user',
    params: AssetParams,
    errors: [404],
  },
  uploads: {
    method: 'post',
    path: '/api/uploads',
    summary:
      'Resumable upload (tus 1.0.0: POST creates, PATCH /api/uploads/{uploadId} sends chunks, HEAD resumes). Metadata: filename, filetype. The final PATCH answers UploadResult, or 415 when the content is not a video or image.',
    tag: 'assets',
    auth: 'user',
    response: UploadResult,
    errors: [413, 415],
  },
  uploadChunk: {
    method: 'patch',
    path: '/api/uploads/{uploadId}',
    summary:
      'tus 1.0.0: append a chunk at Upload-Offset (Content-Type application/offset+octet-stream). The last chunk answers UploadResult with the accepted asset, or 415 when the content is not a video or an image. Only the user who created the upload may send to it.',
    tag: 'assets',
    auth: 'user',
    response: UploadResult,
    errors: [404, 409, 413, 415],
  },
  uploadOffset: {
    method: 'head',
    path: '/api/uploads/{uploadId}',
    summary: 'tus 1.0.0: how much of the upload arrived (Upload-Offset), so a client resumes where it stopped.',
    tag: 'assets',
    auth: 'user',
    errors: [404],
  },
  cancelUpload: {
    method: 'delete',
    path: '/api/uploads/{uploadId}',
    summary: 'tus 1.0.0 termination: abandon an upload and remove what arrived of it.',
    tag: 'assets',
    auth: 'user',
    errors: [404],
  },
  file: {
    method: 'get',
    path: '/api/files/{token}',
    summary: 'A file of yours through a short-lived signed link; supports HTTP Range requests.',
    tag: 'assets',
    auth: 'none',
    produces: 'application/octet-stream',
    errors: [401, 403, 404, 416],
  },
  events: {
    method: 'get',
    path: '/api/events',
    summary: 'Server-sent events: `assets-changed` whenever one of your assets changes, `export-progress` as an export moves, in any tab or process.',
    tag: 'assets',
    auth: 'user',
    produces: 'text/event-stream',
  },
});

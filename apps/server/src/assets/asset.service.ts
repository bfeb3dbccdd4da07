import path from 'node:path';
import {
  canUsePremiumLooks,
  gradeFromSavedGrade,
  knownSettings,
  gradeNeedsPremium,
  PREMIUM_LOOK_REFUSAL_MESSAGE,
  savedGradeField,
  sourceWorkRefusal,
  type Asset,
  type ListAssetsQuery,
  type MediaMetadata,
  type UpdateAssetRequest,
  stripUnsafeNameCharacters,
} from '@cinegrade/contract';
import type { ProfileRepository } from '../account/profile.repository';
import type { z } from 'zod';
import type { EventBus } from '../events/event-bus';
import { forbidden, HttpError, invalidField, notFound } from '../http/http-error';
import type { JobQueue } from '../jobs/job-queue';
import type { JobOutcome } from '../jobs/job-types';
import { needsProxy } from '../media/ffmpeg-args';
import { classifyFfmpegFailure } from '../media/ffmpeg-failure';
import { FfmpegError } from '../media/ffmpeg-runner';
import { isShortDerive, type MediaTools } from '../media/media-tools';
import { ProbeError } from '../media/probe';
import { decodedBytes, overDecodeBudget, pngDeclaredPicture } from '../media/decode-budget';
import { sniffMedia, type SniffedType } from '../media/sniff';
import type { UserLutService } from '../luts/user-lut.service';
import type { Logger } from '../platform/logger';
import { recordProcess, withNamedWorkFolder } from '../platform/work-folder';
import { derivedKey, newMediaKey } from '../storage/keys';
import type { FileSigner } from '../storage/signed-urls';
import type { Storage } from '../storage/storage';
import type { StagedUpload } from '../uploads/staged-upload';
import type { AssetRepository, AssetRow, DerivedFilesLookup } from './asset.repository';

/** How often a running `media.derive` job looks whether its asset was deleted (by another process). */
const DELETION_CHECK_MS = 1000;

const DELETED_WHILE_PROCESSING: JobOutcome = { status: 'skipped', reason: 'The asset was deleted while processing; its work was stopped.' };

export const EMPTY_FILE_MESSAGE = 'The file is empty.';

export const NOT_MEDIA_MESSAGE =
  'This file is not a video or an image Cinegrade can read. Upload a video (MP4, MOV, WebM, AVI, MKV) or an image (JPEG, PNG, WebP, TIFF).';

/** What a person sees for a file name: no folders, no control or bidi characters, a sane length. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = stripUnsafeNameCharacters(base).trim().slice(0, 200);
  return cleaned || 'Untitled';
}

function displayName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/**
 * The rules of assets: what an upload must be to be kept, what a person may change, and what
 * happens to the files. Scoped to the owner throughout; another user's id is simply not found.
 */
export class AssetService {
  constructor(
    private readonly assets: AssetRepository,
    private readonly storage: Storage,
    private readonly signer: FileSigner,
    private readonly tools: MediaTools,
    private readonly jobs: JobQueue,
    private readonly events: EventBus,
    private readonly logger: Logger,
    private readonly rules: {
      profiles: ProfileRepository;
      userLuts: UserLutService;
      /** Files of rows that belong to an asset (its exports), removed with it. */
      derivedFiles: DerivedFilesLookup;
    },
  ) {}

  /** `media.derive` jobs running in this process, by asset: calling one stops its ffmpeg. */
  private readonly deriving = new Map<string, () => void>();

  /**
   * A finished upload: decide from the bytes what it is, probe it, store it under the owner's
   * id and queue its thumbnail and proxy. Anything that is not real media is refused (415) and
   * nothing of it is kept.
   */
  /** `onSaved` runs once the asset exists and before the staged upload is discarded. */
  async acceptUpload(userId: string, staged: StagedUpload, originalName: string, onSaved?: (asset: Asset) => Promise<void>): Promise<Asset> {
    try {
      const size = await staged.size();
      if (size === 0) throw new HttpError(415, 'unsupported_media', EMPTY_FILE_MESSAGE);
      const head = await staged.head(4096);
      const sniffed = sniffMedia(head);
      if (!sniffed) throw new HttpError(415, 'unsupported_media', NOT_MEDIA_MESSAGE);
      // Refused by the size it declares before ffprobe or ffmpeg decodes anything (a PNG says so in its header).
      const declared = pngDeclaredPicture(head);
      const declaredRefusal = declared && overDecodeBudget(sniffed.mediaType, declared.width, declared.height, declared.width * declared.height * declared.bytesPerPixel);
      if (declaredRefusal) throw new HttpError(413, 'payload_too_large', declaredRefusal);
      const metadata = await this.probeStaged(staged, sniffed);
      const decodeRefusal = overDecodeBudget(sniffed.mediaType, metadata.width, metadata.height, decodedBytes(metadata.width, metadata.height, metadata.pixelFormat, metadata.bitDepth));
      if (decodeRefusal) throw new HttpError(413, 'payload_too_large', decodeRefusal);
      await this.checkSourceWork(userId, metadata);
      const fileName = cleanFileName(originalName);
      const key = newMediaKey(userId, sniffed.extension);
      await staged.keep(key);
      const row = await this.assets.insert({
        user_id: userId,
        name: displayName(fileName),
        media_file_name: fileName,
        media_file_path: key,
        media_file_type: sniffed.mediaType,
        mime_type: sniffed.mime,
        size_bytes: size,
        needs_proxy: needsProxy(sniffed.demuxer, sniffed.mediaType, metadata),
        metadata: JSON.stringify({ ...metadata, demuxer: sniffed.demuxer }),
      });
      // Short work has its own lane, so a small clip is never stuck behind a long preview encode.
      const lane = isShortDerive(metadata, row.needs_proxy, sniffed.mediaType) ? 'media.derive-short' : 'media.derive';
      await this.jobs.send(lane, { assetId: row.id, userId }, { fairFor: userId });
      await this.changed(userId, row.id);
      this.logger.info('Upload accepted', { userId, assetId: row.id, type: sniffed.mime, size });
      const asset = this.toApi(row);
      await onSaved?.(asset);
      return asset;
    } finally {
      await staged.discard();
    }
  }

  /**
   * The tier's cap on video work, pixels × seconds (docs/product-rules.md, 'Limits'): checked once
   * the file is probed, before anything is stored or derived; 413 with the limit in the message.
   */
  private async checkSourceWork(userId: string, metadata: MediaMetadata): Promise<void> {
    const refusal = sourceWorkRefusal((await this.rules.profiles.subscription(userId)).tier, metadata);
    if (refusal) throw new HttpError(413, 'payload_too_large', refusal);
  }

  /** ffprobe on the staged bytes; a file it cannot read is refused as not media. */
  private async probeStaged(staged: StagedUpload, sniffed: SniffedType): Promise<MediaMetadata> {
    const copy = await staged.localCopy();
    try {
      return await this.tools.probe({ path: copy.path, demuxer: sniffed.demuxer });
    } catch (error) {
      if (error instanceof ProbeError) throw new HttpError(415, 'unsupported_media', `${error.message} ${NOT_MEDIA_MESSAGE}`);
      throw error;
    } finally {
      await copy.release();
    }
  }

  async list(userId: string, query: z.output<typeof ListAssetsQuery>): Promise<Asset[]> {
    const filter = query.batch_processed === undefined ? undefined : query.batch_processed === 'true';
    const rows = await this.assets.list(userId, filter);
    return rows.map((row) => this.toApi(row));
  }

  async get(userId: string, id: string): Promise<Asset> {
    const row = await this.assets.get(userId, id);
    if (!row) throw notFound('No such asset.');
    return this.toApi(row);
  }

  async update(userId: string, id: string, change: UpdateAssetRequest): Promise<Asset> {
    if (change.selected_lut !== undefined || change.color_settings !== undefined) await this.checkGradeChange(userId, id, change);
    const row = await this.assets.update(userId, id, {
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.selected_lut !== undefined ? { selected_lut: change.selected_lut } : {}),
      ...(change.color_settings !== undefined ? { color_settings: JSON.stringify(knownSettings(change.color_settings)) } : {}),
    });
    if (!row) throw notFound('No such asset.');
    await this.changed(userId, id);
    return this.toApi(row);
  }

  /**
   * Pastes one grade onto several of the user's assets (copy/paste of a grade, and the batch
   * editor's Apply to Selected / Apply to All), validated as a saved grade is: all or nothing, and
   * an id that is not the user's answers 404. Answers the assets in the order asked.
   */
  async applyGrade(userId: string, ids: string[], saved: { selected_lut: string | null; color_settings: Asset['color_settings'] }): Promise<Asset[]> {
    const parsed = gradeFromSavedGrade(saved);
    if (!parsed.ok) throw invalidField(savedGradeField(parsed.field, { look: 'selected_lut', settings: 'color_settings' }), parsed.message);
    const { grade } = parsed;
    if (grade.customLook !== null && !(await this.rules.userLuts.exists(userId, grade.customLook))) {
      throw invalidField('selected_lut', 'That imported LUT no longer exists. Choose another look.');
    }
    if (gradeNeedsPremium(grade) && !canUsePremiumLooks((await this.rules.profiles.subscription(userId)).tier)) throw forbidden(PREMIUM_LOOK_REFUSAL_MESSAGE);
    const rows = await this.assets.updateMany(userId, ids, { selected_lut: saved.selected_lut, color_settings: JSON.stringify(knownSettings(saved.color_settings)) });
    if (!rows) throw notFound('No such asset.');
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) await this.changed(userId, id);
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [this.toApi(row)] : [];
    });
  }

  async delete(userId: string, id: string): Promise<void> {
    const row = await this.assets.deleteWithFiles(userId, id, (asset, tx) => this.rules.derivedFiles(tx, userId, asset.id));
    if (!row) throw notFound('No such asset.');
    this.deriving.get(id)?.();
    await this.jobs.send('storage.delete', { reason: `asset ${id} deleted` });
    await this.changed(userId, id);
  }

  /**
   * A grade is saved only as the engine would render it: values in range (400 naming the field),
   * an imported LUT the user still has, and a premium look only for a tier that may use it (the
   * 'Premium Feature' refusal, docs/product-rules.md, 'Looks'). A premium look already saved stays usable for other edits.
   */
  private async checkGradeChange(userId: string, id: string, change: UpdateAssetRequest): Promise<void> {
    const row = await this.assets.get(userId, id);
    if (!row) throw notFound('No such asset.');
    const selected = change.selected_lut !== undefined ? change.selected_lut : row.selected_lut;
    const settings = change.color_settings ?? (row.color_settings as Asset['color_settings']);
    const parsed = gradeFromSavedGrade({ selected_lut: selected, color_settings: settings });
    if (!parsed.ok) {
      throw invalidField(savedGradeField(parsed.field, { look: 'selected_lut', settings: 'color_settings' }), parsed.message);
    }
    const { grade } = parsed;
    if (change.selected_lut === undefined || change.selected_lut === row.selected_lut) return;
    if (grade.customLook !== null && !(await this.rules.userLuts.exists(userId, grade.customLook))) {
      throw invalidField('selected_lut', 'That imported LUT no longer exists. Choose another look.');
    }
    if (gradeNeedsPremium(grade) && !canUsePremiumLooks((await this.rules.profiles.subscription(userId)).tier)) throw forbidden(PREMIUM_LOOK_REFUSAL_MESSAGE);
  }

  /**
   * Job `media.derive`: the thumbnail, and a proxy when the browser cannot play the original.
   * Deleting the asset stops its ffmpeg at once: at once in this process, and within a second
   * (the row is looked at every second) when another process runs the job. The work folder is
   * named after the asset and holds ffmpeg's pid, so a retry after a crash stops a leftover ffmpeg.
   */
  async deriveMedia(userId: string, assetId: string, signal: AbortSignal): Promise<JobOutcome> {
    const row = await this.assets.get(userId, assetId);
    if (!row?.media_file_path) return { status: 'skipped', reason: 'The asset or its file is gone.' };
    const metadata = row.metadata as (Asset['metadata'] & { demuxer: string }) | null;
    if (!metadata) return this.fail(row, 'The file was never probed.');
    const mediaPath = row.media_file_path;
    const stop = new AbortController();
    const onProcessStop = () => stop.abort();
    signal.addEventListener('abort', onProcessStop, { once: true });
    let deleted = false;
    const onDelete = () => {
      deleted = true;
      stop.abort();
    };
    this.deriving.set(assetId, onDelete);
    let looking = false;
    const watcher = setInterval(() => {
      if (looking) return;
      looking = true;
      this.assets
        .get(userId, assetId)
        .then((still) => (still ? undefined : onDelete()))
        .catch((error: unknown) => this.logger.warn('Could not check whether an asset still exists', { assetId, error }))
        .finally(() => (looking = false));
    }, DELETION_CHECK_MS);
    try {
      const warn = (message: string, details: object) => this.logger.warn(`Preview ${message}`, { assetId, ...details });
      return await withNamedWorkFolder(`cinegrade-derive-${assetId}`, warn, async (work) => {
        const original = await this.storage.localCopy(mediaPath);
        try {
          const input = { path: original.path, demuxer: metadata.demuxer };
          const thumbFile = path.join(work, 'thumb.jpg');
          await this.tools.thumbnail(input, metadata, row.media_file_type, thumbFile);
          const thumbnailKey = derivedKey(mediaPath, 'thumb', 'jpg');
          let proxyKey: string | null = null;
          let proxyFile: string | null = null;
          if (row.needs_proxy) {
            const extension = row.media_file_type === 'image' ? 'png' : 'mp4';
            proxyFile = path.join(work, `proxy.${extension}`);
            await this.tools.proxy(input, metadata, row.media_file_type, proxyFile, { signal: stop.signal, onSpawn: (pid) => void recordProcess(work, pid, warn) });
            proxyKey = derivedKey(mediaPath, 'proxy', extension);
          }
          if (deleted) return DELETED_WHILE_PROCESSING;
          await this.storage.putFile(thumbnailKey, thumbFile, { move: true });
          if (proxyKey && proxyFile) await this.storage.putFile(proxyKey, proxyFile, { move: true });
          // Counted towards the owner's storage quota with the original (docs/product-rules.md, 'Limits').
          let derivedBytes = 0;
          for (const key of [thumbnailKey, proxyKey]) if (key) derivedBytes += (await this.storage.size(key)) ?? 0;
          const updated = await this.assets.update(userId, assetId, { thumbnail_path: thumbnailKey, proxy_path: proxyKey, derived_bytes: derivedBytes, processing_status: 'ready', processing_error: null });
          if (!updated) {
            // Deleted while we worked: do not leave the new files behind.
            for (const key of [thumbnailKey, proxyKey]) if (key) await this.storage.delete(key);
            return DELETED_WHILE_PROCESSING;
          }
          await this.changed(userId, assetId);
          return { status: 'success' } as const;
        } catch (error) {
          if (deleted) return DELETED_WHILE_PROCESSING;
          if (error instanceof FfmpegError && !signal.aborted) {
            // The server's own ffmpeg failing needs an operator; a damaged upload does not.
            const level = classifyFfmpegFailure(error).side === 'server' ? 'error' : 'warn';
            this.logger[level]('Preparing an upload failed', { assetId, reason: error.message, ffmpeg: error.stderr.slice(-1200) });
            return this.fail(row, error.message);
          }
          throw error;
        } finally {
          await original.release();
        }
      });
    } finally {
      clearInterval(watcher);
      this.deriving.delete(assetId);
      signal.removeEventListener('abort', onProcessStop);
    }
  }

  toApi(row: AssetRow): Asset {
    const sign = (key: string | null, downloadName?: string) => (key ? this.signer.url({ key, userId: row.user_id, downloadName }) : null);
    const metadata = row.metadata as (Asset['metadata'] & { demuxer?: string }) | null;
    const publicMetadata = metadata ? (({ demuxer: _demuxer, ...rest }) => rest)(metadata) : null;
    const playable = row.needs_proxy ? row.proxy_path : row.media_file_path;
    return {
      id: row.id,
      // Rows saved before names were cleaned at the door are cleaned on the way out.
      name: stripUnsafeNameCharacters(row.name),
      media_file_name: stripUnsafeNameCharacters(row.media_file_name),
      media_file_path: row.media_file_path,
      media_file_type: row.media_file_type,
      size_bytes: Number(row.size_bytes),
      thumbnail_url: sign(row.thumbnail_path),
      media_url: sign(playable),
      original_url: sign(row.media_file_path, row.media_file_name),
      needs_proxy: row.needs_proxy,
      selected_lut: row.selected_lut,
      color_settings: (row.color_settings ?? {}) as Asset['color_settings'],
      processing_status: row.processing_status,
      processing_error: row.processing_error,
      metadata: publicMetadata,
      batch_processed: row.batch_processed,
      batch_session_id: row.batch_session_id,
      processed_at: row.processed_at ? new Date(row.processed_at).toISOString() : null,
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  }

  private async fail(row: AssetRow, reason: string): Promise<JobOutcome> {
    await this.assets.update(row.user_id, row.id, { processing_status: 'failed', processing_error: reason });
    await this.changed(row.user_id, row.id);
    return { status: 'failed', reason };
  }

  private async changed(userId: string, assetId: string): Promise<void> {
    await this.events.publish(userId, { type: 'assets-changed', assetId }).catch((error: unknown) => this.logger.warn('Live update not sent', { error }));
  }
}

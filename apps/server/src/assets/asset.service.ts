import path from 'node:path';
import {
  canUsePremiumLooks,
  displayedSize,
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
import { MAX_PIXELS } from '../media/ffmpeg-args';
import { heifColourTags, readHeifPicture } from '../media/heif';
import { planProfile } from '../media/icc';
import { isFourComponentJpeg } from '../media/working-original';
import { sniffMedia, unreadableFormat, type SniffedType } from '../media/sniff';
import type { UserLutService } from '../luts/user-lut.service';
import type { Logger } from '../platform/logger';
import { recordProcess, withNamedWorkFolder, withWorkFolder } from '../platform/work-folder';
import { derivedKey, newMediaKey } from '../storage/keys';
import type { FileSigner } from '../storage/signed-urls';
import type { Storage } from '../storage/storage';
import type { StagedUpload } from '../uploads/staged-upload';
import { decodedOriginalKey, workingOriginalKey, type AssetRepository, type AssetRow, type DerivedFilesLookup } from './asset.repository';

/** How often a running `media.derive` job looks whether its asset was deleted (by another process). */
const DELETION_CHECK_MS = 1000;

const DELETED_WHILE_PROCESSING: JobOutcome = { status: 'skipped', reason: 'The asset was deleted while processing; its work was stopped.' };

export const EMPTY_FILE_MESSAGE = 'The file is empty.';

export const NOT_MEDIA_MESSAGE =
  'This file is not a video or an image Cinegrade can read. Upload a video (MP4, MOV, WebM, AVI, MKV) or an image (JPEG, PNG, WebP, TIFF, HEIC, AVIF).';

/** A TIFF ffmpeg cannot read: a RAW file not recognised as one, or a compression this server lacks. */
export const UNREADABLE_TIFF_MESSAGE =
  'This TIFF could not be decoded: it may be a camera RAW file or use a compression this server does not read. Save it as an uncompressed or LZW TIFF, or as a JPEG or PNG, then upload that.';

/** How much of a HEIF or AVIF file is read for its description (the `meta` box comes first in what phones and libheif write). */
const HEIF_HEADER_BYTES = 1024 * 1024;

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
      if (!sniffed) throw new HttpError(415, 'unsupported_media', unreadableFormat(head) ?? NOT_MEDIA_MESSAGE);
      if (sniffed.decodedBy === 'heif-convert') return await this.acceptHeif(userId, staged, sniffed, originalName, size, onSaved);
      // Refused by the size it declares before ffprobe or ffmpeg decodes anything (a PNG says so in its header).
      const declared = pngDeclaredPicture(head);
      const declaredRefusal = declared && overDecodeBudget(sniffed.mediaType, declared.width, declared.height, declared.width * declared.height * declared.bytesPerPixel);
      if (declaredRefusal) throw new HttpError(413, 'payload_too_large', declaredRefusal);
      const metadata = await this.probeStaged(staged, sniffed);
      const decodeRefusal = overDecodeBudget(sniffed.mediaType, metadata.width, metadata.height, decodedBytes(metadata.width, metadata.height, metadata.pixelFormat, metadata.bitDepth));
      if (decodeRefusal) throw new HttpError(413, 'payload_too_large', decodeRefusal);
      await this.checkSourceWork(userId, metadata);
      if (sniffed.mediaType === 'image') {
        // A still in another colour space gets a working original in sRGB (docs/product-rules.md, 'Stills').
        return await withWorkFolder('cinegrade-still-', async (work) => {
          const copy = await staged.localCopy();
          const working = await this.toWorkingSpace({ path: copy.path, demuxer: sniffed.demuxer }, metadata, work).finally(() => copy.release());
          if (working.file) return await this.keepWithWorkingOriginal(userId, staged, { key: newMediaKey(userId, sniffed.extension), sniffed, metadata: working.metadata, size, originalName, file: working.file }, onSaved);
          const key = newMediaKey(userId, sniffed.extension);
          await staged.keep(key);
          return await this.saveAsset(userId, { key, sniffed, metadata: working.metadata, size, originalName, decodedOriginal: null }, onSaved);
        });
      }
      const key = newMediaKey(userId, sniffed.extension);
      await staged.keep(key);
      return await this.saveAsset(userId, { key, sniffed, metadata, size, originalName, decodedOriginal: null }, onSaved);
    } finally {
      await staged.discard();
    }
  }

  /**
   * A HEIC or AVIF still: its size read from the file's boxes and checked against the decode budget
   * before anything decodes it; then decoded once by heif-convert (upright, `irot`/`imir` applied)
   * to a lossless PNG, 16-bit when the source has more than 8 bits, kept beside the upload as its
   * decoded original, which thumbnails, previews and exports read. The colour description of an
   * nclx box becomes the metadata's tags (the PNG does not carry them); an ICC profile heif-convert
   * keeps in the PNG is applied as for any still (toWorkingSpace). The decoded file counts towards the storage quota.
   */
  private async acceptHeif(userId: string, staged: StagedUpload, sniffed: SniffedType, originalName: string, size: number, onSaved?: (asset: Asset) => Promise<void>): Promise<Asset> {
    const kind = sniffed.extension === 'avif' ? 'AVIF' : 'HEIC';
    if (!this.tools.heif.available) {
      throw new HttpError(415, 'unsupported_media', `This is ${kind === 'AVIF' ? 'an' : 'a'} ${kind} photo, but this server cannot open ${kind} files (it has no heif-convert). Convert the photo to JPEG or PNG, then upload that.`);
    }
    const picture = readHeifPicture(await staged.head(HEIF_HEADER_BYTES));
    if (!picture) throw new HttpError(415, 'unsupported_media', `This ${kind} file's description of its picture could not be read: it may be damaged. Convert it to JPEG or PNG, then upload that.`);
    const pixels = picture.width * picture.height;
    const budgetRefusal = pixels > MAX_PIXELS ? `The picture is ${picture.width}×${picture.height}, larger than the 16K × 16K this product handles.` : overDecodeBudget('image', picture.width, picture.height, pixels * 3 * ((picture.bitDepth ?? 8) > 8 ? 2 : 1));
    if (budgetRefusal) throw new HttpError(413, 'payload_too_large', budgetRefusal);
    const decodeFailed = (error: unknown) => {
      if (error instanceof FfmpegError && !error.notStarted) return new HttpError(415, 'unsupported_media', `${error.message} Convert the ${kind} photo to JPEG or PNG, then upload that.`);
      return error;
    };
    return withWorkFolder('cinegrade-heif-', async (work) => {
      const decoded = path.join(work, 'decoded.png');
      const copy = await staged.localCopy();
      try {
        await this.tools.heif.decode(copy.path, decoded, pixels);
      } catch (error) {
        throw decodeFailed(error);
      } finally {
        await copy.release();
      }
      const probed = await this.tools.probe({ path: decoded, demuxer: 'png_pipe' }).catch((error: unknown) => {
        throw error instanceof ProbeError ? new HttpError(415, 'unsupported_media', `${error.message} ${NOT_MEDIA_MESSAGE}`) : error;
      });
      const transfer = heifColourTags(picture.nclx);
      // libheif has already applied irot/imir, and HEIF's Exif orientation is informational only;
      // heif-convert may still copy the Exif into the PNG (an eXIf chunk), which must not turn it again.
      const { orientation: _exifOfDecodedPng, ...upright } = probed;
      const metadata: MediaMetadata = {
        ...upright,
        container: sniffed.extension === 'avif' ? 'avif' : 'heif',
        // A grid's tiles are coded as the brand says: AV1 in AVIF, else HEVC.
        videoCodec: { hvc1: 'hevc', av01: 'av1', jpeg: 'mjpeg', grid: sniffed.extension === 'avif' ? 'av1' : 'hevc' }[picture.itemType ?? ''] ?? picture.itemType,
        bitDepth: picture.bitDepth ?? probed.bitDepth,
        ...transfer,
        hdr: ['smpte2084', 'arib-std-b67'].includes(transfer.colorTransfer ?? ''),
        rotation: 0,
      };
      await this.checkSourceWork(userId, metadata);
      // An ICC profile that heif-convert kept in the PNG is applied to it (docs/product-rules.md, 'Stills').
      const working = await this.toWorkingSpace({ path: decoded, demuxer: 'png_pipe' }, metadata, work);
      return await this.keepWithWorkingOriginal(userId, staged, { key: newMediaKey(userId, sniffed.extension), sniffed, metadata: working.metadata, size, originalName, file: working.file ?? decoded }, onSaved);
    });
  }

  /**
   * A still's colours in the working space (media/working-original.ts): an embedded RGB profile
   * other than sRGB is converted through (icc.ts), and a CMYK JPEG converted to RGB, into a PNG
   * in `work`; `file` is null when the picture is used as it is. What was done with a profile is
   * kept in the metadata (`colorProfile`); a profile that cannot be applied never refuses the photo.
   */
  private async toWorkingSpace(input: { path: string; demuxer: string }, metadata: MediaMetadata, work: string): Promise<{ metadata: MediaMetadata; file: string | null }> {
    const cmyk = isFourComponentJpeg(metadata);
    const bytes = await this.tools.iccProfile(input);
    const plan = bytes ? planProfile(bytes) : null;
    let colorProfile: MediaMetadata['colorProfile'];
    let cube: string | null = null;
    if (plan?.action === 'convert' && !cmyk && !metadata.hdr) {
      colorProfile = { name: plan.description, handling: 'converted' };
      cube = plan.cube;
    } else if (plan?.action === 'none') {
      colorProfile = { name: plan.description, handling: 'srgb' };
    } else if (plan) {
      const reason = cmyk ? 'a CMYK profile: the photo is converted from CMYK without it' : plan.action === 'keep' ? plan.reason : 'an HDR picture, whose colours its nclx tags describe';
      colorProfile = { name: plan.description, handling: 'not-applied', reason };
    }
    const described = { ...metadata, ...(colorProfile ? { colorProfile } : {}) };
    if (cube === null && !cmyk) return { metadata: described, file: null };
    const output = path.join(work, 'working.png');
    try {
      await this.tools.workingOriginal(input, metadata, cube, output);
    } catch (error) {
      if (error instanceof FfmpegError && !error.notStarted && !error.timedOut) throw new HttpError(415, 'unsupported_media', error.message);
      throw error;
    }
    const converted = await this.tools.probe({ path: output, demuxer: 'png_pipe' });
    return { metadata: { ...described, pixelFormat: converted.pixelFormat, ...(cmyk ? { convertedFromCmyk: true } : {}) }, file: output };
  }

  /** Stores a still's working original (a decoded HEIC or AVIF, or a still converted to sRGB) beside its upload, then the asset. */
  private async keepWithWorkingOriginal(
    userId: string,
    staged: StagedUpload,
    upload: { key: string; sniffed: SniffedType; metadata: MediaMetadata; size: number; originalName: string; file: string },
    onSaved?: (asset: Asset) => Promise<void>,
  ): Promise<Asset> {
    const { key, sniffed, metadata, size, originalName, file } = upload;
    const decodedKey = derivedKey(key, 'decoded', 'png');
    await this.storage.putFile(decodedKey, file, { move: true });
    try {
      await staged.keep(key);
      return await this.saveAsset(userId, { key, sniffed, metadata, size, originalName, decodedOriginal: decodedKey }, onSaved);
    } catch (error) {
      await this.storage.delete(decodedKey).catch((cleanup: unknown) => this.logger.warn('Decoded original not removed', { key: decodedKey, error: cleanup }));
      throw error;
    }
  }

  /** Inserts the asset's row for a stored upload and queues its thumbnail and preview copy. */
  private async saveAsset(
    userId: string,
    upload: { key: string; sniffed: SniffedType; metadata: MediaMetadata; size: number; originalName: string; decodedOriginal: string | null },
    onSaved?: (asset: Asset) => Promise<void>,
  ): Promise<Asset> {
    const { key, sniffed, metadata, size, decodedOriginal } = upload;
    const fileName = cleanFileName(upload.originalName);
    const decodedBytes = decodedOriginal ? ((await this.storage.size(decodedOriginal)) ?? 0) : 0;
    const row = await this.assets.insert({
      user_id: userId,
      name: displayName(fileName),
      media_file_name: fileName,
      media_file_path: key,
      media_file_type: sniffed.mediaType,
      mime_type: sniffed.mime,
      size_bytes: size,
      derived_bytes: decodedBytes,
      // A working original is always a PNG: that is what every consumer decodes.
      needs_proxy: needsProxy(decodedOriginal ? 'png_pipe' : sniffed.demuxer, sniffed.mediaType, metadata),
      metadata: JSON.stringify({ ...metadata, demuxer: decodedOriginal ? 'png_pipe' : sniffed.demuxer, ...(decodedOriginal ? { decodedOriginal } : {}) }),
    });
    // Short work has its own lane, so a small clip is never stuck behind a long preview encode.
    const lane = isShortDerive(metadata, row.needs_proxy, sniffed.mediaType) ? 'media.derive-short' : 'media.derive';
    await this.jobs.send(lane, { assetId: row.id, userId }, { fairFor: userId });
    await this.changed(userId, row.id);
    this.logger.info('Upload accepted', { userId, assetId: row.id, type: sniffed.mime, size });
    const asset = this.toApi(row);
    await onSaved?.(asset);
    return asset;
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
      const probed = await this.tools.probe({ path: copy.path, demuxer: sniffed.demuxer });
      // A video's length comes from its packets, not its header (docs/engineering-rules.md, 'Jobs').
      return sniffed.mediaType === 'video' ? await this.tools.measureVideo({ path: copy.path, demuxer: sniffed.demuxer }, probed) : probed;
    } catch (error) {
      if (error instanceof ProbeError) throw new HttpError(415, 'unsupported_media', sniffed.demuxer === 'tiff_pipe' ? UNREADABLE_TIFF_MESSAGE : `${error.message} ${NOT_MEDIA_MESSAGE}`);
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
    if (change.deinterlace === false) await this.checkKeepsFields(userId, id);
    const row = await this.assets.update(userId, id, {
      ...(change.deinterlace !== undefined ? { deinterlace: change.deinterlace } : {}),
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

  /** Only an interlaced video has fields to keep (docs/product-rules.md, 'Interlaced sources'). */
  private async checkKeepsFields(userId: string, id: string): Promise<void> {
    const row = await this.assets.get(userId, id);
    if (!row) throw notFound('No such asset.');
    const metadata = row.metadata as Pick<MediaMetadata, 'fieldOrder'> | null;
    if (row.media_file_type !== 'video' || !metadata?.fieldOrder) {
      throw invalidField('deinterlace', 'Only an interlaced video has fields to keep: this file is progressive, so deinterlacing cannot be turned off.');
    }
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
        // A HEIC or AVIF upload is read as the PNG it was decoded to when it arrived.
        const original = await this.storage.localCopy(workingOriginalKey(row) ?? mediaPath);
        try {
          const input = { path: original.path, demuxer: metadata.demuxer };
          const thumbFile = path.join(work, 'thumb.jpg');
          // A still's preview copy is its whole picture as the export sees it (an HDR AVIF tone-mapped), so its thumbnail is made from that.
          const thumbnailFromProxy = row.needs_proxy && row.media_file_type === 'image';
          if (!thumbnailFromProxy) await this.tools.thumbnail(input, metadata, row.media_file_type, thumbFile);
          const thumbnailKey = derivedKey(mediaPath, 'thumb', 'jpg');
          let proxyKey: string | null = null;
          let proxyFile: string | null = null;
          if (row.needs_proxy) {
            const extension = row.media_file_type === 'image' ? 'png' : 'mp4';
            proxyFile = path.join(work, `proxy.${extension}`);
            await this.tools.proxy(input, metadata, row.media_file_type, proxyFile, { signal: stop.signal, onSpawn: (pid) => void recordProcess(work, pid, warn) });
            proxyKey = derivedKey(mediaPath, 'proxy', extension);
            // The preview copy is already upright (and tone-mapped): its thumbnail turns it no further.
            if (thumbnailFromProxy) await this.tools.thumbnail({ path: proxyFile, demuxer: 'png_pipe' }, uprightCopyOf(metadata), 'image', thumbFile);
          }
          // How much fine detail the picture holds, for the export menu's size estimates (docs/product-rules.md, 'Export'); none if no frame decodes.
          const detailBitsPerPixel = await this.tools.detailBitsPerPixel(input, metadata, row.media_file_type);
          if (deleted) return DELETED_WHILE_PROCESSING;
          await this.storage.putFile(thumbnailKey, thumbFile, { move: true });
          if (proxyKey && proxyFile) await this.storage.putFile(proxyKey, proxyFile, { move: true });
          // Counted towards the owner's storage quota with the original (docs/product-rules.md, 'Limits').
          let derivedBytes = 0;
          for (const key of [decodedOriginalKey(row), thumbnailKey, proxyKey]) if (key) derivedBytes += (await this.storage.size(key)) ?? 0;
          const withDetail = detailBitsPerPixel === null ? {} : { metadata: JSON.stringify({ ...metadata, detailBitsPerPixel }) };
          const updated = await this.assets.update(userId, assetId, {
            thumbnail_path: thumbnailKey,
            proxy_path: proxyKey,
            derived_bytes: derivedBytes,
            processing_status: 'ready',
            processing_error: null,
            ...withDetail,
          });
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
    const publicMetadata = metadata ? (({ demuxer: _demuxer, decodedOriginal: _decoded, ...rest }: typeof metadata & { decodedOriginal?: string }) => rest)(metadata) : null;
    const playable = row.needs_proxy ? row.proxy_path : workingOriginalKey(row);
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
      deinterlace: row.deinterlace,
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

/** The metadata of a still's upright preview copy: the picture as displayed, with no orientation left to apply. */
function uprightCopyOf(metadata: MediaMetadata): MediaMetadata {
  const { orientation: _applied, ...rest } = metadata;
  return { ...rest, ...displayedSize(metadata), rotation: 0 };
}

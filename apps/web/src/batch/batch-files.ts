import { BATCH_MESSAGES, batchProcessingMessage, batchResultMessage, type BatchFile } from '@cinegrade/contract';

/**
 * What the batch processor does with the files it is given (docs/product-rules.md, 'Batch'): only
 * videos are graded; images and anything else are skipped, and the person is told how many.
 */

/** Extensions that make a file an image whatever the browser says its type is. */
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tif', 'tiff']);

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** A video for the batch: not an image by type or extension, and a video (or unnamed) type. */
export function isBatchVideo(file: Pick<File, 'name' | 'type'>): boolean {
  if (IMAGE_EXTENSIONS.has(extension(file.name))) return false;
  return file.type === '' || file.type.startsWith('video/');
}

export interface BatchSelection<F> {
  readonly videos: readonly F[];
  readonly skipped: number;
  /** What to tell the person before processing: an error (nothing to do) or what will happen. */
  readonly message: { readonly kind: 'error' | 'info'; readonly text: string };
}

export function splitBatchSelection<F extends Pick<File, 'name' | 'type'>>(files: readonly F[]): BatchSelection<F> {
  const videos = files.filter(isBatchVideo);
  const skipped = files.length - videos.length;
  if (files.length === 0) return { videos, skipped, message: { kind: 'error', text: BATCH_MESSAGES.noFilesSelected } };
  if (videos.length === 0) return { videos, skipped, message: { kind: 'error', text: BATCH_MESSAGES.noVideoFiles } };
  return { videos, skipped, message: { kind: 'info', text: batchProcessingMessage(videos.length, skipped) } };
}

/** A size in megabytes, as the selected-file list shows it. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** A size in B, KB, MB or GB (base 1024), as the batch editor shows it. */
export function formatFileSize(bytes: number): string {
  if (!(bytes > 0)) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB'];
  const unit = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** unit;
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** A duration as minutes:seconds. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Said of a completed file whose new render was refused before it began (docs/product-rules.md,
 * 'Batch'): it keeps the render it has, and the person is told why there is no new one.
 */
export function rerenderRefusedNote(reason: string): string {
  return `Not rendered again: ${reason}`;
}

/**
 * Said of a file whose newer render is rendering or failed while it keeps its last completed one
 * (docs/product-rules.md, 'Batch'): that render still downloads and is in the ZIP.
 */
export function keptRenderNote(outputName: string): string {
  return `Earlier render kept: ${outputName}`;
}

/**
 * Said of a completed file whose grade was changed since its render (docs/product-rules.md,
 * 'Batch'): its download and its place in the ZIP are the earlier look's until Export Batch,
 * which renders it whether or not it is selected.
 */
export const RENDER_OUTDATED_NOTE = 'Edited since its render: the next Export Batch renders this look (until then the download and the ZIP hold the earlier one)';

/** A file's note under its status: why it was not rendered again, that its render is of an earlier grade, or the earlier render it keeps. */
export function batchFileNote(file: Pick<BatchFile, 'status' | 'rerenderRefused' | 'keptOutputName' | 'renderOutdated'>): string | null {
  if (file.status === 'completed') {
    if (file.rerenderRefused !== null) return rerenderRefusedNote(file.rerenderRefused);
    return file.renderOutdated ? RENDER_OUTDATED_NOTE : null;
  }
  return file.keptOutputName ? keptRenderNote(file.keptOutputName) : null;
}

/** The render a file downloads: its own once completed, else the earlier completed one it keeps; null without one. */
export function fileRender(file: Pick<BatchFile, 'status' | 'downloadUrl' | 'outputName' | 'keptDownloadUrl' | 'keptOutputName'>): { url: string; outputName: string | null } | null {
  if (file.status === 'completed' && file.downloadUrl) return { url: file.downloadUrl, outputName: file.outputName };
  if (file.status !== 'completed' && file.keptDownloadUrl) return { url: file.keptDownloadUrl, outputName: file.keptOutputName };
  return null;
}

/** The results line of a finished batch: the counts when some failed, else that all are in the library. */
export function batchOutcomeMessage(succeeded: number, failed: number): string {
  return failed > 0 ? batchResultMessage(succeeded, failed) : `Successfully processed ${succeeded} video files! Saved to your library.`;
}

/**
 * A file's format as a card or the preview shows it: its name's extension, else the first of the
 * container names the server read (ffprobe lists several, 'mov,mp4,m4a,…'), else VIDEO.
 */
export function formatLabel(file: { fileName: string; format: string }): string {
  const ext = extension(file.fileName);
  return (ext || file.format.split(',')[0] || 'video').toUpperCase();
}

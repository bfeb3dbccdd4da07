import { describeSizeEstimate, estimateExportBytes, exportFrameSize, type AnyExportFormat, type ExportFormatInfo, type ExportQuality, type FrameSize, type MediaMetadata, type MediaType } from '@cinegrade/contract';

/** What the menu knows of the open media: its kind, its displayed size and its probe, when known. */
export interface HintSource {
  readonly mediaType: MediaType;
  readonly size: FrameSize | null;
  readonly metadata: Pick<MediaMetadata, 'durationSeconds' | 'frameRate' | 'audioCodec'> | null;
}

/**
 * The hint beside a quality in the export menu (docs/product-rules.md, 'Export'): the estimated
 * file size of the chosen format at that quality, from the source's size and duration — for a
 * still the output's pixel size too; for a video of unknown length the size per minute. Nothing
 * when the size of the source is not known (no guess is better than a wrong one).
 */
export function qualityHint(format: AnyExportFormat, quality: ExportQuality, source: HintSource): string {
  if (!source.size) return '';
  const output = exportFrameSize(source.size, quality);
  if (source.mediaType === 'image') return `${output.width}×${output.height}, ${describeSizeEstimate(estimateExportBytes(format, output, {}))}`;
  const duration = source.metadata?.durationSeconds ?? null;
  const known = duration !== null && duration > 0;
  const bytes = estimateExportBytes(format, output, {
    durationSeconds: known ? duration : 60,
    frameRate: source.metadata?.frameRate ?? null,
    hasAudio: !!source.metadata?.audioCodec,
  });
  return describeSizeEstimate(bytes, known ? undefined : 'minute');
}

/** The Free footnote: only the pro formats this menu offers, and the qualities above 720p. */
export function proFootnote(formats: readonly ExportFormatInfo[]): string {
  const names = formats.filter((f) => f.pro).map((f) => f.label);
  return names.length > 0 ? `${names.join(', ')} and sizes above 720p need Premium.` : 'Sizes above 720p need Premium.';
}

/**
 * What the export does to the source that a person should know before exporting: an interlaced
 * source (fields, as from a 1080i camcorder) is deinterlaced, one frame per field pair, in the
 * preview and the export alike (docs/color-engine.md, 'Input chain'). Null when nothing applies.
 */
export function sourceNote(metadata: Pick<MediaMetadata, 'fieldOrder'> | null | undefined): string | null {
  return metadata?.fieldOrder ? 'Interlaced source: the preview and the export are deinterlaced, keeping its frame rate.' : null;
}

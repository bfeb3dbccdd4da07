import { describeSizeEstimate, estimateExportBytes, exportFormatInfo, exportFrameSize, exportKeepsFields, fieldsFit, hasAlphaChannel, type AnyExportFormat, type ExportFormatInfo, type ExportQuality, type FrameSize, type MediaMetadata, type MediaType } from '@cinegrade/contract';

/**
 * What the menu knows of the open media: its kind, its displayed size, its probe and the bytes of
 * its file, when known. The file's bytes per pixel tell the size model how much detail and motion
 * the picture holds; the detail measure taken on upload (absent for older uploads), how much of it
 * is fine texture rather than flat areas.
 */
export interface HintSource {
  readonly mediaType: MediaType;
  readonly size: FrameSize | null;
  readonly metadata: Pick<MediaMetadata, 'durationSeconds' | 'frameRate' | 'audioCodec' | 'videoCodec' | 'detailBitsPerPixel'> | null;
  readonly fileBytes?: number | null;
}

/**
 * The hint beside a quality in the export menu (docs/product-rules.md, 'Export'): the estimated
 * file size of the chosen format at that quality, from the source's size, duration and file —
 * for a still the output's pixel size too; for a video of unknown length the size per minute.
 * Nothing when the size of the source is not known (no guess is better than a wrong one).
 */
export function qualityHint(format: AnyExportFormat, quality: ExportQuality, source: HintSource): string {
  if (!source.size) return '';
  const output = exportFrameSize(source.size, quality, source.mediaType);
  const file = { sourceBytes: source.fileBytes ?? null, sourceSize: source.size, sourceCodec: source.metadata?.videoCodec ?? null };
  const detail = { detailBitsPerPixel: source.metadata?.detailBitsPerPixel ?? null };
  if (source.mediaType === 'image') return `${output.width}×${output.height}, ${describeSizeEstimate(estimateExportBytes(format, output, { ...file, ...detail }))}`;
  const duration = source.metadata?.durationSeconds ?? null;
  const known = duration !== null && duration > 0;
  const bytes = estimateExportBytes(format, output, {
    durationSeconds: known ? duration : 60,
    frameRate: source.metadata?.frameRate ?? null,
    hasAudio: !!source.metadata?.audioCodec,
    ...detail,
    // The file's bytes say nothing per second when its length is not known.
    ...(known ? file : {}),
  });
  return describeSizeEstimate(bytes, known ? undefined : 'minute');
}

/** The Free footnote: only the pro formats this menu offers, and the qualities above 720p. */
export function proFootnote(formats: readonly ExportFormatInfo[]): string {
  const names = formats.filter((f) => f.pro).map((f) => f.label);
  return names.length > 0 ? `${names.join(', ')} and sizes above 720p need Premium.` : 'Sizes above 720p need Premium.';
}

/**
 * The note a still with an alpha channel gets in the export menu: PNG and TIFF keep the
 * transparency, JPEG (Quick Export's format too) cannot, and lays the picture over white
 * (docs/product-rules.md, 'Stills'). Null for video and for stills without alpha.
 */
export function transparencyNote(mediaType: MediaType, metadata: Pick<MediaMetadata, 'pixelFormat' | 'videoCodec'> | null): string | null {
  if (mediaType !== 'image' || !metadata || !hasAlphaChannel(metadata)) return null;
  return 'This picture has transparency: PNG and TIFF keep it; JPEG (and Quick Export) cannot, so transparent areas become white.';
}

/**
 * What the export does to the source that a person should know before exporting: an interlaced
 * source (fields, as from a 1080i camcorder) is deinterlaced, one frame per field pair, in the
 * preview and the export alike (docs/color-engine.md, 'Input chain'), unless deinterlacing is
 * off: then an MP4 export keeps the fields, while the preview stays deinterlaced, and the other
 * formats are still deinterlaced (FIELD_EXPORT_FORMATS) (docs/product-rules.md, 'Interlaced
 * sources'); a photo's colour profile converted to sRGB, or one that could not be applied, and a
 * CMYK photo converted to RGB (docs/product-rules.md, 'Stills'). Null when nothing applies.
 */
export function sourceNote(
  metadata: Pick<MediaMetadata, 'fieldOrder' | 'colorProfile' | 'convertedFromCmyk'> | null | undefined,
  deinterlace = true,
  format: AnyExportFormat = 'mp4',
  output?: FrameSize,
): string | null {
  const notes: string[] = [];
  if (metadata?.fieldOrder) notes.push(fieldsNote(metadata.fieldOrder, metadata, deinterlace, format, output));
  const profile = metadata?.colorProfile;
  const named = profile?.name ? `(${profile.name}) ` : '';
  if (profile?.handling === 'converted') notes.push(`The photo's colour profile ${named}was converted to sRGB on upload; the preview and the export are in sRGB.`);
  if (profile?.handling === 'not-applied') notes.push(`The photo's colour profile ${named}could not be applied: its colours are shown and exported as stored.`);
  if (metadata?.convertedFromCmyk) notes.push('CMYK photo: converted to RGB on upload without a print profile, so colours may differ from a print proof.');
  return notes.length > 0 ? notes.join(' ') : null;
}

function fieldsNote(fieldOrder: string, metadata: Pick<MediaMetadata, 'fieldOrder'>, deinterlace: boolean, format: AnyExportFormat, output: FrameSize | undefined): string {
  if (deinterlace) return 'Interlaced source: the preview and the export are deinterlaced, keeping its frame rate.';
  if (exportKeepsFields(metadata, deinterlace, format) && output && !fieldsFit(output)) {
    return `Interlaced source: at ${output.width}×${output.height} each field would have an odd number of lines, so this export is deinterlaced; choose another size to keep the fields.`;
  }
  if (exportKeepsFields(metadata, deinterlace, format)) return `Interlaced source: this export keeps its fields (${FIELD_ORDER_WORDS[fieldOrder] ?? 'in their order'}); the preview shows it deinterlaced.`;
  return `Interlaced source: this ${exportFormatInfo(format).label} export is deinterlaced; only MP4 keeps the fields.`;
}

const FIELD_ORDER_WORDS: Record<string, string> = { tt: 'top field first', bt: 'top field first', bb: 'bottom field first', tb: 'bottom field first' };

import { EXPORT_FORMATS, EXPORT_SIZE_IDS, exportSizeLabel, SOURCE_SIZE, type ExportFormat, type ExportSize } from '@cinegrade/contract';

export interface BatchOutput {
  outputFormat: ExportFormat;
  quality: ExportSize;
}

/** A new batch's output unless chosen otherwise: MP4 at each file's own size (nothing scaled). */
export const DEFAULT_BATCH_OUTPUT: BatchOutput = { outputFormat: 'mp4', quality: SOURCE_SIZE };

/**
 * The format and size a batch's files are rendered in (docs/product-rules.md, 'Batch'): the video
 * formats, and the source's own size or a quality's short side.
 */
export function BatchOutputChoice({ value, onChange, disabled = false }: { value: BatchOutput; onChange: (value: BatchOutput) => void; disabled?: boolean }) {
  return (
    <div className="row batch-output">
      <label className="batch-look small">
        <span>Format</span>
        <select value={value.outputFormat} disabled={disabled} onChange={(event) => onChange({ ...value, outputFormat: event.target.value as ExportFormat })} aria-label="Format of the batch's files">
          {EXPORT_FORMATS.map((format) => (
            <option key={format.id} value={format.id}>
              {format.label} ({format.codec})
            </option>
          ))}
        </select>
      </label>
      <label className="batch-look small">
        <span>Size</span>
        <select value={value.quality} disabled={disabled} onChange={(event) => onChange({ ...value, quality: event.target.value as ExportSize })} aria-label="Size of the batch's files">
          {EXPORT_SIZE_IDS.map((size) => (
            <option key={size} value={size}>
              {size === SOURCE_SIZE ? "Source size (each file's own, not scaled)" : `${exportSizeLabel(size)} (scaled to ${exportSizeLabel(size)})`}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

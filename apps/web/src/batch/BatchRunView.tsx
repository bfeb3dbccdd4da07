import { BATCH_MESSAGES, type BatchFileStatus as ServerFileStatus } from '@cinegrade/contract';
import { batchOutcomeMessage } from './batch-files';

/** Where one file of a running batch stands (docs/product-rules.md, 'Batch'). */
export type BatchFileStatus = 'uploading' | ServerFileStatus;

export interface BatchFileRow {
  readonly key: string;
  readonly fileName: string;
  readonly status: BatchFileStatus;
  /** 0..100. */
  readonly progress: number;
  readonly error: string | null;
  /** Retry is offered for a failed or rate-limited file that can be tried again. */
  readonly canRetry: boolean;
  /** A completed file's word on a later render that did not happen, or the earlier render a failed or rendering file keeps. */
  readonly note?: string | null;
}

const STATUS_ICON: Record<BatchFileStatus, string> = {
  uploading: '⇪',
  processing: '⟳',
  completed: '✓',
  error: '✕',
  rate_limited: '⏳',
};

const STATUS_LABEL: Record<BatchFileStatus, string> = {
  uploading: 'Uploading',
  processing: 'Processing',
  completed: 'Completed',
  error: 'Failed',
  rate_limited: 'Rate limited',
};

export function isFinished(status: BatchFileStatus): boolean {
  return status === 'completed' || status === 'error';
}

/** The running (or finished) batch: the summary and bar, then every file with its status and progress. */
export function BatchRunView(props: { rows: readonly BatchFileRow[]; onRetry: (row: BatchFileRow) => void }) {
  const { rows } = props;
  const done = rows.filter((row) => isFinished(row.status)).length;
  const overall = rows.length === 0 ? 0 : Math.round(rows.reduce((sum, row) => sum + (isFinished(row.status) ? 100 : row.progress), 0) / rows.length);
  return (
    <div className="batch-run" data-testid="batch-run">
      <div className="row small">
        <span>
          {done} of {rows.length} files processed
        </span>
        <span className="spacer" />
        <span>{overall}%</span>
      </div>
      <div className="batch-bar" role="progressbar" aria-label="Batch progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={overall}>
        <span style={{ width: `${overall}%` }} />
      </div>
      <ul className="batch-file-list">
        {rows.map((row) => (
          <li key={row.key} className={`batch-file batch-file-${row.status}`} data-testid="batch-file" data-status={row.status}>
            <span className="batch-file-icon" aria-hidden>
              {STATUS_ICON[row.status]}
            </span>
            <span className="batch-file-name" title={row.fileName}>
              {row.fileName}
            </span>
            <span className="batch-file-state small" aria-label={`${row.fileName}: ${STATUS_LABEL[row.status]}`}>
              {row.status === 'uploading' || row.status === 'processing' ? `${Math.round(row.progress)}%` : STATUS_LABEL[row.status]}
            </span>
            {(row.status === 'error' || row.status === 'rate_limited') && row.canRetry && (
              <button type="button" className="btn btn-sm" onClick={() => props.onRetry(row)} aria-label={`Retry ${row.fileName}`}>
                Retry
              </button>
            )}
            {row.error && <span className="batch-file-error small">{row.error}</span>}
            {row.note && <span className="batch-file-note small">{row.note}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The finished batch's heading, its results line and what to do next. */
export function BatchCompletion(props: {
  succeeded: number;
  failed: number;
  /** Files with a render to download (their own, or a kept earlier one). */
  downloadable: number;
  onViewLibrary: () => void;
  onDownloadAll: () => void;
  onProcessMore: () => void;
  onOpenEditor: (() => void) | null;
}) {
  return (
    <div className="batch-complete" data-testid="batch-complete">
      <h4>{BATCH_MESSAGES.complete}</h4>
      <p className="small" role="status">
        {batchOutcomeMessage(props.succeeded, props.failed)}
      </p>
      <div className="batch-actions">
        <button type="button" className="btn btn-sm" onClick={props.onViewLibrary}>
          View in Batch Library
        </button>
        <button type="button" className="btn btn-sm" onClick={props.onDownloadAll} disabled={props.downloadable === 0}>
          Download All Files
        </button>
        <button type="button" className="btn btn-sm" onClick={props.onProcessMore}>
          Process More Files
        </button>
      </div>
      {props.onOpenEditor && (
        <div className="batch-editor-offer">
          <p className="small">Fine-tune every file of this batch side by side.</p>
          <button type="button" className="btn btn-sm btn-primary" onClick={props.onOpenEditor}>
            Open Professional Batch Editor
          </button>
        </div>
      )}
    </div>
  );
}

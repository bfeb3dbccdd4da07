import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { API, type BatchSession } from '@cinegrade/contract';
import { callApi } from '../api/client';
import { formatDateTime } from '../lib/format-date';
import { Spinner } from '../ui/primitives';
import { toast } from '../ui/toast-store';
import { useOpenMediaActions } from '../workspace/open-media';
import { batchZipUrl, useBatchFailure, useBatchLibrary, useDeleteBatch } from './batch-api';
import { fileRender } from './batch-files';
import { downloadSessionFiles, lookLabel } from './ProcessFilesTab';
import { downloadLink } from './staggered-download';

/** The batch library: completed collections, newest first (the server's order). */
export function BatchLibraryTab({ onStart }: { onStart: () => void }) {
  const library = useBatchLibrary();
  const navigate = useNavigate();
  const fail = useBatchFailure();
  const { openAsset } = useOpenMediaActions();
  const { mutate: deleteBatch } = useDeleteBatch();

  if (library.isError) {
    // A 403 (no batch access) goes to the plans; anything else is said here.
    return (
      <div className="batch-tab">
        <p className="small muted">The batch library could not be loaded.</p>
        <button type="button" className="btn btn-sm" onClick={() => void library.refetch()}>
          Try again
        </button>
        <LibraryFailure error={library.error} onFail={fail} />
      </div>
    );
  }
  if (!library.data) return <Spinner label="Loading batch library..." />;
  if (library.data.length === 0) {
    return (
      <div className="batch-tab batch-empty" data-testid="batch-library-empty">
        <h4>No Batch Collections</h4>
        <p className="small muted">Processed batches are kept here, ready to edit or download.</p>
        <button type="button" className="btn btn-primary btn-sm" onClick={onStart}>
          Start Your First Batch
        </button>
      </div>
    );
  }

  const openInWorkspace = async (session: BatchSession) => {
    const file = session.files.find((f) => f.status === 'completed') ?? session.files[0];
    if (!file) return toast({ title: 'Error', description: 'This collection has no files.', variant: 'destructive' });
    try {
      await openAsset(await callApi(API.getAsset, { params: { id: file.assetId } }));
    } catch (error) {
      fail(error, 'Failed to open the file');
    }
  };

  return (
    <ul className="batch-library" data-testid="batch-library">
      {library.data.map((session) => (
        <li key={session.id} className="batch-collection" data-testid="batch-collection">
          <div className="row">
            {session.thumbnail_url ? <img className="batch-collection-thumb" src={session.thumbnail_url} alt="" /> : <span className="batch-collection-thumb" aria-hidden />}
            <div className="batch-collection-text">
              <strong className="batch-collection-name">{session.name}</strong>
              <span className="small muted">{formatDateTime(session.completed_at ?? session.created_at)}</span>
              <span className="small" data-testid="batch-collection-count">
                {session.completed_count}/{session.file_count} files
              </span>
            </div>
            <span className="badge badge-accent" title="Look">
              {lookLabel(session.selected_lut)}
            </span>
          </div>
          <div className="batch-actions">
            <button type="button" className="btn btn-sm" onClick={() => void navigate(`/batch-editor?session=${encodeURIComponent(session.id)}`)}>
              Edit Batch
            </button>
            <button type="button" className="btn btn-sm" onClick={() => void openInWorkspace(session)}>
              Open in Workspace
            </button>
            <button type="button" className="btn btn-sm" onClick={() => downloadSessionFiles(session)}>
              Download
            </button>
            <button
              type="button"
              className="btn btn-sm"
              disabled={!session.files.some((file) => fileRender(file) !== null)}
              onClick={() => downloadLink({ url: batchZipUrl(session.id), fileName: `${session.name}.zip` })}
            >
              Download as ZIP
            </button>
            <button
              type="button"
              className="btn btn-sm btn-danger"
              aria-label={`Delete ${session.name}`}
              onClick={() => {
                if (window.confirm(`Delete "${session.name}" and its files? This cannot be undone.`)) deleteBatch(session);
              }}
            >
              ✕
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}


/** Reports a failed library load once (a 403 leads to the plans). */
function LibraryFailure({ error, onFail }: { error: unknown; onFail: (error: unknown, fallback: string) => void }) {
  useEffect(() => onFail(error, 'Failed to load the batch library'), [error, onFail]);
  return null;
}

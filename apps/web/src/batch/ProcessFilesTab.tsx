import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BATCH_PRESETS, getLook, isLookId, type LookId } from '@cinegrade/color';
import { API, BATCH_COMPLETION_CLEAR_MS, BATCH_MESSAGES, batchDownloadingMessage, savedGradeFromGrade, type Asset, type BatchSession } from '@cinegrade/contract';
import { callApi } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { gradeStore, useGradeState } from '../editor/grade-store';
import { toast } from '../ui/toast-store';
import { DropZone } from '../workspace/DropZone';
import { useUploadActions } from '../workspace/uploads';
import { putBatchSession, runningBatchesQuery, useBatchFailure, useBatchSession } from './batch-api';
import { batchFileNote, fileRender, formatMegabytes, splitBatchSelection } from './batch-files';
import { batchGrade, ZERO_SLIDERS } from './batch-grade';
import { BatchOutputChoice, DEFAULT_BATCH_OUTPUT, type BatchOutput } from './BatchOutputChoice';
import { BatchCompletion, BatchRunView, type BatchFileRow } from './BatchRunView';
import { rememberBatch, rememberedBatch } from './running-batch';
import { downloadOneByOne } from './staggered-download';

/** What the batch applies: the editor's current grade, or one of the batch presets. */
type GradeChoice = 'current' | LookId;

interface UploadRow {
  key: string;
  fileName: string;
  sent: number;
  size: number;
  asset: Asset | null;
  error: string | null;
}

/**
 * Process Files: pick files, a look (or the editor's current grade), and process. Only videos are
 * uploaded (resumably, through the upload queue) and graded; the server renders each one and this
 * tab follows the session it answered until every file has finished, then offers the results
 * for {@link BATCH_COMPLETION_CLEAR_MS} before opening the library.
 */
export function ProcessFilesTab({ onShowLibrary }: { onShowLibrary: () => void }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const client = useQueryClient();
  const navigate = useNavigate();
  const fail = useBatchFailure();
  const { uploadFile } = useUploadActions();
  const editorGrade = useGradeState();
  const [files, setFiles] = useState<File[]>([]);
  const [choice, setChoice] = useState<GradeChoice>(editorGrade.assetId !== null ? 'current' : BATCH_PRESETS[0].look);
  const [output, setOutput] = useState<BatchOutput>(DEFAULT_BATCH_OUTPUT);
  const [uploads, setUploads] = useState<UploadRow[] | null>(null);
  const [batchId, setBatchId] = useState<string | null>(() => (userId === null ? null : rememberedBatch(userId)));
  const session = useBatchSession(batchId);
  const sessionData = session.data;
  /** Batches this tab has shown to the end and let go: never taken up again as "the running one". */
  const dismissed = useRef(new Set<string>());
  const running = useQuery({ ...runningBatchesQuery(userId), enabled: batchId === null && uploads === null });
  const runningId = running.data?.find((s) => !dismissed.current.has(s.id))?.id ?? null;

  // A batch still rendering on the server (started here before a reload, or in another browser) shows here.
  useEffect(() => {
    if (batchId === null && uploads === null && runningId !== null) setBatchId(runningId);
  }, [batchId, uploads, runningId]);

  // A remembered batch that is gone (deleted, or someone else's) is forgotten.
  useEffect(() => {
    if (session.isError && userId !== null) {
      if (batchId !== null) dismissed.current.add(batchId);
      rememberBatch(userId, null);
      setBatchId(null);
    }
  }, [session.isError, userId, batchId]);

  const finished = sessionData !== undefined && sessionData.status !== 'processing' && !sessionData.files.some((f) => f.status === 'processing');

  const reset = useCallback(() => {
    if (batchId !== null) dismissed.current.add(batchId);
    if (userId !== null) rememberBatch(userId, null);
    setBatchId(null);
    setUploads(null);
    setFiles([]);
  }, [userId, batchId]);

  // Results show for a while, then clear and the library opens.
  useEffect(() => {
    if (!finished) return;
    const timer = window.setTimeout(() => {
      reset();
      onShowLibrary();
    }, BATCH_COMPLETION_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [finished, reset, onShowLibrary]);

  const selection = useMemo(() => splitBatchSelection(files), [files]);

  const grade = () => (choice === 'current' ? gradeStore.getState().grade : batchGrade(choice, ZERO_SLIDERS));

  const start = async (chosen: File[], rows: UploadRow[]): Promise<void> => {
    const assets = await Promise.all(
      chosen.map(
        (file, index) =>
          new Promise<Asset | null>((resolve) => {
            const key = rows[index]!.key;
            const patch = (change: Partial<UploadRow>) => setUploads((list) => list?.map((row) => (row.key === key ? { ...row, ...change } : row)) ?? null);
            uploadFile(file, {
              onProgress: (sent) => patch({ sent }),
              onDone: (asset) => {
                patch({ asset, sent: file.size });
                resolve(asset);
              },
              onFail: (message) => {
                patch({ error: message });
                resolve(null);
              },
            });
          }),
      ),
    );
    const uploaded = assets.filter((a): a is Asset => a !== null);
    if (uploaded.length === 0) {
      toast({ title: 'Error', description: 'None of the files could be uploaded, so nothing was processed.', variant: 'destructive' });
      return;
    }
    const lost = chosen.filter((_, index) => assets[index] === null).map((file) => file.name);
    if (lost.length > 0) {
      toast({ title: 'Upload Failed', description: `Not uploaded, so left out of the batch: ${lost.join(', ')}`, variant: 'destructive' });
    }
    const saved = savedGradeFromGrade(grade());
    try {
      const answer = await callApi(API.createBatch, { body: { assetIds: uploaded.map((a) => a.id), selectedLUT: saved.selected_lut, colorSettings: saved.color_settings, ...output } });
      if (userId !== null) {
        putBatchSession(client, userId, answer.session);
        rememberBatch(userId, answer.session.id);
      }
      setBatchId(answer.session.id);
      setUploads(null);
    } catch (error) {
      fail(error, BATCH_MESSAGES.saveFailed);
      setUploads(null);
    }
  };

  const process = () => {
    if (selection.message.kind === 'error') {
      toast({ title: 'Error', description: selection.message.text, variant: 'destructive' });
      return;
    }
    toast({ title: 'Batch Processing', description: selection.message.text });
    const rows = selection.videos.map((file, index): UploadRow => ({ key: `${index}:${file.name}`, fileName: file.name, sent: 0, size: file.size, asset: null, error: null }));
    setUploads(rows);
    void start([...selection.videos], rows);
  };

  const retry = async (row: BatchFileRow) => {
    if (!sessionData) return;
    try {
      const answer = await callApi(API.retryBatchFile, { params: { id: sessionData.id, assetId: row.key } });
      if (userId !== null) putBatchSession(client, userId, answer);
    } catch (error) {
      fail(error, `Could not retry ${row.fileName}`);
    }
  };

  if (sessionData) {
    const rows = sessionRows(sessionData);
    return (
      <div className="batch-tab" data-testid="batch-process">
        <p className="small" data-testid="batch-summary">
          {sessionData.name}
        </p>
        <BatchRunView rows={rows} onRetry={(row) => void retry(row)} />
        {finished && (
          <BatchCompletion
            succeeded={sessionData.completed_count}
            failed={sessionData.failed_count}
            downloadable={sessionData.files.filter((file) => fileRender(file) !== null).length}
            onViewLibrary={() => {
              reset();
              onShowLibrary();
            }}
            onDownloadAll={() => downloadSessionFiles(sessionData)}
            onProcessMore={reset}
            onOpenEditor={sessionData.completed_count > 0 ? () => void navigate(`/batch-editor?session=${encodeURIComponent(sessionData.id)}`) : null}
          />
        )}
      </div>
    );
  }

  if (uploads) {
    const rows = uploads.map(
      (row): BatchFileRow => ({
        key: row.key,
        fileName: row.fileName,
        status: row.error ? 'error' : 'uploading',
        progress: row.size > 0 ? (row.sent / row.size) * 100 : 0,
        error: row.error,
        canRetry: false,
      }),
    );
    return (
      <div className="batch-tab" data-testid="batch-process">
        <p className="small">Uploading {rows.length} video files…</p>
        <BatchRunView rows={rows} onRetry={() => undefined} />
        {uploads.every((row) => row.error !== null) && (
          <button type="button" className="btn btn-sm" onClick={reset}>
            Choose Files Again
          </button>
        )}
      </div>
    );
  }

  return (
    <div className="batch-tab" data-testid="batch-process">
      <DropZone title="Add files to the batch" testId="batch-drop" multiple onFiles={(added) => setFiles((list) => [...list, ...added])} />
      {files.length > 0 && (
        <ul className="batch-selected" aria-label="Selected files">
          {files.map((file, index) => (
            <li key={`${index}:${file.name}`} className="row small">
              <span className="batch-file-name" title={file.name}>
                {file.name}
              </span>
              <span className="spacer" />
              <span className="muted">{formatMegabytes(file.size)}</span>
              <button type="button" className="btn btn-ghost btn-sm" aria-label={`Remove ${file.name}`} onClick={() => setFiles((list) => list.filter((_, i) => i !== index))}>
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="batch-look small">
        <span>Look</span>
        <select value={choice} onChange={(event) => setChoice(event.target.value as GradeChoice)} aria-label="Look for the batch">
          {editorGrade.assetId !== null && <option value="current">Current grade (from the editor)</option>}
          {BATCH_PRESETS.map((preset) => (
            <option key={preset.look} value={preset.look}>
              {preset.name}
            </option>
          ))}
        </select>
      </label>
      <BatchOutputChoice value={output} onChange={setOutput} />
      {files.length > 0 && selection.skipped > 0 && (
        <p className="small muted" data-testid="batch-skip-note">
          {selection.message.text}
        </p>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={process}>
        Process {files.length} Files
      </button>
    </div>
  );
}

/** The session's files as the run view lists them. */
export function sessionRows(session: BatchSession): BatchFileRow[] {
  return session.files.map((file) => ({
    key: file.assetId,
    fileName: file.fileName,
    status: file.status,
    progress: file.progress,
    error: file.error,
    canRetry: file.canRetry,
    note: batchFileNote(file),
  }));
}

/** Downloads a session's completed renders (a file's kept earlier one too) one after another, saying how many (or that there are none). */
export function downloadSessionFiles(session: BatchSession): void {
  const ready = session.files.map(fileRender).filter((render) => render !== null);
  if (session.files.length === 0) {
    toast({ title: 'Error', description: BATCH_MESSAGES.noFilesToDownload, variant: 'destructive' });
    return;
  }
  if (ready.length === 0) {
    toast({ title: 'Error', description: BATCH_MESSAGES.noCompletedFiles, variant: 'destructive' });
    return;
  }
  toast({ title: 'Download Started', description: batchDownloadingMessage(ready.length) });
  void downloadOneByOne(ready.map((render, index) => ({ url: render.url, fileName: render.outputName ?? `processed_video_${index + 1}.mp4` })));
}

/** A look id's name for badges; an unknown id is shown as it is. */
export function lookLabel(id: string | null): string {
  if (id === null) return 'Original';
  return isLookId(id) ? getLook(id).name : id;
}

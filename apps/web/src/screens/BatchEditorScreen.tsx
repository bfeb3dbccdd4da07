import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Panel, PanelGroup } from 'react-resizable-panels';
import { useQueryClient } from '@tanstack/react-query';
import { ADJUSTMENT_INFO, ADJUSTMENT_MAX, ADJUSTMENT_MIN, BATCH_ADJUSTMENT_KEYS, BATCH_PRESETS, type LookId } from '@cinegrade/color';
import { API, BATCH_MESSAGES, exportFormatInfo, savedGradeFromGrade, type BatchFile, type BatchSession } from '@cinegrade/contract';
import { ApiError, callApi } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/AuthProvider';
import { putBatchSession, useBatchFailure, useBatchSession } from '../batch/batch-api';
import { batchFileNote, formatDuration, formatFileSize, formatLabel } from '../batch/batch-files';
import { batchGrade, savedGradeOf, ZERO_SLIDERS, type BatchSliders } from '../batch/batch-grade';
import { BatchOutputChoice, type BatchOutput } from '../batch/BatchOutputChoice';
import { GradeClipboardButtons } from '../batch/GradeClipboardButtons';
import { GradedThumbnail } from '../batch/GradedThumbnail';
import { lookLabel } from '../batch/ProcessFilesTab';
import { downloadOneByOne, downloadRenamed } from '../batch/staggered-download';
import { VideoPreviewModal } from '../batch/VideoPreviewModal';
import { LabelledSlider } from '../editor/panels/LabelledSlider';
import { ResizeHandle } from '../editor/layout/ResizeHandle';
import { useScreenLayout } from '../editor/layout/screen-layout';
import { Spinner, usePageTitle } from '../ui/primitives';
import { toast } from '../ui/toast-store';
import '../batch/batch.css';

const NO_FILES = 'No batch files found. Please process some files first.';

type ViewMode = 'grid' | 'preview';

/**
 * /batch-editor?session={id}: the Professional Batch Editor (docs/product-rules.md, 'Batch'). The
 * session comes from the server, so the page works after a reload and from the library's Edit
 * Batch. Each card shows its file's first frame through the grade saved on it, rendered by the
 * colour engine; Apply saves a grade on the chosen files, and Export renders them again on the
 * server and downloads them.
 */
export function BatchEditorScreen() {
  usePageTitle('Professional Batch Editor');
  const [params] = useSearchParams();
  const batchId = params.get('session');
  const navigate = useNavigate();
  const fail = useBatchFailure();
  const session = useBatchSession(batchId);
  const data = session.data;
  const missing = batchId === null || (session.isError && !(session.error instanceof ApiError && session.error.status === 403)) || (data !== undefined && data.files.length === 0);

  useEffect(() => {
    if (session.isError && session.error instanceof ApiError && session.error.status === 403) fail(session.error, BATCH_MESSAGES.premiumOnly);
  }, [session.isError, session.error, fail]);

  useEffect(() => {
    if (!missing) return;
    toast({ title: 'Error', description: NO_FILES, variant: 'destructive' });
    void navigate('/', { replace: true });
  }, [missing, navigate]);

  if (!data || missing) {
    return (
      <div className="page">
        <h1>Professional Batch Editor</h1>
        <Spinner label="Loading Batch Workspace..." />
      </div>
    );
  }
  return <BatchWorkspace session={data} />;
}

function BatchWorkspace({ session }: { session: BatchSession }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useAuth();
  const layout = useScreenLayout();
  const fail = useBatchFailure();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [view, setView] = useState<ViewMode>('grid');
  const [look, setLook] = useState<LookId | null>(null);
  const [sliders, setSliders] = useState<BatchSliders>(ZERO_SLIDERS);
  const [hasChanges, setHasChanges] = useState(false);
  const [applied, setApplied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<BatchFile | null>(null);
  /**
   * The files being exported, each with the render its export started, or null when it was refused
   * before it began (the file keeps what it had): a file is done once that render has finished.
   */
  const [exporting, setExporting] = useState<ReadonlyMap<string, string | null> | null>(null);
  const exportStarted = useRef(false);
  /** The format and size Export Batch renders in: the batch's own until changed here. */
  const [output, setOutput] = useState<BatchOutput>({ outputFormat: session.settings.outputFormat, quality: session.settings.quality });

  const files = session.files;
  const total = files.length;
  const wide = layout === 'desktop';
  const columns = view === 'grid' ? (wide ? 3 : 2) : wide ? 2 : 1;
  const controlsGrade = useMemo(() => batchGrade(look, sliders), [look, sliders]);
  const grades = useMemo(() => new Map(files.map((file) => [file.assetId, savedGradeOf({ selected_lut: file.appliedLUT, color_settings: file.colorSettings })])), [files]);

  const toggle = (assetId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(assetId)) next.add(assetId);
      return next;
    });

  const change = (update: () => void) => {
    update();
    setHasChanges(true);
    setApplied(false);
  };

  const apply = async (assetIds: string[] | undefined) => {
    if (assetIds !== undefined && assetIds.length === 0) {
      toast({ title: 'Error', description: BATCH_MESSAGES.selectFilesToApply, variant: 'destructive' });
      return;
    }
    setBusy(true);
    setHasChanges(true);
    const saved = savedGradeFromGrade(controlsGrade);
    try {
      const answer = await callApi(API.updateBatchGrade, { params: { id: session.id }, body: { ...(assetIds ? { assetIds } : {}), selectedLUT: saved.selected_lut, colorSettings: saved.color_settings } });
      if (user) putBatchSession(client, user.id, answer);
      setApplied(true);
      toast({
        title: 'Settings Applied',
        description: assetIds ? `Settings applied to ${assetIds.length} selected files` : `Settings applied to all ${total} files`,
        variant: 'success',
      });
    } catch (error) {
      fail(error, 'Failed to apply the settings');
    } finally {
      setBusy(false);
    }
  };

  const startExport = async () => {
    if (selected.size === 0) {
      toast({ title: 'Error', description: BATCH_MESSAGES.selectFilesToExport, variant: 'destructive' });
      return;
    }
    if (!user) {
      toast({ title: 'Error', description: 'Please log in to save batch to library', variant: 'destructive' });
      return;
    }
    const assetIds = files.filter((file) => selected.has(file.assetId)).map((file) => file.assetId);
    setBusy(true);
    try {
      const before = new Map(files.map((file) => [file.assetId, file.predictionId]));
      const answer = await callApi(API.exportBatch, { params: { id: session.id }, body: { assetIds, ...output } });
      putBatchSession(client, user.id, answer);
      exportStarted.current = true;
      const started = (file: BatchFile) => (file.predictionId !== null && file.predictionId !== before.get(file.assetId) ? file.predictionId : null);
      // The server also renders every file edited since its render, selected or not: those are new renders too.
      const renders = new Map(answer.files.filter((file) => selected.has(file.assetId) || started(file) !== null).map((file) => [file.assetId, started(file)]));
      setExporting(renders);
      const rendering = [...renders.values()].filter((id) => id !== null).length;
      const edited = answer.files.filter((file) => !selected.has(file.assetId) && started(file) !== null).length;
      const also = edited > 0 ? `, with ${edited} unselected file${edited === 1 ? '' : 's'} edited since ${edited === 1 ? 'its' : 'their'} render` : '';
      if (rendering > 0) toast({ title: 'Exporting', description: `Rendering ${rendering} files with their grades${also}…` });
    } catch (error) {
      fail(error, 'Failed to export the batch');
      setBusy(false);
    }
  };

  // The export ends when every exported file's new render has finished (or was refused): the new renders download.
  useEffect(() => {
    if (!exporting || !exportStarted.current) return;
    const exported = files.filter((file) => exporting.has(file.assetId));
    const rendered = (file: BatchFile) => file.predictionId !== null && file.predictionId === exporting.get(file.assetId);
    const finished = (file: BatchFile) => exporting.get(file.assetId) === null || (rendered(file) && file.status !== 'processing');
    if (!exported.every(finished)) return;
    exportStarted.current = false;
    setExporting(null);
    setBusy(false);
    const ready = exported.filter((file) => rendered(file) && file.status === 'completed' && file.downloadUrl);
    const failed = exported.length - ready.length;
    const format = exportFormatInfo(session.settings.outputFormat);
    void downloadOneByOne(ready.map((file, index) => ({ url: file.downloadUrl!, fileName: `edited_video_${index + 1}.${format.extension}` })), downloadRenamed).then(async () => {
      try {
        await client.refetchQueries({ queryKey: queryKeys.batches.list(user?.id ?? null) }, { throwOnError: true });
        toast({
          title: 'Batch Export Complete',
          description: failed > 0 ? `Exported ${ready.length} files (${failed} failed) and saved the batch to your library` : `Exported ${ready.length} files and saved the batch to your library`,
          variant: failed > 0 ? 'destructive' : 'success',
        });
      } catch {
        toast({ title: 'Error', description: 'Export completed but failed to save to library', variant: 'destructive' });
      }
    });
  }, [files, exporting, session.settings.outputFormat, client, user]);

  const selectedFiles = files.filter((file) => selected.has(file.assetId));
  const onlySelected = selectedFiles.length === 1 ? selectedFiles[0]! : null;
  const grid = (
    <div className="batch-grid-pane">
      <div className="row small">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSelected(new Set(files.map((f) => f.assetId)))}>
          Select All
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSelected(new Set())}>
          Clear
        </button>
        <span className="muted" data-testid="batch-selection-count">
          {selected.size} of {total} selected
        </span>
      </div>
      {total === 0 ? (
        <p className="muted">
          No files to display
          <br />
          Process some files first
        </p>
      ) : (
        <ul className="batch-grid" style={{ ['--batch-columns' as string]: columns }} data-testid="batch-grid" data-columns={columns}>
          {files.map((file) => {
            const isSelected = selected.has(file.assetId);
            return (
              <li key={file.assetId} className={`batch-card${isSelected ? ' batch-card-selected' : ''}`} data-testid="batch-card" data-selected={isSelected} onClick={() => toggle(file.assetId)}>
                <div className="batch-card-media">
                  <GradedThumbnail assetId={file.assetId} src={file.originalThumbnail} grade={grades.get(file.assetId)!} alt={`${file.fileName} through its grade`} />
                  <input
                    type="checkbox"
                    className="batch-card-check"
                    checked={isSelected}
                    aria-label={`Select ${file.fileName}`}
                    onClick={(event) => event.stopPropagation()}
                    onChange={() => toggle(file.assetId)}
                  />
                  <span className="batch-card-duration">{formatDuration(file.duration)}</span>
                  <button
                    type="button"
                    className="btn btn-sm batch-card-play"
                    aria-label={`Preview ${file.fileName}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      setPreview(file);
                    }}
                  >
                    ▶
                  </button>
                </div>
                <div className="batch-card-info">
                  <strong className="batch-file-name" title={file.fileName}>
                    {file.fileName}
                  </strong>
                  <span className="muted">
                    {formatLabel(file)} · {formatFileSize(file.fileSize)} · {lookLabel(file.appliedLUT)}
                  </span>
                  <span className="small">{file.status === 'processing' ? `Rendering ${Math.round(file.progress)}%` : file.status === 'completed' ? 'Ready for editing' : (file.error ?? 'Failed')}</span>
                  {batchFileNote(file) !== null && <span className="small batch-file-note">{batchFileNote(file)}</span>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );

  const controls = (
    <aside className="batch-controls" aria-labelledby="batch-controls-title">
      <h2 id="batch-controls-title">Batch Controls</h2>
      <p className="small muted">Apply to {selected.size > 0 ? `${selected.size} selected` : 'all'} files</p>
      <div className="row">
        <strong className="small">Look</strong>
        <span className="spacer" />
        <button type="button" className="btn btn-ghost btn-sm" disabled={look === null} onClick={() => change(() => setLook(null))}>
          Reset LUT
        </button>
      </div>
      <div className="batch-presets" role="group" aria-label="Batch presets">
        {BATCH_PRESETS.map((preset) => (
          <button key={preset.look} type="button" className="btn btn-sm" aria-pressed={look === preset.look} onClick={() => change(() => setLook(preset.look))}>
            {preset.name}
          </button>
        ))}
      </div>
      <div className="row">
        <strong className="small">Colour</strong>
        <span className="spacer" />
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => change(() => setSliders(ZERO_SLIDERS))}>
          Reset colour
        </button>
      </div>
      {BATCH_ADJUSTMENT_KEYS.map((key) => (
        <LabelledSlider
          key={key}
          label={ADJUSTMENT_INFO[key].label}
          description={ADJUSTMENT_INFO[key].description}
          value={sliders[key]}
          min={ADJUSTMENT_MIN}
          max={ADJUSTMENT_MAX}
          onChange={(value) => change(() => setSliders((current) => ({ ...current, [key]: value })))}
        />
      ))}
      <div className="batch-actions">
        <button type="button" className="btn btn-primary btn-sm" disabled={selected.size === 0 || busy} onClick={() => void apply([...selected])}>
          Apply to Selected
        </button>
        <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void apply(undefined)}>
          Apply to All
        </button>
      </div>
      <div className="batch-actions">
        <GradeClipboardButtons
          copyFrom={onlySelected ? { name: onlySelected.fileName, grade: { selected_lut: onlySelected.appliedLUT, color_settings: onlySelected.colorSettings } } : null}
          pasteOnto={[...selected]}
          noun="file"
          sourceIn="label"
        />
      </div>
      <div className="batch-export-output" role="group" aria-label="Export Batch output">
        <strong className="small">Export Batch renders in</strong>
        <BatchOutputChoice value={output} onChange={setOutput} disabled={busy} />
      </div>
      {applied && hasChanges && (
        <div className="batch-applied" role="status" data-testid="batch-applied">
          <strong>Changes Applied</strong>
          <br />
          Ready for batch export
        </div>
      )}
    </aside>
  );

  const appliedLooks = [...new Set(files.map((file) => lookLabel(file.appliedLUT)))];
  return (
    <div className="batch-editor" data-testid="batch-editor" data-layout={layout}>
      <header className="batch-editor-header">
        <button type="button" className="btn btn-sm" onClick={() => void navigate('/', { state: { returnFromBatch: true } })}>
          ← Back to Workspace
        </button>
        <h1>Professional Batch Editor</h1>
        <span className="badge">{total} files</span>
        <span className="badge">{selected.size} selected</span>
        <span className="badge badge-accent">LUT: {appliedLooks.join(', ')}</span>
        <span className="spacer" />
        <div className="segmented segmented-2" role="group" aria-label="View">
          <button type="button" aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
            Grid
          </button>
          <button type="button" aria-pressed={view === 'preview'} onClick={() => setView('preview')}>
            Preview
          </button>
        </div>
        <button type="button" className="btn btn-primary btn-sm" disabled={selected.size === 0 || busy} title={selected.size === 0 ? BATCH_MESSAGES.selectFilesToExport : undefined} onClick={() => void startExport()}>
          {exporting ? 'Exporting…' : 'Export Batch'}
        </button>
      </header>
      <div className="batch-editor-body">
        {layout === 'phone' ? (
          <div className="batch-editor-stack">
            {grid}
            {controls}
          </div>
        ) : (
          <PanelGroup direction="horizontal" autoSaveId={`batch-editor-${layout}`}>
            <Panel id="batch-grid" order={1} defaultSize={70} minSize={50}>
              {grid}
            </Panel>
            <ResizeHandle direction="horizontal" label="Resize the file grid and the controls" />
            <Panel id="batch-controls" order={2} defaultSize={30} minSize={25}>
              {controls}
            </Panel>
          </PanelGroup>
        )}
      </div>
      {preview && <VideoPreviewModal file={preview} grade={hasChanges && !applied ? controlsGrade : (grades.get(preview.assetId) ?? controlsGrade)} onClose={() => setPreview(null)} />}
    </div>
  );
}

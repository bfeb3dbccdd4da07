import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EXPORT_MESSAGES, gradeFromSavedGrade, savedGradeFromGrade, type Asset, type ProcessVideoRequest, type SavedGrade } from '@cinegrade/contract';
import { useAuth } from '../auth/AuthProvider';
import { gradeStore } from '../editor/grade-store';
import { toast } from '../ui/toast-store';
import type { OpenMedia } from '../workspace/open-media';
import { runExport, type ExportRunDeps, type ExportRunHandle } from './export-run';
import { exportRunDeps } from './export-status';

/**
 * The grade to export: the editor's, when the grade store holds this asset's; otherwise the grade
 * the asset saved (the store is loaded by the editor screen, and a grade still being typed into
 * the store belongs to the asset it names).
 */
export function gradeToExport(asset: Asset): { ok: true; saved: SavedGrade } | { ok: false; message: string } {
  const state = gradeStore.getState();
  if (state.assetId === asset.id) return { ok: true, saved: savedGradeFromGrade(state.grade) };
  const parsed = gradeFromSavedGrade(asset);
  return parsed.ok ? { ok: true, saved: savedGradeFromGrade(parsed.grade) } : { ok: false, message: parsed.message };
}

/** Downloads a same-origin link; the server names the file (Content-Disposition), the attribute too. */
function triggerDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

export interface ExportState {
  running: boolean;
  /** 0..100, to a tenth. */
  progress: number;
}

/**
 * Runs one export at a time from the header menu, with the product's toasts
 * (docs/product-rules.md, 'Messages'). Its status is the export's status query (`export-status.ts`) unless other `deps` are given.
 */
export function useExport(deps?: ExportRunDeps) {
  const client = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [state, setState] = useState<ExportState>({ running: false, progress: 0 });
  const handle = useRef<ExportRunHandle | null>(null);
  const mounted = useRef<AbortController | null>(null);
  // Unmounted (signed out): stop waiting, quietly. The server finishes or is cancelled on its own.
  useEffect(() => {
    const controller = new AbortController();
    mounted.current = controller;
    return () => controller.abort();
  }, []);

  const start = useCallback(
    async (media: OpenMedia | null, choice: Pick<ProcessVideoRequest, 'outputFormat' | 'quality' | 'codec'>) => {
      if (handle.current) return;
      if (!media) {
        toast({ title: EXPORT_MESSAGES.noMediaSelected, variant: 'destructive' });
        return;
      }
      if (media.source !== 'asset' || !media.asset.media_file_path) {
        toast({ title: EXPORT_MESSAGES.failedTitle, description: EXPORT_MESSAGES.noMediaFile, variant: 'destructive' });
        return;
      }
      const grade = gradeToExport(media.asset);
      if (!grade.ok) {
        toast({ title: EXPORT_MESSAGES.failedTitle, description: grade.message, variant: 'destructive' });
        return;
      }
      const runDeps = deps ?? (userId === null ? null : exportRunDeps(client, userId));
      if (!runDeps) return;
      setState({ running: true, progress: 0 });
      const run = runExport(
        { assetId: media.asset.id, selectedLUT: grade.saved.selected_lut, colorSettings: grade.saved.color_settings, ...choice },
        runDeps,
        (progress) => setState({ running: true, progress }),
        mounted.current?.signal,
      );
      handle.current = run;
      const outcome = await run.done;
      handle.current = null;
      if (outcome.kind === 'abandoned') return;
      setState({ running: false, progress: 0 });
      switch (outcome.kind) {
        case 'succeeded':
          triggerDownload(outcome.result.downloadUrl, outcome.result.fileName);
          toast({
            title: EXPORT_MESSAGES.completedTitle,
            description: media.mediaType === 'image' ? EXPORT_MESSAGES.completedImage : EXPORT_MESSAGES.completedVideo,
            variant: 'success',
          });
          break;
        case 'failed':
          toast({ title: outcome.title, description: outcome.message, variant: 'destructive' });
          break;
        case 'canceled':
          toast({ title: EXPORT_MESSAGES.cancelledTitle, description: 'The export was stopped; nothing was saved.' });
          break;
      }
    },
    [deps, client, userId],
  );

  const cancel = useCallback(async () => {
    try {
      await handle.current?.cancel();
    } catch {
      // The run itself reports how it ended.
    }
  }, []);

  return { ...state, start, cancel };
}

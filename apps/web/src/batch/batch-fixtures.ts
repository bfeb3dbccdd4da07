import type { BatchFile, BatchSession } from '@cinegrade/contract';

/** Batch sessions as the server answers them, for the web's component tests. */
export function batchFile(n: number, change: Partial<BatchFile> = {}): BatchFile {
  return {
    assetId: `00000000-0000-4000-8000-00000000000${n}`,
    fileName: `clip-${n}.mp4`,
    status: 'completed',
    progress: 100,
    canRetry: false,
    error: null,
    rerenderRefused: null,
    format: 'mp4',
    fileSize: 2 * 1024 * 1024,
    duration: 65,
    originalThumbnail: null,
    originalUrl: null,
    downloadUrl: `/files/out-${n}.mp4`,
    outputName: `clip-${n}_film-noir.mp4`,
    keptDownloadUrl: null,
    keptOutputName: null,
    renderOutdated: false,
    predictionId: `10000000-0000-4000-8000-00000000000${n}`,
    appliedLUT: 'film-noir',
    colorSettings: {},
    ...change,
  };
}

export function batchSession(files: BatchFile[], change: Partial<BatchSession> = {}): BatchSession {
  const completed = files.filter((f) => f.status === 'completed').length;
  const failed = files.filter((f) => f.status === 'error' || f.status === 'rate_limited').length;
  return {
    id: '20000000-0000-4000-8000-000000000001',
    name: 'Batch 2026-11-25 20:00',
    status: completed + failed === files.length ? 'completed' : 'processing',
    file_count: files.length,
    completed_count: completed,
    failed_count: failed,
    progress: files.reduce((sum, f) => sum + f.progress, 0) / Math.max(1, files.length),
    selected_lut: 'film-noir',
    settings: { outputFormat: 'mp4', quality: '1080p', colorSettings: {} },
    thumbnail_url: null,
    created_at: '2026-11-25T20:00:00.000Z',
    completed_at: completed + failed === files.length ? '2026-11-25T20:05:00.000Z' : null,
    files,
    ...change,
  };
}

import type { PredictionStatus, ProcessingResult } from '@cinegrade/contract';

/** The export and the asset of the export tests. */
export const TEST_EXPORT_ID = '8a6f1c1e-2b3d-4c5e-9f60-718293a4b5c6';
export const TEST_EXPORT_ASSET_ID = '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9';
export const TEST_EXPORT_REQUEST = { assetId: TEST_EXPORT_ASSET_ID, outputFormat: 'mp4', quality: '720p' } as const;

/** A check-processing-status answer for the test export, with a file to fetch once succeeded. */
export function processingResult(status: PredictionStatus, progress: number, extra: Partial<ProcessingResult> = {}): ProcessingResult {
  return {
    predictionId: TEST_EXPORT_ID,
    status,
    progress,
    downloadUrl: status === 'succeeded' ? '/api/files/x.y' : null,
    output: status === 'succeeded' ? '/api/files/x.y' : null,
    error: null,
    suggestion: null,
    retryAfter: null,
    assetId: TEST_EXPORT_ASSET_ID,
    outputFormat: 'mp4',
    quality: '720p',
    width: 1280,
    height: 720,
    fileName: 'clip-vintage-film.mp4',
    ...extra,
  };
}

/** The live channel's `export-progress` event for the test export. */
export function exportProgressEvent(status: PredictionStatus, progress: number) {
  return { type: 'export-progress' as const, predictionId: TEST_EXPORT_ID, assetId: TEST_EXPORT_ASSET_ID, status, progress };
}

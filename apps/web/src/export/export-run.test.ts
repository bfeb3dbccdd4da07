import { describe, expect, it } from 'vitest';
import { STATUS_POLL_MAX_ATTEMPTS, type ProcessingResult, type PredictionStatus } from '@cinegrade/contract';
import { ApiError } from '../api/client';
import { processingResult, TEST_EXPORT_ASSET_ID, TEST_EXPORT_ID, TEST_EXPORT_REQUEST } from '../testing/export-fixtures';
import { describeFailure, runExport, type ExportStatusUpdate, type ExportRunDeps } from './export-run';

const ID = TEST_EXPORT_ID;
const ASSET = TEST_EXPORT_ASSET_ID;
const REQUEST = TEST_EXPORT_REQUEST;
const result = processingResult;

/** Deps answering status calls from a script; `live` events are delivered just before the poll with the same index. */
function scripted(statuses: (ProcessingResult | Error)[], live: Record<number, ExportStatusUpdate> = {}) {
  let polls = 0;
  let listener: ((event: ExportStatusUpdate) => void) | null = null;
  const cancels: string[] = [];
  const deps: ExportRunDeps = {
    start: () => Promise.resolve(result('starting', 0)),
    status: () => {
      const next = statuses[Math.min(polls, statuses.length - 1)]!;
      polls++;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    cancel: (id) => {
      cancels.push(id);
      statuses.splice(0, statuses.length, result('canceled', 0));
      polls = 0;
      return Promise.resolve(result('canceled', 0));
    },
    subscribe: (l) => {
      listener = l;
      return () => (listener = null);
    },
    wait: () => {
      const event = live[polls];
      if (event) listener?.(event);
      return Promise.resolve();
    },
  };
  return { deps, polls: () => polls, cancels, subscribed: () => listener !== null };
}

const progressEvent = (progress: number, status: PredictionStatus = 'processing'): ExportStatusUpdate => ({ predictionId: ID, status, progress });

describe('runExport', () => {
  it('polls until succeeded, reports the progress, and answers the file to download', async () => {
    const { deps } = scripted([result('processing', 10), result('processing', 55.5), result('succeeded', 100)]);
    const seen: number[] = [];
    const outcome = await runExport(REQUEST, deps, (p) => seen.push(p)).done;
    expect(outcome).toMatchObject({ kind: 'succeeded', result: { downloadUrl: '/api/files/x.y', fileName: 'clip-vintage-film.mp4' } });
    expect(seen).toEqual([10, 55.5, 100]);
  });

  it('moves with live events between polls, and ignores other exports', async () => {
    const other = { ...progressEvent(90), predictionId: ASSET };
    const { deps } = scripted([result('processing', 5), result('processing', 5), result('succeeded', 100)], { 1: progressEvent(30), 2: other });
    const seen: number[] = [];
    await runExport(REQUEST, deps, (p) => seen.push(p)).done;
    expect(seen).toEqual([5, 30, 100]);
  });

  it(`gives up with 'Processing timeout - please try again' after ${STATUS_POLL_MAX_ATTEMPTS} polls in which nothing moved`, async () => {
    const script = scripted([result('starting', 0)]);
    const outcome = await runExport(REQUEST, script.deps, () => undefined).done;
    expect(outcome).toEqual({ kind: 'failed', title: 'Export failed', message: 'Processing timeout - please try again' });
    expect(script.polls()).toBe(STATUS_POLL_MAX_ATTEMPTS);
    expect(script.subscribed()).toBe(false);
  });

  it('never times out an export that keeps moving, however long it takes', async () => {
    // 400 polls (20 minutes at 3 s), a tenth of a percent at a time, stalling for 50 polls at a stretch.
    const statuses: ProcessingResult[] = [];
    for (let i = 0; i < 400; i++) statuses.push(result('processing', Math.floor(i / 50) / 10));
    statuses.push(result('succeeded', 100));
    const outcome = await runExport(REQUEST, scripted(statuses).deps, () => undefined).done;
    expect(outcome.kind).toBe('succeeded');
  });

  it("rides out failed status checks, but one after more than half of the attempts ends with 'Status check failed'", async () => {
    const network = new ApiError(0, 'network', 'Cannot reach the server.');
    const recovering = scripted([...Array<Error>(10).fill(network), result('succeeded', 100)]);
    expect((await runExport(REQUEST, recovering.deps, () => undefined).done).kind).toBe('succeeded');
    const failing = scripted([...Array<ProcessingResult>(31).fill(result('starting', 0)), network]);
    expect(await runExport(REQUEST, failing.deps, () => undefined).done).toEqual({ kind: 'failed', title: 'Export failed', message: 'Status check failed' });
    expect(failing.polls()).toBe(32);
  });

  it("shows the server's reason when the export is refused, and 'Processing failed' when the call itself fails", async () => {
    const refused: ExportRunDeps = { ...scripted([]).deps, start: () => Promise.reject(new ApiError(403, 'forbidden', 'Free accounts export MP4 (H.264) or WebM (VP9) at up to 720p; 1080p needs Premium. Upgrade to export it.')) };
    expect(await runExport(REQUEST, refused, () => undefined).done).toMatchObject({ kind: 'failed', message: expect.stringContaining('1080p needs Premium') as string });
    const broken: ExportRunDeps = { ...scripted([]).deps, start: () => Promise.reject(new ApiError(500, 'internal', 'An unexpected error occurred')) };
    expect(await runExport(REQUEST, broken, () => undefined).done).toEqual({ kind: 'failed', title: 'Export failed', message: 'Processing failed' });
  });

  it('reports a failed export with its suggestion and when to retry', async () => {
    const { deps } = scripted([result('failed', 40, { error: 'The export could not be rendered', suggestion: 'Please try again or contact support if the issue persists', retryAfter: 60 })]);
    const outcome = await runExport(REQUEST, deps, () => undefined).done;
    expect(outcome).toEqual({
      kind: 'failed',
      title: 'Export failed',
      message: 'The export could not be rendered. Please try again or contact support if the issue persists. Try again in 60 seconds.',
    });
    expect(describeFailure({ error: null, suggestion: null, retryAfter: null })).toBe('Unknown error occurred.');
  });

  it('treats a success without a file as a failure (the spec: succeeded needs output)', async () => {
    const { deps } = scripted([result('succeeded', 100, { downloadUrl: null, output: null })]);
    expect(await runExport(REQUEST, deps, () => undefined).done).toMatchObject({ kind: 'failed', message: 'Unknown error occurred' });
  });

  it('stops waiting, without a word, when the page gives up (signed out)', async () => {
    const controller = new AbortController();
    const script = scripted([result('processing', 10)]);
    const handle = runExport(REQUEST, script.deps, () => undefined, controller.signal);
    controller.abort();
    expect(await handle.done).toEqual({ kind: 'abandoned' });
    expect(script.polls()).toBe(0);
    expect(script.cancels).toEqual([]);
  });

  it('cancels through the server and ends as canceled', async () => {
    const script = scripted([result('processing', 10)]);
    const handle = runExport(REQUEST, script.deps, () => undefined);
    await Promise.resolve();
    await handle.cancel();
    expect(await handle.done).toEqual({ kind: 'canceled' });
    expect(script.cancels).toEqual([ID]);
  });
});

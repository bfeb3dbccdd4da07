import { API, exportStorageQuotaMessage, STATUS_POLL_INTERVAL_MS, type ProcessingResult } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLiveQueries } from '../api/live-query-sync';
import { queryKeys } from '../api/query-keys';
import { jsonResponse, mockFetch } from '../editor/panels/test-helpers';
import { FakeEventSource, installFakeEventSource } from '../testing/fake-event-source';
import { exportProgressEvent, processingResult, TEST_EXPORT_ID, TEST_EXPORT_REQUEST } from '../testing/export-fixtures';
import { createTestQueryClient } from '../testing/query-client';
import { runExport } from './export-run';
import { exportRunDeps } from './export-status';

const USER = 'user-1';
const ID = TEST_EXPORT_ID;
const result = processingResult;
const live = exportProgressEvent;

describe('an export run in the app', () => {
  let polls: ProcessingResult[];
  let pollCount: number;
  beforeEach(() => {
    vi.useFakeTimers();
    installFakeEventSource();
    polls = [];
    pollCount = 0;
    mockFetch((url) => {
      if (url === API.processVideo.path) return jsonResponse(200, result('starting', 0));
      if (url === API.checkProcessingStatus.path) return jsonResponse(200, polls[Math.min(pollCount++, polls.length - 1)]);
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("follows the export's status query: the start, each poll, and the live events between polls", async () => {
    polls = [result('processing', 10), result('processing', 10), result('succeeded', 100)];
    const client = createTestQueryClient();
    const disconnect = connectLiveQueries(client, USER);
    const seen: number[] = [];
    const run = runExport(TEST_EXPORT_REQUEST, exportRunDeps(client, USER), (percent) => seen.push(percent));
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getQueryData(queryKeys.exports.status(USER, ID))).toMatchObject({ status: 'starting' });
    await vi.advanceTimersByTimeAsync(STATUS_POLL_INTERVAL_MS);
    expect(seen).toEqual([10]);
    FakeEventSource.current()!.send('export-progress', live('processing', 55.5));
    expect(seen).toEqual([10, 55.5]);
    await vi.advanceTimersByTimeAsync(STATUS_POLL_INTERVAL_MS * 2);
    expect(await run.done).toMatchObject({ kind: 'succeeded', result: { downloadUrl: '/api/files/x.y' } });
    expect(seen).toEqual([10, 55.5, 100]);
    expect(pollCount).toBe(3);
    disconnect();
  });

  it('asks for the file at once when a live event says the export finished, without waiting for the next poll', async () => {
    polls = [result('processing', 20), result('succeeded', 100)];
    const client = createTestQueryClient();
    const disconnect = connectLiveQueries(client, USER);
    const run = runExport(TEST_EXPORT_REQUEST, exportRunDeps(client, USER), () => undefined);
    await vi.advanceTimersByTimeAsync(STATUS_POLL_INTERVAL_MS);
    expect(pollCount).toBe(1);
    FakeEventSource.current()!.send('export-progress', live('succeeded', 100));
    await vi.advanceTimersByTimeAsync(0);
    expect(await run.done).toMatchObject({ kind: 'succeeded' });
    expect(pollCount).toBe(2);
    disconnect();
  });

  it("shows the server's storage refusal (413) as the failure's words, not a bare 'Export failed', and polls nothing", async () => {
    const asked: string[] = [];
    mockFetch((url) => {
      asked.push(url);
      return url === API.processVideo.path ? jsonResponse(413, { code: 'quota_exceeded', message: exportStorageQuotaMessage('Free') }) : jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    const run = runExport(TEST_EXPORT_REQUEST, exportRunDeps(createTestQueryClient(), USER), () => undefined);
    expect(await run.done).toEqual({
      kind: 'failed',
      title: 'Export failed',
      message: 'You have used all of your 2 GB of storage on the Free plan, so nothing more can be exported. Delete assets or old exports to make room, or upgrade to Premium for 50 GB.',
    });
    expect(asked).toEqual([API.processVideo.path]);
  });
});

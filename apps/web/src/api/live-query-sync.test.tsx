import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { ProcessingResult } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assetListQuery } from '../workspace/asset-queries';
import { jsonResponse, mockFetch, testAsset } from '../editor/panels/test-helpers';
import { exportProgressEvent, processingResult, TEST_EXPORT_ASSET_ID, TEST_EXPORT_ID } from '../testing/export-fixtures';
import { FakeEventSource, installFakeEventSource } from '../testing/fake-event-source';
import { createTestQueryClient, renderWithQueryClient } from '../testing/query-client';
import { connectLiveQueries, withExportProgress } from './live-query-sync';
import { queryKeys } from './query-keys';

const USER = 'user-1';
const EXPORT = TEST_EXPORT_ID;
const ASSET = TEST_EXPORT_ASSET_ID;
const status = (progress: number, state: ProcessingResult['status'] = 'processing') => processingResult(state, progress);
const progress = (value: number, state: ProcessingResult['status'] = 'processing') => exportProgressEvent(state, value);

/** The project list on screen, as My Assets shows it. */
function AssetNames() {
  const { data } = useQuery(assetListQuery(USER));
  return <p data-testid="names">{data?.map((a) => a.name).join(', ') ?? 'loading'}</p>;
}

describe('the live channel and the query cache', () => {
  let names: string[];
  let listReads: number;
  beforeEach(() => {
    installFakeEventSource();
    names = ['Beach'];
    listReads = 0;
    mockFetch((url) => {
      if (url !== '/api/assets') return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
      listReads++;
      return jsonResponse(200, { assets: names.map((name, i) => testAsset({ id: `00000000-0000-4000-8000-00000000000${i}`, name })) });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refetches the project list on any change to the person\'s projects, once for a burst', async () => {
    const view = renderWithQueryClient(<AssetNames />);
    const disconnect = connectLiveQueries(view.client, USER);
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Beach'));
    names = ['Harbour', 'Beach'];
    const source = FakeEventSource.current()!;
    expect(source.url).toBe('/api/events');
    for (let i = 0; i < 3; i++) source.send('assets-changed', { type: 'assets-changed', assetId: ASSET });
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Harbour, Beach'));
    expect(listReads).toBe(2);
    disconnect();
    expect(source.closed).toBe(true);
  });

  it('refetches what the events concern when the connection comes back, since nothing was sent meanwhile', async () => {
    const view = renderWithQueryClient(<AssetNames />);
    view.client.setQueryData(queryKeys.exports.status(USER, EXPORT), status(10));
    const disconnect = connectLiveQueries(view.client, USER);
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Beach'));
    const source = FakeEventSource.current()!;
    source.open();
    names = ['Missed', 'Beach'];
    expect(listReads).toBe(1);
    source.open(); // a reconnection
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Missed, Beach'));
    expect(view.client.getQueryState(queryKeys.exports.status(USER, EXPORT))?.isInvalidated).toBe(true);
    disconnect();
  });

  it("writes an export's progress into its status query, never backwards, and only for exports this tab follows", () => {
    const client = createTestQueryClient();
    const disconnect = connectLiveQueries(client, USER);
    const source = FakeEventSource.current()!;
    source.send('export-progress', progress(40));
    expect(client.getQueryData(queryKeys.exports.status(USER, EXPORT))).toBeUndefined();

    client.setQueryData(queryKeys.exports.status(USER, EXPORT), status(10, 'starting'));
    source.send('export-progress', progress(40));
    expect(client.getQueryData(queryKeys.exports.status(USER, EXPORT))).toMatchObject({ status: 'processing', progress: 40 });
    source.send('export-progress', progress(35)); // a late event
    expect(client.getQueryData(queryKeys.exports.status(USER, EXPORT))).toMatchObject({ status: 'processing', progress: 40 });
    disconnect();
  });
});

describe('withExportProgress', () => {
  it('keeps a finished status, and a known status against a "starting" event', () => {
    expect(withExportProgress(status(100, 'succeeded'), progress(50))).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(withExportProgress(status(20), progress(30, 'starting'))).toMatchObject({ status: 'processing', progress: 30 });
    expect(withExportProgress(status(20), progress(100, 'succeeded'))).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(withExportProgress(undefined, progress(30))).toBeUndefined();
  });
});

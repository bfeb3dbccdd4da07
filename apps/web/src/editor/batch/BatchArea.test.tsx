import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Asset, BatchSession } from '@cinegrade/contract';
import { batchFile, batchSession } from '../../batch/batch-fixtures';
import { jsonResponse, mockFetch, sentBody } from '../panels/test-helpers';
import { createTestQueryClient } from '../../testing/query-client';
import { TEST_LIMIT_MS } from '../../test-waits';
import { toast } from '../../ui/toast-store';
import { BatchArea } from './BatchArea';

vi.mock('../../ui/toast-store', { spy: true });
const auth = vi.hoisted(() => ({ tier: null as string | null }));
vi.mock('../../auth/AuthProvider', () => ({
  useAuth: () => ({ user: auth.tier === null ? null : { id: 'user-1' }, profile: auth.tier === null ? null : { subscription_tier: auth.tier } }),
}));
/** The upload queue: every file becomes an asset at once (its own tests cover tus). */
const uploads = vi.hoisted(() => ({ files: [] as File[], fail: [] as string[] }));
vi.mock('../../workspace/uploads', () => ({
  useUploadActions: () => ({
    uploadFile: (file: File, outcome: { onProgress?: (sent: number, total: number) => void; onDone?: (asset: Asset) => void; onFail?: (message: string) => void }) => {
      if (uploads.fail.includes(file.name)) return outcome.onFail?.('The connection to the server was lost.');
      uploads.files.push(file);
      outcome.onProgress?.(file.size, file.size);
      outcome.onDone?.({ id: `00000000-0000-4000-8000-00000000000${uploads.files.length}`, name: file.name } as Asset);
    },
  }),
}));
vi.mock('../../workspace/open-media', () => ({ useOpenMediaActions: () => ({ openAsset: vi.fn() }) }));

const toasts = () => vi.mocked(toast).mock.calls.map(([message]) => message);
const video = (name: string) => new File([new Uint8Array(3 * 1024 * 1024)], name, { type: 'video/mp4' });
const image = (name: string) => new File([new Uint8Array(1024)], name, { type: 'image/png' });

function renderArea() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<BatchArea />} />
          <Route path="/subscriptions" element={<h1>Plans</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function addFiles(files: File[]) {
  fireEvent.change(screen.getByTestId('batch-drop-input'), { target: { files } });
}

beforeEach(() => {
  auth.tier = 'Premium';
  uploads.files = [];
  uploads.fail = [];
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe('BatchArea', () => {
  it('locks batch processing below Premium, with the upgrade button going to the plans', async () => {
    for (const tier of [null, 'Free', 'premium', 'Pro']) {
      auth.tier = tier;
      const { unmount } = renderArea();
      expect(screen.getByRole('heading', { name: 'Batch Processing - Premium Only' })).toBeTruthy();
      expect(screen.queryByRole('tab', { name: 'Process Files' })).toBeNull();
      unmount();
    }
    auth.tier = 'Free';
    renderArea();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(screen.getByRole('heading', { name: 'Plans' })).toBeTruthy();
  });

  it('says when nothing or no video was chosen, and processes only the videos, saying how many were skipped', { timeout: TEST_LIMIT_MS }, async () => {
    let reads = 0;
    const running = batchSession([batchFile(1, { status: 'processing', progress: 40, downloadUrl: null }), batchFile(2, { status: 'processing', progress: 0, downloadUrl: null })]);
    const done = batchSession([batchFile(1), batchFile(2)]);
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/batches' && init?.method === 'POST') return jsonResponse(201, { session: running, skipped: [], message: 'Processing 2 video files' });
      if (url === `/api/batches/${running.id}`) return jsonResponse(200, reads++ < 1 ? running : done);
      if (url === '/api/batches') return jsonResponse(200, { sessions: [done] });
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    renderArea();
    // The engine's six batch presets are the look picker's choices (no asset open: no current grade).
    expect(Array.from(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Look for the batch' }).options).map((o) => o.textContent)).toEqual([
      'Cinematic',
      'Vintage',
      'Modern',
      'Film Noir',
      'Warm Sunset',
      'Cool Blue',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Process 0 Files' }));
    expect(toasts().at(-1)).toEqual({ title: 'Error', description: 'No files selected for processing', variant: 'destructive' });

    addFiles([image('still.png')]);
    fireEvent.click(screen.getByRole('button', { name: 'Process 1 Files' }));
    expect(toasts().at(-1)).toEqual({ title: 'Error', description: 'No video files found to process', variant: 'destructive' });
    expect(uploads.files).toEqual([]);

    addFiles([video('a.mp4'), video('b.mov')]);
    const list = screen.getByRole('list', { name: 'Selected files' });
    expect(within(list).getAllByText('3.00 MB')).toHaveLength(2);
    expect(screen.getByTestId('batch-skip-note').textContent).toBe('Processing 2 video files (1 non-video file skipped)');
    fireEvent.click(screen.getByRole('button', { name: 'Process 3 Files' }));
    expect(toasts().at(-1)?.description).toBe('Processing 2 video files (1 non-video file skipped)');
    expect(uploads.files.map((f) => f.name)).toEqual(['a.mp4', 'b.mov']);

    await waitFor(() => expect(screen.getAllByTestId('batch-file').map((row) => row.getAttribute('data-status'))).toEqual(['processing', 'processing']));
    // Unless chosen otherwise, each file keeps its own size (nothing scaled up), as MP4.
    expect(sentBody(fetchMock, 'POST')).toMatchObject({ assetIds: uploads.files.map((_, i) => `00000000-0000-4000-8000-00000000000${i + 1}`), selectedLUT: 'cinematic', outputFormat: 'mp4', quality: 'source' });
    expect(screen.getByText('40%')).toBeTruthy();

    expect(await screen.findByRole('heading', { name: 'Batch Processing Complete!' })).toBeTruthy();
    expect(screen.getByText('Successfully processed 2 video files! Saved to your library.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open Professional Batch Editor' })).toBeTruthy();
    // After 5 s the results clear and the library opens.
    expect(await screen.findByTestId('batch-library', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Library' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opened while a batch renders on the server, shows where it stands, with counts of failures, Retry on the failed file and why a completed one was not rendered again', { timeout: TEST_LIMIT_MS }, async () => {
    const refused = 'That imported LUT is not in your library. Choose another look, or import the .cube file again.';
    const session = batchSession([batchFile(1, { rerenderRefused: refused }), batchFile(2, { status: 'error', progress: 0, error: 'The render failed.', canRetry: true, downloadUrl: null })]);
    const retried = batchSession([batchFile(1), batchFile(2, { status: 'processing', progress: 0, downloadUrl: null })]);
    const fetchMock = mockFetch((url, init) => {
      // The server still lists it as rendering when the page opens; by the time it is read, it has finished.
      if (url === '/api/batches?status=processing') return jsonResponse(200, { sessions: [retried] });
      if (url.endsWith('/retry') && init?.method === 'POST') return jsonResponse(200, retried);
      if (url === `/api/batches/${session.id}`) return jsonResponse(200, session);
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    renderArea();
    expect(await screen.findByText('Processing completed: 1 successful, 1 failed')).toBeTruthy();
    // The completed file keeps its render: completed, no Retry, and the reason its new render did not happen.
    const [kept] = screen.getAllByTestId('batch-file');
    expect(kept!.getAttribute('data-status')).toBe('completed');
    expect(within(kept!).getByText(`Not rendered again: ${refused}`)).toBeTruthy();
    expect(within(kept!).queryByRole('button', { name: /^Retry/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry clip-2.mp4' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === `/api/batches/${session.id}/files/${batchFile(2).assetId}/retry`)).toBe(true));
  });

  it('shows a file whose new render failed as failed with Retry, offering the earlier render it keeps for download and in the ZIP', { timeout: TEST_LIMIT_MS }, async () => {
    const failed = batchFile(1, { status: 'error', progress: 40, error: 'The render failed.', canRetry: true, downloadUrl: null, outputName: null, keptDownloadUrl: '/files/kept-1.mp4', keptOutputName: 'clip-1_film-noir.mp4' });
    const session = batchSession([failed], { status: 'completed' });
    mockFetch((url) => {
      if (url === '/api/batches?status=processing') return jsonResponse(200, { sessions: [session] });
      if (url === `/api/batches/${session.id}`) return jsonResponse(200, session);
      if (url === '/api/batches') return jsonResponse(200, { sessions: [session] });
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    renderArea();
    expect(await screen.findByText('Processing completed: 0 successful, 1 failed')).toBeTruthy();
    const [row] = screen.getAllByTestId('batch-file');
    expect(row!.getAttribute('data-status')).toBe('error');
    expect(within(row!).getByText('The render failed.')).toBeTruthy();
    expect(within(row!).getByText('Earlier render kept: clip-1_film-noir.mp4')).toBeTruthy();
    expect(within(row!).getByRole('button', { name: 'Retry clip-1.mp4' })).toBeTruthy();
    // The kept render is what Download All Files fetches.
    fireEvent.click(screen.getByRole('button', { name: 'Download All Files' }));
    expect(toasts().at(-1)).toEqual({ title: 'Download Started', description: 'Downloading 1 file' });
    fireEvent.click(screen.getByRole('button', { name: 'View in Batch Library' }));
    const [card] = await screen.findAllByTestId('batch-collection');
    expect(within(card!).getByTestId('batch-collection-count').textContent).toBe('0/1 files');
    expect(within(card!).getByRole<HTMLButtonElement>('button', { name: 'Download as ZIP' }).disabled).toBe(false);
  });

  it('lists the library with its actions, says when a collection has nothing to download, and deletes one', async () => {
    const sessions: BatchSession[] = [batchSession([batchFile(1), batchFile(2)]), batchSession([batchFile(3, { status: 'error', downloadUrl: null, error: 'x' })], { id: '20000000-0000-4000-8000-000000000002', name: 'Batch old', completed_count: 0 })];
    mockFetch((url, init) => {
      if (init?.method === 'DELETE') return new Response(null, { status: 204 });
      if (url === '/api/batches') return jsonResponse(200, { sessions });
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderArea();
    fireEvent.click(screen.getByRole('tab', { name: 'Library' }));
    const cards = await screen.findAllByTestId('batch-collection');
    expect(cards.map((card) => within(card).getByTestId('batch-collection-count').textContent)).toEqual(['2/2 files', '0/1 files']);
    expect(within(cards[0]!).getByText('Film Noir')).toBeTruthy();
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Download' }));
    expect(toasts().at(-1)).toEqual({ title: 'Error', description: 'No completed files to download', variant: 'destructive' });
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Delete Batch old' }));
    await waitFor(() => expect(toasts().at(-1)).toEqual({ title: 'Batch session deleted', variant: 'success' }));
    await waitFor(() => expect(screen.getAllByTestId('batch-collection')).toHaveLength(1));
  });

  it('shows the empty library, and a refusal of batch (403) goes to the plans', async () => {
    let refuse = false;
    mockFetch((url) => {
      if (url === '/api/batches') return refuse ? jsonResponse(403, { code: 'forbidden', message: 'Batch processing is a premium feature. Please upgrade to access this functionality.' }) : jsonResponse(200, { sessions: [] });
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    const { unmount } = renderArea();
    fireEvent.click(screen.getByRole('tab', { name: 'Library' }));
    expect(await screen.findByRole('heading', { name: 'No Batch Collections' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start Your First Batch' }));
    expect(screen.getByRole('button', { name: 'Process 0 Files' })).toBeTruthy();
    unmount();

    refuse = true;
    renderArea();
    fireEvent.click(screen.getByRole('tab', { name: 'Library' }));
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy();
    expect(toasts().at(-1)).toEqual({ title: 'Premium Feature', description: 'Batch processing is a premium feature. Please upgrade to access this functionality.', variant: 'destructive' });
  });

  it('sends the format and size chosen for the batch', { timeout: TEST_LIMIT_MS }, async () => {
    const session = batchSession([batchFile(1, { status: 'processing', progress: 0, downloadUrl: null })]);
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/batches' && init?.method === 'POST') return jsonResponse(201, { session, skipped: [], message: 'Processing 1 video file' });
      if (url === `/api/batches/${session.id}`) return jsonResponse(200, session);
      if (url === '/api/batches') return jsonResponse(200, { sessions: [] });
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    renderArea();
    const size = screen.getByRole<HTMLSelectElement>('combobox', { name: "Size of the batch's files" });
    expect(size.value).toBe('source');
    expect(Array.from(size.options).map((o) => o.value)).toEqual(['source', '720p', '1080p', '2k', '4k', '8k', '16k']);
    fireEvent.change(size, { target: { value: '4k' } });
    fireEvent.change(screen.getByRole('combobox', { name: "Format of the batch's files" }), { target: { value: 'mov' } });
    addFiles([video('a.mp4')]);
    fireEvent.click(screen.getByRole('button', { name: 'Process 1 Files' }));
    await waitFor(() => expect(sentBody(fetchMock, 'POST')).toMatchObject({ outputFormat: 'mov', quality: '4k' }));
  });

  it('leaves out files whose upload failed, saying which, and offers to choose again when none arrived', async () => {
    uploads.fail = ['b.mov'];
    const session = batchSession([batchFile(1, { status: 'processing', progress: 0, downloadUrl: null })]);
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/batches' && init?.method === 'POST') return jsonResponse(201, { session, skipped: [], message: 'Processing 1 video file' });
      if (url === `/api/batches/${session.id}`) return jsonResponse(200, session);
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    const { unmount } = renderArea();
    addFiles([video('a.mp4'), video('b.mov')]);
    fireEvent.click(screen.getByRole('button', { name: 'Process 2 Files' }));
    await waitFor(() => expect(toasts().some((t) => t.description === 'Not uploaded, so left out of the batch: b.mov')).toBe(true));
    await waitFor(() => expect(sentBody(fetchMock, 'POST')).toMatchObject({ assetIds: ['00000000-0000-4000-8000-000000000001'] }));
    unmount();

    uploads.fail = ['c.mp4'];
    uploads.files = [];
    expect(window.localStorage.getItem('cinegrade.batch.running:user-1')).toBe(session.id);
    window.localStorage.clear();
    renderArea();
    addFiles([video('c.mp4')]);
    fireEvent.click(screen.getByRole('button', { name: 'Process 1 Files' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Files Again' }));
    expect(screen.getByRole('button', { name: 'Process 0 Files' })).toBeTruthy();
    expect(toasts().at(-1)?.description).toBe('None of the files could be uploaded, so nothing was processed.');
  });
});

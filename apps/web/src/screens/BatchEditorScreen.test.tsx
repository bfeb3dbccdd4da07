import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDER_OUTDATED_NOTE } from '../batch/batch-files';
import { batchFile, batchSession } from '../batch/batch-fixtures';
import { installResizeObserver, jsonResponse, mockFetch, sentBody } from '../editor/panels/test-helpers';
import { createTestQueryClient } from '../testing/query-client';
import { toast } from '../ui/toast-store';
import { BatchEditorScreen } from './BatchEditorScreen';

vi.mock('../ui/toast-store', { spy: true });
vi.mock('../auth/AuthProvider', () => ({ useAuth: () => ({ user: { id: 'user-1' }, profile: { subscription_tier: 'Premium' } }) }));

installResizeObserver();
const toasts = () => vi.mocked(toast).mock.calls.map(([message]) => message);
const SESSION = batchSession([batchFile(1), batchFile(2, { appliedLUT: null })]);

function Home() {
  const location = useLocation();
  return <h1>{`Home ${JSON.stringify(location.state)}`}</h1>;
}

function renderEditor(address: string) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/batch-editor" element={<BatchEditorScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.mocked(toast).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('BatchEditorScreen', () => {
  it('without a session, or with one that has no files, says there are no batch files and returns home', async () => {
    for (const address of ['/batch-editor', `/batch-editor?session=${SESSION.id}`]) {
      mockFetch(() => jsonResponse(200, { ...SESSION, files: [], file_count: 0 }));
      const { unmount } = renderEditor(address);
      expect(await screen.findByRole('heading', { name: /^Home/ })).toBeTruthy();
      expect(toasts().at(-1)).toEqual({ title: 'Error', description: 'No batch files found. Please process some files first.', variant: 'destructive' });
      unmount();
    }
  });

  it('selects by card, applies settings to the selected or all files, and switches the view', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (init?.method === 'PUT') return jsonResponse(200, SESSION);
      if (url === `/api/batches/${SESSION.id}`) return jsonResponse(200, SESSION);
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    renderEditor(`/batch-editor?session=${SESSION.id}`);
    expect(screen.getByText('Loading Batch Workspace...')).toBeTruthy();
    expect(await screen.findByTestId('batch-editor')).toBeTruthy();
    expect(screen.getByText('2 files')).toBeTruthy();
    expect(screen.getByText('LUT: Film Noir, Original')).toBeTruthy();
    expect(screen.getByTestId('batch-selection-count').textContent).toBe('0 of 2 selected');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export Batch' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Apply to Selected' }).disabled).toBe(true);
    const cards = screen.getAllByTestId('batch-card');
    expect(within(cards[0]!).getByText('No Preview')).toBeTruthy();
    expect(within(cards[0]!).getByText('1:05')).toBeTruthy();
    expect(within(cards[0]!).getByText('Ready for editing')).toBeTruthy();
    // jsdom's window is 1024 px wide: the tablet layout, two columns (three only on wide screens).
    expect(screen.getByTestId('batch-editor').getAttribute('data-layout')).toBe('tablet');
    expect(screen.getByTestId('batch-grid').getAttribute('data-columns')).toBe('2');

    // The engine's six batch presets, all offered here.
    expect(within(screen.getByRole('group', { name: 'Batch presets' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cinematic', 'Vintage', 'Modern', 'Film Noir', 'Warm Sunset', 'Cool Blue']);

    fireEvent.click(cards[1]!);
    expect(screen.getByTestId('batch-selection-count').textContent).toBe('1 of 2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Film Noir' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply to Selected' }));
    await waitFor(() => expect(toasts().at(-1)).toEqual({ title: 'Settings Applied', description: 'Settings applied to 1 selected files', variant: 'success' }));
    expect(sentBody(fetchMock, 'PUT')).toMatchObject({ assetIds: [batchFile(2).assetId], selectedLUT: 'film-noir' });
    expect(screen.getByTestId('batch-applied').textContent).toContain('Changes Applied');
    expect(screen.getByTestId('batch-applied').textContent).toContain('Ready for batch export');

    fireEvent.click(screen.getByRole('button', { name: 'Apply to All' }));
    await waitFor(() => expect(toasts().at(-1)?.description).toBe('Settings applied to all 2 files'));
    const bodies = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);
    expect(bodies[1]).not.toHaveProperty('assetIds');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('batch-selection-count').textContent).toBe('0 of 2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(screen.getByTestId('batch-selection-count').textContent).toBe('2 of 2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByTestId('batch-grid').getAttribute('data-columns')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: '← Back to Workspace' }));
    expect(await screen.findByRole('heading', { name: 'Home {"returnFromBatch":true}' })).toBeTruthy();
  });

  it('shows a completed file whose new render was refused as ready with the reason, and ends that Export Batch at once, downloading nothing', async () => {
    const reason = 'That imported LUT is not in your library. Choose another look, or import the .cube file again.';
    let current = batchSession([batchFile(1)]);
    const requested: string[] = [];
    mockFetch((url, init) => {
      requested.push(url);
      if (init?.method === 'POST' && url === `/api/batches/${current.id}/export`) {
        // Refused before it began: the same render as before is kept, with the reason.
        current = batchSession([batchFile(1, { rerenderRefused: reason })]);
        return jsonResponse(200, current);
      }
      if (url === `/api/batches/${current.id}`) return jsonResponse(200, current);
      if (url.startsWith('/api/batches')) return jsonResponse(200, { sessions: [current] });
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    renderEditor(`/batch-editor?session=${current.id}`);
    const card = (await screen.findAllByTestId('batch-card'))[0]!;
    expect(within(card).queryByText(/^Not rendered again/)).toBeNull();
    fireEvent.click(card);
    fireEvent.click(screen.getByRole('button', { name: 'Export Batch' }));
    await waitFor(() =>
      expect(toasts().at(-1)).toEqual({ title: 'Batch Export Complete', description: 'Exported 0 files (1 failed) and saved the batch to your library', variant: 'destructive' }),
    );
    expect(toasts().some((message) => message.title === 'Exporting')).toBe(false);
    expect(within(card).getByText('Ready for editing')).toBeTruthy();
    expect(within(card).getByText(`Not rendered again: ${reason}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export Batch' })).toBeTruthy();
    // The kept render is the earlier one, not a render of the grade just asked for: it is not downloaded as one.
    expect(requested.filter((url) => url.startsWith('/files/'))).toEqual([]);
  });

  it('says on a file edited since its render that the download and the ZIP hold the earlier look until Export Batch', async () => {
    const edited = batchFile(2, { appliedLUT: 'cool-blue', renderOutdated: true });
    const session = batchSession([batchFile(1), edited]);
    const fetchMock = mockFetch((url) => (url.startsWith('/api/batches') ? jsonResponse(200, url.endsWith('/api/batches') ? { sessions: [session] } : session) : jsonResponse(404, { code: 'not_found', message: 'Not found.' })));
    renderEditor(`/batch-editor?session=${session.id}`);
    const [first, second] = await screen.findAllByTestId('batch-card');
    expect(within(second!).getByText(RENDER_OUTDATED_NOTE)).toBeTruthy();
    expect(within(first!).queryByText(RENDER_OUTDATED_NOTE)).toBeNull();

    // Export Batch renders in the batch's format and size unless changed here; a change is sent with it.
    const size = screen.getByRole<HTMLSelectElement>('combobox', { name: "Size of the batch's files" });
    expect([screen.getByRole<HTMLSelectElement>('combobox', { name: "Format of the batch's files" }).value, size.value]).toEqual(['mp4', '1080p']);
    fireEvent.change(size, { target: { value: 'source' } });
    fireEvent.change(screen.getByRole('combobox', { name: "Format of the batch's files" }), { target: { value: 'webm' } });
    fireEvent.click(first!);
    fireEvent.click(screen.getByRole('button', { name: 'Export Batch' }));
    await waitFor(() => expect(sentBody(fetchMock, 'POST')).toEqual({ assetIds: [session.files[0]!.assetId], outputFormat: 'webm', quality: 'source' }));
  });

  it('shows on a file whose new render failed the reason and the earlier render it keeps', async () => {
    const failed = batchFile(1, { status: 'error', canRetry: true, error: 'The render failed.', downloadUrl: null, keptDownloadUrl: '/files/kept', keptOutputName: 'clip-1-graded.mp4' });
    mockFetch((url) => (url.startsWith('/api/batches') ? jsonResponse(200, url.endsWith('/api/batches') ? { sessions: [batchSession([failed])] } : batchSession([failed])) : jsonResponse(404, { code: 'not_found', message: 'Not found.' })));
    renderEditor(`/batch-editor?session=${batchSession([failed]).id}`);
    const card = (await screen.findAllByTestId('batch-card'))[0]!;
    expect(within(card).getByText('The render failed.')).toBeTruthy();
    expect(within(card).getByText('Earlier render kept: clip-1-graded.mp4')).toBeTruthy();
  });

  it('opens a preview of a file without a source as not available, and Escape closes it', async () => {
    mockFetch(() => jsonResponse(200, SESSION));
    renderEditor(`/batch-editor?session=${SESSION.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview clip-1.mp4' }));
    const dialog = screen.getByRole('dialog', { name: 'Preview clip-1.mp4' });
    expect(within(dialog).getByText('Video Not Available')).toBeTruthy();
    expect(within(dialog).getByText('Cannot load video preview for clip-1.mp4')).toBeTruthy();
    expect(screen.getByTestId('batch-selection-count').textContent).toBe('0 of 2 selected');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('follows the editor layouts: desktop three columns beside the controls, phone one stack without a resize handle', async () => {
    mockFetch(() => jsonResponse(200, SESSION));
    const width = window.innerWidth;
    try {
      for (const [pixels, layout, columns, handles] of [
        [1440, 'desktop', '3', 1],
        [390, 'phone', '2', 0],
      ] as const) {
        window.innerWidth = pixels;
        const { unmount } = renderEditor(`/batch-editor?session=${SESSION.id}`);
        expect((await screen.findByTestId('batch-editor')).getAttribute('data-layout')).toBe(layout);
        expect(screen.getByTestId('batch-grid').getAttribute('data-columns')).toBe(columns);
        expect(screen.queryAllByRole('separator')).toHaveLength(handles);
        unmount();
      }
    } finally {
      window.innerWidth = width;
    }
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplyGradeRequest } from '@cinegrade/contract';
import { batchFile, batchSession } from '../batch/batch-fixtures';
import { installResizeObserver, jsonResponse, mockFetch, sentBody } from '../editor/panels/test-helpers';
import { createTestQueryClient } from '../testing/query-client';
import { toast } from '../ui/toast-store';
import { BatchEditorScreen } from './BatchEditorScreen';

vi.mock('../ui/toast-store', { spy: true });
vi.mock('../auth/AuthProvider', () => ({ useAuth: () => ({ user: { id: 'user-1' }, profile: { subscription_tier: 'Premium' } }) }));

installResizeObserver();
const toasts = () => vi.mocked(toast).mock.calls.map(([message]) => message);
const GRADED = batchFile(1, { appliedLUT: 'film-noir', colorSettings: { contrast: 15 } });
const PLAIN = batchFile(2, { appliedLUT: null });
const SESSION = batchSession([GRADED, PLAIN]);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe('batch editor: copy and paste a grade', () => {
  it('copies the grade of the one selected file and pastes it onto the selected files in one call, naming the copied file', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/assets/apply-grade' && init?.method === 'POST') return jsonResponse(200, { assets: [] });
      if (url === `/api/batches/${SESSION.id}`) return jsonResponse(200, SESSION);
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={[`/batch-editor?session=${SESSION.id}`]}>
          <Routes>
            <Route path="/batch-editor" element={<BatchEditorScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const cards = await screen.findAllByTestId('batch-card');
    const copy = screen.getByRole<HTMLButtonElement>('button', { name: 'Copy Grade' });
    expect(copy.disabled).toBe(true);
    expect(copy.title).toBe('Copy the grade of the one selected file');

    fireEvent.click(cards[0]!);
    expect(copy.disabled).toBe(false);
    fireEvent.click(copy);
    expect(toasts().at(-1)).toEqual({ title: 'Grade Copied', description: 'Copied the grade of clip-1.mp4' });
    const paste = screen.getByRole<HTMLButtonElement>('button', { name: 'Paste Grade from clip-1.mp4' });

    fireEvent.click(cards[0]!);
    expect(paste.disabled).toBe(true);
    fireEvent.click(cards[1]!);
    fireEvent.click(paste);
    await waitFor(() => expect(sentBody(fetchMock, 'POST')).toEqual({ assetIds: [PLAIN.assetId], selected_lut: 'film-noir', color_settings: { contrast: 15 } } satisfies ApplyGradeRequest));
  });
});

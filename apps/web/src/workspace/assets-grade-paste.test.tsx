import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplyGradeRequest } from '@cinegrade/contract';
import { jsonResponse, mockFetch, sentBody, testAsset } from '../editor/panels/test-helpers';
import { renderWithQueryClient } from '../testing/query-client';
import { toast } from '../ui/toast-store';
import { MyAssetsPanel } from './MyAssetsPanel';

vi.mock('../ui/toast-store', { spy: true });
vi.mock('../auth/AuthProvider', () => ({ useAuth: () => ({ user: { id: 'user-1' }, profile: { subscription_tier: 'Free' } }) }));
const opened = vi.hoisted(() => ({ names: [] as string[] }));
vi.mock('./open-media', () => ({
  useOpenMedia: () => null,
  useOpenMediaActions: () => ({ openAsset: (asset: { name: string }) => opened.names.push(asset.name) }),
}));

const toasts = () => vi.mocked(toast).mock.calls.map(([message]) => message);
const GRADED = testAsset({ id: '00000000-0000-4000-8000-000000000001', name: 'Graded', selected_lut: 'cinematic', color_settings: { contrast: 20 } });
const PLAIN = testAsset({ id: '00000000-0000-4000-8000-000000000002', name: 'Plain', batch_processed: true });
const OTHER = testAsset({ id: '00000000-0000-4000-8000-000000000003', name: 'Other' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  opened.names = [];
});

describe('My Assets: copy and paste a grade', () => {
  it('copies the grade of one selected asset and pastes it onto the others in one call; outside Select a card opens', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/assets/apply-grade' && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as ApplyGradeRequest;
        return jsonResponse(200, { assets: [PLAIN, OTHER].filter((a) => body.assetIds.includes(a.id)).map((a) => ({ ...a, selected_lut: body.selected_lut, color_settings: body.color_settings })) });
      }
      if (url === '/api/assets') return jsonResponse(200, { assets: [GRADED, PLAIN, OTHER] });
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    renderWithQueryClient(<MyAssetsPanel />);
    await waitFor(() => expect(screen.getByTestId('asset-counts').textContent).toBe('2 manual · 1 batch'));
    fireEvent.click(screen.getByRole('button', { name: 'Batch (1)' }));
    expect(screen.getAllByTestId('asset-card')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'All (3)' }));

    fireEvent.click(screen.getByRole('button', { name: 'Open Graded' }));
    expect(opened.names).toEqual(['Graded']);

    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    const copy = screen.getByRole<HTMLButtonElement>('button', { name: 'Copy Grade' });
    const paste = screen.getByRole<HTMLButtonElement>('button', { name: 'Paste Grade' });
    expect(copy.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Graded' }));
    expect(copy.disabled).toBe(false);
    expect(paste.disabled).toBe(true);
    fireEvent.click(copy);
    expect(toasts().at(-1)).toEqual({ title: 'Grade Copied', description: 'Copied the grade of Graded' });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Graded' }));
    const cards = screen.getAllByTestId('asset-card');
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Open Plain' }));
    fireEvent.click(within(cards[2]!).getByRole('checkbox', { name: 'Select Other' }));
    expect(opened.names).toEqual(['Graded']);
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(paste);
    await waitFor(() => expect(toasts().at(-1)).toEqual({ title: 'Grade Pasted', description: 'Grade pasted onto 2 files', variant: 'success' }));
    expect(sentBody(fetchMock, 'POST')).toEqual({ assetIds: [PLAIN.id, OTHER.id], selected_lut: 'cinematic', color_settings: { contrast: 20 } });
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth/AuthProvider';
import { jsonResponse, mockFetch, testAsset } from '../editor/panels/test-helpers';
import { installFakeEventSource } from '../testing/fake-event-source';
import { renderWithQueryClient } from '../testing/query-client';
import { MyAssetsPanel } from './MyAssetsPanel';
import { placeUploadTray, TRAY_MARGIN, TRAY_WIDTH } from './upload-tray-placement';
import { UploadTray } from './UploadTray';
import { NOT_MEDIA, useUploadActions } from './uploads';
import { WorkspaceProvider } from './WorkspaceProvider';

vi.mock('../ui/toast-store', { spy: true });

const WHEN = '2024-01-01T00:00:00.000Z';
const USER = { id: 'user-1', email: 'ann@example.com', user_metadata: { full_name: 'Ann' }, created_at: WHEN, email_confirmed_at: WHEN };
const PROFILE = { id: 'user-1', full_name: 'Ann', avatar_url: null, subscription_tier: 'Free', created_at: WHEN, updated_at: WHEN };
const PATIENTLY = { timeout: 10_000 };
const VIEWPORT = { width: 1280, height: 800 };
/** My Assets as the editor lays it out: the bottom panel's left column, 18rem wide. */
const PANEL = { left: 0, top: 520, right: 288, bottom: 800 };

describe('placeUploadTray', () => {
  it('keeps the bottom-left corner when My Assets is not there', () => {
    expect(placeUploadTray(null, VIEWPORT)).toEqual({ left: TRAY_MARGIN, bottom: TRAY_MARGIN, width: TRAY_WIDTH });
    expect(placeUploadTray({ left: 900, top: 0, right: 1280, bottom: 800 }, VIEWPORT).left).toBe(TRAY_MARGIN);
  });

  it('moves beside My Assets when the panel holds the corner, never overlapping it', () => {
    const beside = placeUploadTray(PANEL, VIEWPORT);
    expect(beside.left).toBeGreaterThanOrEqual(PANEL.right);
    expect(beside.left + beside.width).toBeLessThanOrEqual(VIEWPORT.width);
  });

  it('goes above the panel when it fills the width (a phone)', () => {
    const phone = { width: 390, height: 844 };
    const placement = placeUploadTray({ left: 0, top: 500, right: 390, bottom: 844 }, phone);
    expect(phone.height - placement.bottom).toBeLessThanOrEqual(500);
    expect(placement.width).toBeLessThanOrEqual(phone.width - 2 * TRAY_MARGIN);
  });
});

function Picker() {
  const { uploadFiles } = useUploadActions();
  return <input data-testid="picker" type="file" multiple onChange={(event) => uploadFiles([...(event.target.files ?? [])])} />;
}

describe('the upload tray', () => {
  beforeEach(() => {
    installFakeEventSource();
    mockFetch((url) => {
      if (url === '/api/auth/session') return jsonResponse(200, { user: USER, profile: PROFILE, expiresAt: null });
      if (url === '/api/functions/check-subscription') return jsonResponse(200, { subscribed: false, subscription_tier: 'Free', subscription_end: null });
      if (url === '/api/assets') return jsonResponse(200, { assets: [testAsset({ id: '00000000-0000-4000-8000-0000000000bb', name: 'Beach' })] });
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('names a refused file and the reason, sits beside My Assets, and goes when dismissed', async () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(VIEWPORT.width);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(VIEWPORT.height);
    renderWithQueryClient(
      <MemoryRouter>
        <AuthProvider>
          <WorkspaceProvider>
            <Picker />
            <MyAssetsPanel />
            <UploadTray />
          </WorkspaceProvider>
        </AuthProvider>
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: 'Open Beach' }, PATIENTLY);
    const panel = document.querySelector('.assets-panel')!;
    vi.spyOn(panel, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: PANEL.left, y: PANEL.top, width: PANEL.right - PANEL.left, height: PANEL.bottom - PANEL.top }));

    fireEvent.change(screen.getByTestId('picker'), { target: { files: [new File(['notes'], 'notes.txt', { type: 'text/plain' })] } });
    const tray = await screen.findByRole('complementary', { name: 'Uploads' }, PATIENTLY);
    const item = within(tray).getByTestId('upload-item');
    expect(item.dataset.status).toBe('failed');
    expect(within(item).getByTestId('upload-error').textContent).toBe(`notes.txt was not uploaded: ${NOT_MEDIA}`);
    expect(Number.parseFloat(tray.style.left)).toBeGreaterThanOrEqual(PANEL.right);

    fireEvent.click(within(item).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Uploads' })).toBeNull(), PATIENTLY);
  });
});

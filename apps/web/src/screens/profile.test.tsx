import { screen, waitFor } from '@testing-library/react';
import { STORAGE_QUOTAS, type StorageUsage } from '@cinegrade/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth/AuthProvider';
import { jsonResponse, mockFetch } from '../editor/panels/test-helpers';
import { renderWithQueryClient } from '../testing/query-client';
import { ProfileScreen } from './ProfileScreen';

const WHEN = '2024-01-01T00:00:00.000Z';
const USER = { id: 'user-1', email: 'ann@example.com', user_metadata: { full_name: 'Ann' }, created_at: WHEN, email_confirmed_at: WHEN };
const PROFILE = { id: 'user-1', full_name: 'Ann', avatar_url: null, subscription_tier: 'Free', created_at: WHEN, updated_at: WHEN };

const FREE = { subscribed: false, subscription_tier: 'Free', subscription_end: null, renews: false };

function serve(storage: () => Response, subscription: object = FREE) {
  return mockFetch((url) => {
    if (url === '/api/auth/session') return jsonResponse(200, { user: USER, profile: PROFILE, expiresAt: null });
    if (url === '/api/functions/check-subscription') return jsonResponse(200, subscription);
    if (url === '/api/storage') return storage();
    return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
  });
}

function renderProfile() {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={['/profile']}>
      <AuthProvider>
        <ProfileScreen />
      </AuthProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Profile screen', () => {
  it("shows the signed-in person's storage use against their plan's quota, from the server", async () => {
    const usage: StorageUsage = { tier: 'Free', used_bytes: Math.round(1.2 * 1024 ** 3), quota_bytes: STORAGE_QUOTAS.Free, pending_uploads: 0, max_pending_uploads: 5 };
    const fetchMock = serve(() => jsonResponse(200, usage));
    renderProfile();
    await waitFor(() => expect(screen.getByTestId('profile-storage').textContent).toBe('1.2 GB of 2 GB'));
    const meter = screen.getByRole<HTMLProgressElement>('progressbar', { name: 'Storage used' });
    expect(meter.value).toBe(usage.used_bytes);
    expect(meter.max).toBe(STORAGE_QUOTAS.Free);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/storage')).toHaveLength(1);
  });

  it('says so when the use cannot be read, instead of showing a number', async () => {
    serve(() => jsonResponse(500, { code: 'internal', message: 'Something went wrong.' }));
    renderProfile();
    await waitFor(() => expect(screen.getByTestId('profile-storage').textContent).toBe('Could not be read'));
  });

  it('says whether a paid subscription renews or ends on its date: a cancelled one ends', async () => {
    const usage: StorageUsage = { tier: 'Premium', used_bytes: 0, quota_bytes: STORAGE_QUOTAS.Premium, pending_uploads: 0, max_pending_uploads: 5 };
    const end = '2031-03-15T12:00:00.000Z';
    serve(() => jsonResponse(200, usage), { subscribed: true, subscription_tier: 'Premium', subscription_end: end, renews: true });
    const renewing = renderProfile();
    await waitFor(() => expect(screen.getByText('Renews on')).toBeTruthy());
    expect(screen.queryByText('Ends on')).toBeNull();
    renewing.unmount();

    serve(() => jsonResponse(200, usage), { subscribed: true, subscription_tier: 'Premium', subscription_end: end, renews: false });
    renderProfile();
    await waitFor(() => expect(screen.getByText('Ends on')).toBeTruthy());
    expect(screen.queryByText('Renews on')).toBeNull();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@cinegrade/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth/AuthProvider';
import { jsonResponse, mockFetch } from '../editor/panels/test-helpers';
import { renderWithQueryClient } from '../testing/query-client';
import { AuthScreen } from './AuthScreen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the sign-in form on an account locked for new devices', () => {
  it('offers the unlock email only after the account_locked answer, and sends it for the typed email', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/session') return jsonResponse(200, { user: null, profile: null, expiresAt: null });
      if (url === '/api/auth/sign-in') return jsonResponse(429, { code: 'account_locked', message: MESSAGES.accountLocked, retryAfter: 600 });
      if (url === '/api/auth/unlock-link') return jsonResponse(200, { message: MESSAGES.unlockLinkSent });
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    renderWithQueryClient(
      <MemoryRouter initialEntries={['/auth']}>
        <AuthProvider>
          <AuthScreen />
        </AuthProvider>
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: 'Sign In', pressed: true });
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link for this device' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    const submit = screen.getAllByRole('button', { name: 'Sign In' }).find((button) => button.getAttribute('type') === 'submit');
    expect(submit).toBeDefined();
    if (submit) fireEvent.click(submit);
    const unlock = await screen.findByRole('button', { name: 'Email me a sign-in link for this device' });
    fireEvent.click(unlock);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/unlock-link')).toBe(true));
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/auth/unlock-link')?.[1]?.body;
    expect(typeof sent === 'string' ? (JSON.parse(sent) as unknown) : sent).toEqual({ email: 'owner@example.com' });
  });
});

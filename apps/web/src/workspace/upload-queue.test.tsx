import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_PENDING_UPLOADS_PER_USER } from '@cinegrade/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from '../auth/AuthProvider';
import { toast } from '../ui/toast-store';
import { jsonResponse, mockFetch, testAsset } from '../editor/panels/test-helpers';
import { installFakeEventSource } from '../testing/fake-event-source';
import { renderWithQueryClient } from '../testing/query-client';
import { startUpload, type UploadCallbacks } from './upload-client';
import { UploadTray } from './UploadTray';
import { useUploadActions } from './uploads';
import { WorkspaceProvider } from './WorkspaceProvider';

vi.mock('./upload-client', { spy: true });
vi.mock('../ui/toast-store', { spy: true });

const WHEN = '2024-01-01T00:00:00.000Z';
const USER = { id: 'user-1', email: 'ann@example.com', user_metadata: { full_name: 'Ann' }, created_at: WHEN, email_confirmed_at: WHEN };
const PROFILE = { id: 'user-1', full_name: 'Ann', avatar_url: null, subscription_tier: 'Free', created_at: WHEN, updated_at: WHEN };

function Picker() {
  const { uploadFiles } = useUploadActions();
  return <input data-testid="picker" type="file" multiple onChange={(event) => uploadFiles([...(event.target.files ?? [])])} />;
}

/** The tray's entry for one file. */
function itemNamed(name: string): HTMLElement {
  const item = screen.getByText(name).closest<HTMLElement>('[data-testid="upload-item"]');
  if (!item) throw new Error(`No tray item for ${name}`);
  return item;
}

/** The transfers begun, in order: the file, what the tray hears back (the network is not part of this test), for whom, and what the tray asked of it. */
let begun: { name: string; callbacks: UploadCallbacks; owner: string | null | undefined; paused: number; resumed: number }[];

beforeEach(() => {
  begun = [];
  installFakeEventSource();
  mockFetch((url) => {
    if (url === '/api/auth/session') return jsonResponse(200, { user: USER, profile: PROFILE, expiresAt: null });
    if (url === '/api/functions/check-subscription') return jsonResponse(200, { subscribed: false, subscription_tier: 'Free', subscription_end: null });
    if (url === '/api/assets') return jsonResponse(200, { assets: [] });
    return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
  });
  vi.mocked(startUpload).mockImplementation((file, callbacks, owner) => {
    const transfer = { name: file.name, callbacks, owner, paused: 0, resumed: 0 };
    begun.push(transfer);
    return { pause: () => void transfer.paused++, resume: () => void transfer.resumed++, cancel: () => undefined };
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('uploads beyond the server cap', () => {
  it(`sends at most ${MAX_PENDING_UPLOADS_PER_USER} at once; the others wait in the tray and start as earlier ones end or are cancelled`, async () => {
    renderWithQueryClient(
      <MemoryRouter>
        <AuthProvider>
          <WorkspaceProvider>
            <Picker />
            <UploadTray />
          </WorkspaceProvider>
        </AuthProvider>
      </MemoryRouter>,
    );
    const files = Array.from({ length: MAX_PENDING_UPLOADS_PER_USER + 3 }, (_, i) => new File([new Uint8Array(10)], `clip-${i + 1}.mp4`, { type: 'video/mp4' }));
    fireEvent.change(screen.getByTestId('picker'), { target: { files } });

    await waitFor(() => expect(screen.getAllByText('Waiting…')).toHaveLength(3));
    expect(begun.map((b) => b.name)).toEqual(files.slice(0, MAX_PENDING_UPLOADS_PER_USER).map((f) => f.name));

    // One fails: the longest waiting starts.
    begun[0]!.callbacks.onError('The upload failed. Please try again.');
    await waitFor(() => expect(begun).toHaveLength(MAX_PENDING_UPLOADS_PER_USER + 1));
    expect(begun.at(-1)!.name).toBe(`clip-${MAX_PENDING_UPLOADS_PER_USER + 1}.mp4`);

    // A waiting one cancelled never starts; cancelling one under way lets the next begin.
    fireEvent.click(within(itemNamed(`clip-${MAX_PENDING_UPLOADS_PER_USER + 3}.mp4`)).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(itemNamed('clip-2.mp4')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(begun).toHaveLength(MAX_PENDING_UPLOADS_PER_USER + 2));
    expect(begun.at(-1)!.name).toBe(`clip-${MAX_PENDING_UPLOADS_PER_USER + 2}.mp4`);
    expect(screen.queryAllByText('Waiting…')).toHaveLength(0);

    // Another ending now starts nothing: nobody is waiting.
    begun[2]!.callbacks.onSuccess(testAsset({ id: '00000000-0000-4000-8000-0000000000cc', name: 'clip-3' }));
    await waitFor(() => expect(screen.getByText('Uploaded')).toBeTruthy());
    expect(begun).toHaveLength(MAX_PENDING_UPLOADS_PER_USER + 2);
  });
});

function SessionButtons() {
  const { user, signIn, signOut } = useAuth();
  return (
    <>
      <span data-testid="who">{user?.id ?? 'nobody'}</span>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
      <button type="button" onClick={() => void signIn({ email: 'ann@example.com', password: 'correct horse battery' })}>
        Sign in as Ann
      </button>
      <button type="button" onClick={() => void signIn({ email: 'bob@example.com', password: 'correct horse battery' })}>
        Sign in as Bob
      </button>
    </>
  );
}

describe('an upload interrupted by signing out', () => {
  it('stops instead of failing, and goes on where it stopped when the same person signs in again; another account never takes it up', async () => {
    vi.mocked(toast).mockClear();
    const BOB = { ...USER, id: 'user-2', email: 'bob@example.com' };
    mockFetch((url, init) => {
      if (url === '/api/auth/session') return jsonResponse(200, { user: USER, profile: PROFILE, expiresAt: null });
      if (url === '/api/auth/sign-out') return jsonResponse(200, { success: true });
      if (url === '/api/auth/sign-in') {
        const { email } = JSON.parse(init?.body as string) as { email: string };
        return jsonResponse(200, { user: email === BOB.email ? BOB : USER, profile: { ...PROFILE, id: email === BOB.email ? BOB.id : USER.id }, expiresAt: null });
      }
      if (url === '/api/functions/check-subscription') return jsonResponse(200, { subscribed: false, subscription_tier: 'Free', subscription_end: null });
      if (url === '/api/assets') return jsonResponse(200, { assets: [] });
      return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
    });
    renderWithQueryClient(
      <MemoryRouter>
        <AuthProvider>
          <WorkspaceProvider>
            <SessionButtons />
            <Picker />
            <UploadTray />
          </WorkspaceProvider>
        </AuthProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('user-1'));
    const files = ['long take.mp4', 'second.mp4'].map((name) => new File([new Uint8Array(100)], name, { type: 'video/mp4' }));
    fireEvent.change(screen.getByTestId('picker'), { target: { files } });
    await waitFor(() => expect(begun).toHaveLength(2));
    // Uploads are remembered for resuming under their owner's name.
    expect(begun.map((b) => b.owner)).toEqual(['user-1', 'user-1']);
    begun[0]!.callbacks.onProgress(7, 100);

    // Signing out: both stop; one's next chunk had already been refused (401), which is not a failure.
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('nobody'));
    begun[1]!.callbacks.onSignedOut!();
    await waitFor(() => expect(begun.map((b) => b.paused)).toEqual([1, 1]));
    expect(vi.mocked(toast).mock.calls.filter(([message]) => message.title === 'Upload Failed')).toEqual([]);
    await waitFor(() => expect(screen.queryAllByTestId('upload-item')).toHaveLength(0));

    // The same person signs in again: both come back to the tray and go on.
    fireEvent.click(screen.getByRole('button', { name: 'Sign in as Ann' }));
    await waitFor(() => expect(begun.map((b) => b.resumed)).toEqual([1, 1]));
    // The tray shows them again once React has rendered the resumed uploads (on a busy machine, a little after they resume).
    await waitFor(() => expect(screen.getAllByTestId('upload-item').map((item) => item.getAttribute('data-status'))).toEqual(['uploading', 'uploading']));
    await waitFor(() => expect(within(itemNamed('long take.mp4')).getByText('7%')).toBeTruthy());

    // Signed out again, and someone else signs in: nothing resumes under their account.
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(begun.map((b) => b.paused)).toEqual([2, 2]));
    // The tray empties once React has rendered the sign-out (on a busy machine, a little after the uploads pause).
    await waitFor(() => expect(screen.queryAllByTestId('upload-item')).toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in as Bob' }));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('user-2'));
    expect(begun.map((b) => b.resumed)).toEqual([1, 1]);
    expect(screen.queryAllByTestId('upload-item')).toHaveLength(0);
  });
});

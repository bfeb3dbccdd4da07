import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import type { Asset } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveQuerySync } from '../api/live-query-sync';
import { queryKeys } from '../api/query-keys';
import { AuthProvider, useAuth } from '../auth/AuthProvider';
import { jsonResponse, mockFetch, testAsset } from '../editor/panels/test-helpers';
import { FakeEventSource, installFakeEventSource } from '../testing/fake-event-source';
import { renderWithQueryClient } from '../testing/query-client';
import { toast } from '../ui/toast-store';
import { MyAssetsPanel } from './MyAssetsPanel';
import { SignUpBanner } from './SignUpBanner';
import { useOpenMedia, useOpenMediaActions } from './open-media';
import type { StoredTrial, TrialStore } from './trial-store';
import { WorkspaceProvider } from './WorkspaceProvider';

vi.mock('../ui/toast-store', { spy: true });

const WHEN = '2024-01-01T00:00:00.000Z';
const USER = { id: 'user-1', email: 'ann@example.com', user_metadata: { full_name: 'Ann' }, created_at: WHEN, email_confirmed_at: WHEN };
const PROFILE = { id: 'user-1', full_name: 'Ann', avatar_url: null, subscription_tier: 'Free', created_at: WHEN, updated_at: WHEN };
const lastToast = () => vi.mocked(toast).mock.calls.at(-1)?.[0];

/** The server, as these tests need it: the session, the asset routes, signing out. */
interface Server {
  signedIn: boolean;
  assets: Asset[];
  listFails: boolean;
  deleted: string[];
}

function serve(server: Server) {
  return mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/session') return jsonResponse(200, { user: server.signedIn ? USER : null, profile: server.signedIn ? PROFILE : null, expiresAt: null });
    if (url === '/api/functions/check-subscription') return jsonResponse(200, { subscribed: false, subscription_tier: 'Free', subscription_end: null });
    if (url === '/api/auth/sign-out') {
      server.signedIn = false;
      return new Response(null, { status: 204 });
    }
    if (url === '/api/assets') {
      return server.listFails ? jsonResponse(500, { code: 'internal', message: 'The asset list is unavailable.' }) : jsonResponse(200, { assets: server.assets });
    }
    const id = /^\/api\/assets\/(.+)$/.exec(url)?.[1];
    const asset = server.assets.find((a) => a.id === id);
    if (!id || !asset) return jsonResponse(404, { code: 'not_found', message: 'Asset not found.' });
    if (method === 'DELETE') {
      server.deleted.push(id);
      server.assets = server.assets.filter((a) => a.id !== id);
      return new Response(null, { status: 204 });
    }
    return jsonResponse(200, asset);
  });
}

/**
 * The browser's storage as the workspace uses it, in memory: jsdom has no IndexedDB, and its Blob
 * cannot go through fake-indexeddb (the adapter itself is tested on fake-indexeddb in
 * trial-store.test.ts, and in Chromium by the e2e test).
 */
function memoryTrialStore(): TrialStore & { entry: StoredTrial | null } {
  const store: TrialStore & { entry: StoredTrial | null } = {
    available: true,
    entry: null,
    load: () => Promise.resolve(store.entry),
    save: (entry) => {
      store.entry = entry;
      return Promise.resolve();
    },
    saveGrade: (grade) => {
      if (store.entry) store.entry = { ...store.entry, grade };
      return Promise.resolve();
    },
    clear: () => {
      store.entry = null;
      return Promise.resolve();
    },
  };
  return store;
}

/** What the editor would show, the address, and the controls around it. */
function OpenMediaProbe() {
  const media = useOpenMedia();
  const { closeMedia, openTrialFile } = useOpenMediaActions();
  const { signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <p data-testid="open">{media ? `${media.source}: ${media.name} (${media.url ?? 'no link yet'})` : 'nothing open'}</p>
      <p data-testid="address">{`${location.pathname}${location.search}`}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={closeMedia}>
        Close
      </button>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
      <input data-testid="trial-input" type="file" onChange={(event) => event.target.files?.[0] && openTrialFile(event.target.files[0])} />
    </div>
  );
}

function Workspace({ trialStore }: { trialStore: TrialStore }) {
  const { user } = useAuth();
  useLiveQuerySync(user?.id ?? null);
  return (
    <WorkspaceProvider trialStore={trialStore}>
      <OpenMediaProbe />
      <SignUpBanner />
      <MyAssetsPanel />
    </WorkspaceProvider>
  );
}

const A = testAsset({ id: '00000000-0000-4000-8000-0000000000aa', name: 'Harbour', media_url: null, processing_status: 'processing', media_file_type: 'video' });
const B = testAsset({ id: '00000000-0000-4000-8000-0000000000bb', name: 'Beach' });
const opened = () => screen.getByTestId('open').textContent;
const address = () => screen.getByTestId('address').textContent;

describe('the workspace', () => {
  let server: Server;
  let trialStore: ReturnType<typeof memoryTrialStore>;
  const mount = (at = '/') =>
    renderWithQueryClient(
      <MemoryRouter initialEntries={[at]}>
        <AuthProvider>
          <Workspace trialStore={trialStore} />
        </AuthProvider>
      </MemoryRouter>,
    );
  const sendAssetsChanged = () => FakeEventSource.current()!.send('assets-changed', { type: 'assets-changed' });

  beforeEach(() => {
    installFakeEventSource();
    server = { signedIn: true, assets: [A, B], listFails: false, deleted: [] };
    trialStore = memoryTrialStore();
    serve(server);
    vi.mocked(toast).mockClear();
    URL.createObjectURL = vi.fn(() => 'blob:trial');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("opens an asset, and keeps its row and links current as the list refreshes live", async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Harbour' }));
    await waitFor(() => expect(opened()).toBe('asset: Harbour (no link yet)'));
    // The preview copy is ready: the server says so on the live channel.
    server.assets = [{ ...A, processing_status: 'ready', media_url: '/api/files/harbour-proxy' }, B];
    sendAssetsChanged();
    await waitFor(() => expect(opened()).toBe('asset: Harbour (/api/files/harbour-proxy)'));
    expect(screen.getByTestId('asset-counts').textContent).toBe('2 manual · 0 batch');
  });

  it('closes the editor when the open asset is deleted elsewhere', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Beach' }));
    await waitFor(() => expect(opened()).toBe('asset: Beach (/api/files/x)'));
    server.assets = [A];
    sendAssetsChanged();
    await waitFor(() => expect(opened()).toBe('nothing open'));
    expect(screen.queryByRole('button', { name: 'Open Beach' })).toBeNull();
  });

  it("deletes an asset from My Assets: it leaves the list, the editor closes, and 'Asset deleted successfully'", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Beach' }));
    await waitFor(() => expect(opened()).toBe('asset: Beach (/api/files/x)'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Beach' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Asset deleted successfully'));
    expect(server.deleted).toEqual([B.id]);
    expect(opened()).toBe('nothing open');
    expect(screen.queryByRole('button', { name: 'Open Beach' })).toBeNull();
  });

  it("refuses to open an asset that cannot play ('Load Failed') or has no file ('Re-upload Required')", async () => {
    server.assets = [{ ...A, processing_status: 'failed', processing_error: 'Unreadable' }, { ...B, media_file_path: null }];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Harbour' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Load Failed', description: 'Failed to load asset. Please try uploading again.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open Beach' }));
    expect(lastToast()).toMatchObject({ title: 'Re-upload Required' });
    expect(opened()).toBe('nothing open');
  });

  it('says so when the asset list cannot be read, and keeps waiting for it', async () => {
    server.listFails = true;
    mount();
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'The asset list is unavailable.' }));
    expect(screen.getByText('Loading assets...')).toBeTruthy();
    server.listFails = false;
    sendAssetsChanged();
    expect(await screen.findByRole('button', { name: 'Open Harbour' })).toBeTruthy();
  });

  it("shows a signed-out visitor's trial file, keeps it in the browser, refuses one over 50 MB, and forgets it on closing", async () => {
    server.signedIn = false;
    mount();
    await screen.findByTestId('trial-input');
    const big = new File(['x'], 'huge.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.change(screen.getByTestId('trial-input'), { target: { files: [big] } });
    expect(lastToast()).toMatchObject({ title: 'File Too Large', description: 'Please sign up to upload larger files.' });
    fireEvent.change(screen.getByTestId('trial-input'), { target: { files: [new File(['x'], 'trial clip.mp4', { type: 'video/mp4' })] } });
    expect(opened()).toBe('trial: trial clip.mp4 (blob:trial)');
    await waitFor(() => expect(trialStore.entry).toMatchObject({ name: 'trial clip.mp4', type: 'video/mp4', size: 1, grade: null }));
    expect(screen.getByRole('note').textContent).toContain('This browser keeps it for a day, through a reload.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(opened()).toBe('nothing open');
    await waitFor(() => expect(trialStore.entry).toBeNull());
  });

  it("forgets the person's cached state on signing out, and a second later closes the open asset and clears the trial record together", async () => {
    const view = mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Beach' }));
    await waitFor(() => expect(opened()).toBe('asset: Beach (/api/files/x)'));
    trialStore.entry = { blob: new Blob(['x']), name: 'left.jpg', type: 'image/jpeg', size: 1, savedAt: Date.now(), grade: null };
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(view.client.getQueryData(queryKeys.assets.list(USER.id))).toBeUndefined());
    // Until the second has passed, the asset shows as last seen; then everything goes together.
    expect(opened()).toBe('asset: Beach (/api/files/x)');
    await waitFor(() => expect(opened()).toBe('nothing open'));
    expect(address()).toBe('/');
    expect(trialStore.entry).toBeNull();
    expect(within(screen.getByRole('region', { name: 'My Assets' })).getByText('Loading assets...')).toBeTruthy();
  });

  it('puts the open asset in the address: closing takes it out, and Back opens it again', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Beach' }));
    await waitFor(() => expect(opened()).toBe('asset: Beach (/api/files/x)'));
    expect(address()).toBe(`/?asset=${B.id}`);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(opened()).toBe('nothing open'));
    expect(address()).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(opened()).toBe('asset: Beach (/api/files/x)'));
    expect(address()).toBe(`/?asset=${B.id}`);
  });

  it('opens the asset the address names, as after a reload or from a link', async () => {
    mount(`/editor?asset=${B.id}`);
    await waitFor(() => expect(opened()).toBe('asset: Beach (/api/files/x)'));
    expect(address()).toBe(`/editor?asset=${B.id}`);
  });

  it("says so when the address names an asset that is not the person's, and shows the empty workspace", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mount('/?asset=00000000-0000-4000-8000-0000000000cc');
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Asset not found', description: 'This asset does not exist or is not in your account.' }));
    await waitFor(() => expect(address()).toBe('/'));
    expect(opened()).toBe('nothing open');
  });

  it('asks a signed-out visitor to sign in for an asset link, and shows nothing of it', async () => {
    server.signedIn = false;
    mount(`/?asset=${B.id}`);
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Sign in to open this asset' }));
    await waitFor(() => expect(address()).toBe('/'));
    expect(opened()).toBe('nothing open');
  });

  it('shows a trial file kept in the browser before a reload, with no asset open', async () => {
    server.signedIn = false;
    trialStore.entry = { blob: new Blob(['x'], { type: 'image/png' }), name: 'kept.png', type: 'image/png', size: 1, savedAt: Date.now(), grade: null };
    mount();
    await waitFor(() => expect(opened()).toBe('trial: kept.png (blob:trial)'));
  });

  it('goes on from memory when the browser refuses to store the trial file (quota), and says a reload loses it', async () => {
    server.signedIn = false;
    trialStore.save = () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mount();
    fireEvent.change(await screen.findByTestId('trial-input'), { target: { files: [new File(['x'], 'quota.mp4', { type: 'video/mp4' })] } });
    expect(opened()).toBe('trial: quota.mp4 (blob:trial)');
    await waitFor(() => expect(screen.getByRole('note').textContent).toContain('This browser could not store it, so reloading the page will lose it.'));
    expect(opened()).toBe('trial: quota.mp4 (blob:trial)');
  });
});

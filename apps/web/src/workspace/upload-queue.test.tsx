import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_PENDING_UPLOADS_PER_USER } from '@cinegrade/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth/AuthProvider';
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

/** The transfers begun, in order: the file and what the tray hears back (the network is not part of this test). */
let begun: { name: string; callbacks: UploadCallbacks }[];

beforeEach(() => {
  begun = [];
  installFakeEventSource();
  mockFetch((url) => {
    if (url === '/api/auth/session') return jsonResponse(200, { user: USER, profile: PROFILE, expiresAt: null });
    if (url === '/api/functions/check-subscription') return jsonResponse(200, { subscribed: false, subscription_tier: 'Free', subscription_end: null });
    if (url === '/api/assets') return jsonResponse(200, { assets: [] });
    return jsonResponse(404, { code: 'not_found', message: 'Not found.' });
  });
  vi.mocked(startUpload).mockImplementation((file, callbacks) => {
    begun.push({ name: file.name, callbacks });
    return { pause: () => undefined, resume: () => undefined, cancel: () => undefined };
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

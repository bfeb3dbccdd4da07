import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserLut } from '@cinegrade/contract';
import { identityLut } from '@cinegrade/color';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/query-keys';
import { AuthProvider, useAuth } from '../auth/AuthProvider';
import { createTestQueryClient, renderWithQueryClient } from '../testing/query-client';
import { jsonResponse, mockFetch } from './panels/test-helpers';
import { fetchLutTable, forgetLutTable, lutFromBytes, rememberLutTable, useLutTable } from './user-lut-tables';

const LUT_ID = '00000000-0000-4000-8000-00000000000a';
const TABLE_URL = `/api/luts/${LUT_ID}/table`;

/** The served form of a table: float32 little-endian, with its size in a header. */
function tableResponse(size: number): Response {
  const { data } = identityLut(size);
  const bytes = new ArrayBuffer(data.length * 4);
  const view = new DataView(bytes);
  data.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/octet-stream', 'X-Lut-Size': String(size) } });
}

const tableCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([url]) => url === TABLE_URL).length;

function userLut(id: string): UserLut {
  return { id, name: 'Teal Punch', size: 2, created_at: '2024-01-01T00:00:00.000Z' };
}

afterEach(() => vi.unstubAllGlobals());

describe('lutFromBytes', () => {
  it('reads little-endian float32 triplets, red fastest', () => {
    const values = Float32Array.from({ length: 2 ** 3 * 3 }, (_, i) => i / 100);
    const bytes = new ArrayBuffer(values.length * 4);
    const view = new DataView(bytes);
    values.forEach((v, i) => view.setFloat32(i * 4, v, true));
    const lut = lutFromBytes(2, bytes);
    expect(lut.size).toBe(2);
    expect(Array.from(lut.data)).toEqual(Array.from(values));
  });

  it('refuses a table whose length does not fit its size', () => {
    expect(() => lutFromBytes(3, new ArrayBuffer(12))).toThrow(/a 3-point table has 324/);
    expect(() => lutFromBytes(Number.NaN, new ArrayBuffer(12))).toThrow();
  });
});

describe('fetchLutTable', () => {
  it('fetches a table once, however many ask for it at once or later', async () => {
    const fetchMock = mockFetch((url) => (url === TABLE_URL ? tableResponse(3) : jsonResponse(404, { code: 'not_found', message: 'Not found.' })));
    const client = createTestQueryClient();
    const [a, b] = await Promise.all([fetchLutTable(client, 'user-1', LUT_ID), fetchLutTable(client, 'user-1', LUT_ID)]);
    const c = await fetchLutTable(client, 'user-1', LUT_ID);
    expect(a?.size).toBe(3);
    expect(Array.from(a?.data ?? [])).toEqual(Array.from(identityLut(3).data));
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(tableCalls(fetchMock)).toBe(1);
  });

  it('answers null for a LUT the user no longer has (404), and remembers it', async () => {
    const fetchMock = mockFetch(() => jsonResponse(404, { code: 'not_found', message: 'LUT not found.' }));
    const client = createTestQueryClient();
    await expect(fetchLutTable(client, 'user-1', LUT_ID)).resolves.toBeNull();
    await expect(fetchLutTable(client, 'user-1', LUT_ID)).resolves.toBeNull();
    expect(tableCalls(fetchMock)).toBe(1);
  });

  it('does not remember a failed fetch: the next use asks again', async () => {
    let fail = true;
    const fetchMock = mockFetch(() => (fail ? jsonResponse(500, { code: 'internal', message: 'The table could not be read.' }) : tableResponse(2)));
    const client = createTestQueryClient();
    await expect(fetchLutTable(client, 'user-1', LUT_ID)).rejects.toThrow('The table could not be read.');
    fail = false;
    await expect(fetchLutTable(client, 'user-1', LUT_ID)).resolves.toMatchObject({ size: 2 });
    expect(tableCalls(fetchMock)).toBe(2);
  });

  it('serves a table just imported without fetching it, and fetches again once it is forgotten', async () => {
    const fetchMock = mockFetch(() => jsonResponse(404, { code: 'not_found', message: 'LUT not found.' }));
    const client = createTestQueryClient();
    const table = identityLut(2);
    rememberLutTable(client, 'user-1', userLut(LUT_ID), table);
    await expect(fetchLutTable(client, 'user-1', LUT_ID)).resolves.toBe(table);
    expect(tableCalls(fetchMock)).toBe(0);
    forgetLutTable(client, 'user-1', LUT_ID);
    await expect(fetchLutTable(client, 'user-1', LUT_ID)).resolves.toBeNull();
    expect(tableCalls(fetchMock)).toBe(1);
  });

  it("never serves one person's table for another", async () => {
    const fetchMock = mockFetch(() => jsonResponse(404, { code: 'not_found', message: 'LUT not found.' }));
    const client = createTestQueryClient();
    rememberLutTable(client, 'user-1', userLut(LUT_ID), identityLut(2));
    await expect(fetchLutTable(client, 'user-2', LUT_ID)).resolves.toBeNull();
    await expect(fetchLutTable(client, null, LUT_ID)).rejects.toThrow(/signed in/);
    expect(tableCalls(fetchMock)).toBe(1);
  });
});

const WHEN = '2024-01-01T00:00:00.000Z';
const person = (id: string, name: string) => ({
  user: { id, email: `${name.toLowerCase()}@example.com`, user_metadata: { full_name: name }, created_at: WHEN, email_confirmed_at: WHEN },
  profile: { id, full_name: name, avatar_url: null, subscription_tier: 'Free', created_at: WHEN, updated_at: WHEN },
  expiresAt: null,
});

/** The server: one session at a time; user-a owns the LUT, user-b does not. */
function serve(server: { user: 'user-a' | 'user-b' | null }) {
  return mockFetch((url) => {
    if (url === '/api/auth/session') return jsonResponse(200, server.user ? person(server.user, server.user) : { user: null, profile: null, expiresAt: null });
    if (url === '/api/functions/check-subscription') return jsonResponse(200, { subscribed: false, subscription_tier: 'Free', subscription_end: null });
    if (url === '/api/auth/sign-out') {
      server.user = null;
      return new Response(null, { status: 204 });
    }
    if (url === '/api/auth/sign-in') {
      server.user = 'user-b';
      return jsonResponse(200, person('user-b', 'user-b'));
    }
    if (url === TABLE_URL && server.user === 'user-a') return tableResponse(2);
    return jsonResponse(404, { code: 'not_found', message: 'LUT not found.' });
  });
}

function Program({ id }: { id: string | null }) {
  const { user, signIn, signOut } = useAuth();
  const table = useLutTable(id);
  return (
    <>
      <p data-testid="who">{user?.id ?? 'nobody'}</p>
      <p data-testid="table">{table === null ? 'none' : table.status === 'ready' ? `ready ${table.lut.size}` : table.status === 'failed' ? `failed: ${table.message}` : table.status}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
      <button type="button" onClick={() => void signIn({ email: 'b@example.com', password: 'secret-password' })}>
        Sign in
      </button>
    </>
  );
}

describe('useLutTable', () => {
  const shown = () => screen.getByTestId('table').textContent;

  it('is null without an imported LUT, loading, then the table', async () => {
    const fetchMock = serve({ user: 'user-a' });
    const view = renderWithQueryClient(
      <AuthProvider>
        <Program id={null} />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('user-a'));
    expect(shown()).toBe('none');
    view.rerender(
      <AuthProvider>
        <Program id={LUT_ID} />
      </AuthProvider>,
    );
    expect(shown()).toBe('loading');
    await waitFor(() => expect(shown()).toBe('ready 2'));
    expect(tableCalls(fetchMock)).toBe(1);
  });

  it("says 'failed' with the server's message when the table cannot be had", async () => {
    mockFetch((url) =>
      url === '/api/auth/session'
        ? jsonResponse(200, person('user-a', 'user-a'))
        : url === TABLE_URL
          ? jsonResponse(500, { code: 'internal', message: 'The table could not be read.' })
          : jsonResponse(200, { subscribed: false, subscription_tier: 'Free', subscription_end: null }),
    );
    renderWithQueryClient(
      <AuthProvider>
        <Program id={LUT_ID} />
      </AuthProvider>,
    );
    await waitFor(() => expect(shown()).toBe('failed: The table could not be read.'));
  });

  it("forgets the signed-out person's tables: the next person's use fetches again", async () => {
    const server: { user: 'user-a' | 'user-b' | null } = { user: 'user-a' };
    const fetchMock = serve(server);
    const { client } = renderWithQueryClient(
      <AuthProvider>
        <Program id={LUT_ID} />
      </AuthProvider>,
    );
    await waitFor(() => expect(shown()).toBe('ready 2'));
    expect(tableCalls(fetchMock)).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('nobody'));
    expect(client.getQueryData(queryKeys.lutTable('user-a', LUT_ID))).toBeUndefined();
    expect(shown()).toBe('loading');
    expect(tableCalls(fetchMock)).toBe(1);

    // The same LUT id asked for by the next person on this tab: the server is asked, and says 404.
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('user-b'));
    await waitFor(() => expect(shown()).toBe('missing'));
    expect(tableCalls(fetchMock)).toBe(2);
  });
});

import type { Asset } from '@cinegrade/contract';
import { vi } from 'vitest';

/**
 * Shared set-up for the panels' tests (jsdom). Radix's Slider measures itself with
 * ResizeObserver, which jsdom lacks; a no-op one is enough, since tests drive it by keyboard.
 */
export function installResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

export function testAsset(overrides: Partial<Asset> = {}): Asset {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Beach',
    media_file_name: 'beach.jpg',
    media_file_path: 'u/beach.jpg',
    media_file_type: 'image',
    size_bytes: 1000,
    thumbnail_url: null,
    media_url: '/api/files/x',
    original_url: '/api/files/y',
    needs_proxy: false,
    selected_lut: null,
    color_settings: {},
    deinterlace: true,
    processing_status: 'ready',
    processing_error: null,
    metadata: null,
    batch_processed: false,
    batch_session_id: null,
    processed_at: null,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A JSON answer as the API gives it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces fetch with `handler`; answers the mock so tests can read its calls. */
export function mockFetch(handler: (url: string, init: RequestInit | undefined) => Response | Promise<Response>) {
  const fake = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init)),
  );
  vi.stubGlobal('fetch', fake);
  return fake;
}

/** The JSON body of the first call `fetchMock` received with this method. */
export function sentBody(fetchMock: ReturnType<typeof mockFetch>, method: string): unknown {
  const body = fetchMock.mock.calls.find(([, init]) => init?.method === method)?.[1]?.body;
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
}

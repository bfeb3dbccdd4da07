import { MAX_UPLOAD_BYTES, type StorageUsage } from '@cinegrade/contract';
import { expect } from 'vitest';
import type { TestServer } from './test-server';
import { TusTestClient } from './tus-client';

/** The user's storage use and quota, as the profile page reads them. */
export async function storageUsage(server: Pick<TestServer, 'request'>, cookie: string): Promise<StorageUsage> {
  const response = await server.request('/api/storage', { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as StorageUsage;
}

/**
 * Brings the user's storage use to `short` bytes below their plan's quota (0: exactly at it) the
 * way a person would: uploads started and not yet sent, each reserving its declared length (at
 * most the per-file limit, so a large quota takes several). Answers their locations, so a test can
 * cancel one (`TusTestClient.cancel`) to make room again. Such an upload holds its reservation
 * for a minute without activity (`UPLOAD_RESERVATION_IDLE_MS`), so a test uses it within that.
 */
export async function fillStorage(server: Pick<TestServer, 'request'>, cookie: string, short = 0): Promise<string[]> {
  const { used_bytes, quota_bytes } = await storageUsage(server, cookie);
  const tus = new TusTestClient(server, cookie);
  const locations: string[] = [];
  for (let left = quota_bytes - short - used_bytes; left > 0; ) {
    const size = Math.min(left, MAX_UPLOAD_BYTES);
    const created = await tus.create(size, `reserved-${locations.length + 1}.mov`);
    expect(created.status, await created.clone().text()).toBe(201);
    locations.push(created.headers.get('location') ?? '');
    left -= size;
  }
  expect((await storageUsage(server, cookie)).used_bytes).toBe(quota_bytes - short);
  return locations;
}

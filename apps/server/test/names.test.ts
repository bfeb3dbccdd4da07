import { cubeFromLut, identityLut, writeCube } from '@cinegrade/color';
import type { Asset, UserLut } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';

/** Bidirectional overrides, isolates and marks, and a C1 control: none may reach a name shown or downloaded. */
const DISGUISING = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('names shown and downloaded', () => {
  let server: TestServer;
  let alice: { cookie: string; email: string };
  beforeAll(async () => {
    server = await startTestServer('embedded');
    alice = await server.signedInUser();
  });
  afterAll(async () => {
    await server.close();
  });

  it('strips a right-to-left override from an upload, its download name, a rename and a LUT name', async () => {
    // Shown as-is, `photo\u202Egpj.exe` reads "photoexe.jpg".
    const response = await new TusTestClient(server, alice.cookie).upload(fixtures.jpeg, 'photo\u202Egpj.exe');
    expect(response.status).toBe(200);
    const { asset } = (await response.json()) as { asset: Asset };
    expect(asset.media_file_name).toBe('photogpj.exe');
    expect(asset.name).toBe('photogpj');

    const download = await server.request(asset.original_url ?? '', { cookie: alice.cookie });
    expect(download.status).toBe(200);
    const disposition = decodeURIComponent(download.headers.get('content-disposition') ?? '');
    expect(disposition).toContain('photogpj.exe');
    expect(disposition).not.toMatch(DISGUISING);

    const renamed = await server.request(`/api/assets/${asset.id}`, { method: 'PATCH', cookie: alice.cookie, json: { name: 'a\u2066b\u200Fc\u202Bd\u0085e' } });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as Asset).name).toBe('abcde');

    const lut = await server.request('/api/luts', { method: 'POST', cookie: alice.cookie, json: { name: 'Warm\u202E tsaf', cube: writeCube(cubeFromLut(identityLut(2))) } });
    expect(lut.status).toBe(201);
    expect(((await lut.json()) as UserLut).name).toBe('Warm tsaf');
  });

  it('refuses a name that is nothing but disguising characters as empty', async () => {
    const { asset } = (await (await new TusTestClient(server, alice.cookie).upload(fixtures.jpeg, 'plain.jpg')).json()) as { asset: Asset };
    const renamed = await server.request(`/api/assets/${asset.id}`, { method: 'PATCH', cookie: alice.cookie, json: { name: '\u202E\u2066' } });
    expect(renamed.status).toBe(400);
    expect(await renamed.json()).toMatchObject({ field: 'name', message: 'Please enter a name' });
  });
});

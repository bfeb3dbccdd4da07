import { cubeFromLut, identityLut, writeCube } from '@cinegrade/color';
import type { Asset, UserLut } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures';
import { DATABASE_KINDS, startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';

/** A 17-point vendor-style LUT: channels rotated, so it is unlike identity and any look. */
function vendorCube(size = 17, title = 'Vendor Rotate'): string {
  const lut = identityLut(size);
  for (let i = 0; i < lut.data.length; i += 3) {
    const [r, g, b] = [lut.data[i]!, lut.data[i + 1]!, lut.data[i + 2]!];
    lut.data.set([g, b, r], i);
  }
  return writeCube(cubeFromLut(lut, title));
}

describe.each(DATABASE_KINDS)('imported LUTs on the %s database', (kind) => {
  let server: TestServer;
  let alice: { cookie: string; email: string };
  let bob: { cookie: string; email: string };
  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await server.signedInUser();
    bob = await server.signedInUser();
  });
  afterAll(async () => {
    await server.close();
  });

  const importLut = (cookie: string, name: string, cube: string) => server.request('/api/luts', { method: 'POST', cookie, json: { name, cube } });
  const list = async (cookie: string) => ((await (await server.request('/api/luts', { cookie })).json()) as { luts: UserLut[] }).luts;

  it('imports a .cube, lists it, and serves its table as float32 triplets', async () => {
    const response = await importLut(alice.cookie, 'Rotate', vendorCube());
    expect(response.status).toBe(201);
    const lut = (await response.json()) as UserLut;
    expect(lut).toMatchObject({ name: 'Rotate', size: 17 });
    expect((await list(alice.cookie)).map((l) => l.id)).toContain(lut.id);

    const table = await server.request(`/api/luts/${lut.id}/table`, { cookie: alice.cookie });
    expect(table.status).toBe(200);
    expect(table.headers.get('x-lut-size')).toBe('17');
    const values = new Float32Array(await table.arrayBuffer());
    expect(values.length).toBe(17 ** 3 * 3);
    // Entry (r=1, g=0, b=0) of a rotation (r,g,b) → (g,b,r) is (0, 0, 1).
    expect(Array.from(values.subarray(3, 6)).map((v) => Math.round(v * 16))).toEqual([0, 0, 1]);
  });

  it('refuses a malformed file naming the line, and a table over 65 points', async () => {
    const broken = vendorCube().replace(/\n0\.0+ 0\.0+ 0\.0+\n/, '\n0.0 zero 0.0\n');
    const response = await importLut(alice.cookie, 'Broken', broken);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { field: string; message: string };
    expect(error.field).toBe('cube');
    expect(error.message).toMatch(/^This is not a valid \.cube file: line \d+: /);

    const huge = await importLut(alice.cookie, 'Huge', writeCube(cubeFromLut(identityLut(66))));
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { message: string }).message).toMatch(/66 points per side.*up to 65/);
    // Refused from the declared size, before a 256³ table is set aside for one row.
    const declared = await importLut(alice.cookie, 'Declared', 'LUT_3D_SIZE 256\n0 0 0\n');
    expect(declared.status).toBe(400);
    expect(((await declared.json()) as { message: string }).message).toMatch(/256 points per side.*up to 65/);
  });

  it('keeps the Free plan to its limit, and lets Premium keep more', async () => {
    const carol = await server.signedInUser();
    for (let i = 0; i < 3; i++) expect((await importLut(carol.cookie, `Look ${i}`, vendorCube(2))).status).toBe(201);
    const refused = await importLut(carol.cookie, 'One too many', vendorCube(2));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Free accounts can keep 3 imported LUTs. Delete one, or upgrade to Premium to keep up to 50.',
    );
    expect(await list(carol.cookie)).toHaveLength(3);
    await server.services.profiles.setTierByEmail(carol.email, 'Premium');
    expect((await importLut(carol.cookie, 'Fourth', vendorCube(2))).status).toBe(201);
  });

  it('refuses an import over the limit before reading the file: an 8 MB file that is not a .cube gets the limit answer', async () => {
    const dave = await server.signedInUser();
    for (let i = 0; i < 3; i++) expect((await importLut(dave.cookie, `Look ${i}`, vendorCube(2))).status).toBe(201);
    const refused = await importLut(dave.cookie, 'Not a cube', 'x'.repeat(8 * 1024 * 1024));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Free accounts can keep 3 imported LUTs\./);
  });

  it("keeps each person's LUTs to themselves", async () => {
    const lut = (await (await importLut(alice.cookie, 'Private', vendorCube(2))).json()) as UserLut;
    expect((await list(bob.cookie)).map((l) => l.id)).not.toContain(lut.id);
    expect((await server.request(`/api/luts/${lut.id}/table`, { cookie: bob.cookie })).status).toBe(404);
    expect((await server.request(`/api/luts/${lut.id}`, { method: 'DELETE', cookie: bob.cookie })).status).toBe(404);
    expect((await server.request('/api/luts')).status).toBe(401);
    expect((await server.request(`/api/luts/${lut.id}`, { method: 'DELETE', cookie: alice.cookie })).status).toBe(204);
    expect((await server.request(`/api/luts/${lut.id}/table`, { cookie: alice.cookie })).status).toBe(404);
  });

  it('imports .3dl and .csp files, a pre-LUT as a shaper stage, stating the difference when it is sampled, and names the format of a broken one', async () => {
    const erin = await server.signedInUser();
    await server.services.profiles.setTierByEmail(erin.email, 'Premium');
    const post = (name: string, text: string, format: string) => server.request('/api/luts', { method: 'POST', cookie: erin.cookie, json: { name, cube: text, format } });
    // A 5-point 12-bit .3dl, blue fastest: the channel rotation (r, g, b) → (g, b, r).
    const rows: string[] = [];
    for (let r = 0; r < 5; r++) for (let g = 0; g < 5; g++) for (let b = 0; b < 5; b++) rows.push([g, b, r].map((v) => Math.round((v / 4) * 4095)).join(' '));
    const threeDl = await post('Flame', ['0 256 512 768 1023', ...rows].join('\n'), '3dl');
    expect(threeDl.status).toBe(201);
    const flame = (await threeDl.json()) as UserLut;
    expect(flame).toMatchObject({ size: 5 });
    const values = new Float32Array(await (await server.request(`/api/luts/${flame.id}/table`, { cookie: erin.cookie })).arrayBuffer());
    // Stored red fastest: entry (r = 1, g = 0, b = 0) is (0, 0, 1/4), as 1024/4095.
    expect(Array.from(values.subarray(3, 6))).toEqual([0, 0, 1024 / 4095].map(Math.fround));

    // A .csp whose red pre-LUT bends at 0.5: kept as a shaper stage on 3 points before its own
    // 2-point table (served after the table), applied exactly, so nothing is stated.
    const table: string[] = [];
    for (let b = 0; b < 2; b++) for (let g = 0; g < 2; g++) for (let r = 0; r < 2; r++) table.push(`${r} ${g} ${b}`);
    const cspBentAt = (x: string): string => ['CSPLUTV100', '3D', '3', `0 ${x} 1`, '0 0.8 1', '2', '0 1', '0 1', '2', '0 1', '0 1', '2 2 2', ...table].join('\n');
    const shapedCsp = await post('cineSpace', cspBentAt('0.5'), 'csp');
    expect(shapedCsp.status).toBe(201);
    const shaped = (await shapedCsp.json()) as UserLut;
    expect(shaped).toMatchObject({ size: 2 });
    expect(shaped.warnings ?? []).toEqual([]);
    const shapedValues = new Float32Array(await (await server.request(`/api/luts/${shaped.id}/table`, { cookie: erin.cookie })).arrayBuffer());
    expect(Array.from(shapedValues.subarray(24))).toEqual([0, 0, 0, 0.8, 0.5, 0.5, 1, 1, 1].map(Math.fround));

    // Bending where no grid of up to 2048 points has a point: the pre-LUT is sampled, with the difference stated.
    const csp = cspBentAt('0.4142136');
    const cineSpace = await post('cineSpace', csp, 'csp');
    expect(cineSpace.status).toBe(201);
    const sampled = (await cineSpace.json()) as UserLut;
    expect(sampled).toMatchObject({ size: 2, warnings: [expect.stringMatching(/shaper was sampled at 2048 points; it differs from the file by up to \d+\.\d\d\/255 per channel/)] });
    // The sampled file is kept as its author wrote it; a file kept as written needs no copy.
    const sources = await server.services.database.db.selectFrom('user_luts').select(['id', 'source_text', 'source_format']).where('id', 'in', [flame.id, sampled.id, shaped.id]).execute();
    expect(sources.find((row) => row.id === sampled.id)).toMatchObject({ source_text: csp, source_format: 'csp' });
    expect(sources.find((row) => row.id === flame.id)).toMatchObject({ source_text: null, source_format: null });
    expect(sources.find((row) => row.id === shaped.id)).toMatchObject({ source_text: null, source_format: null });

    const broken = await post('Broken', '0 256 512 768 1023\n0 0 0\n', '3dl');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { message: string }).message).toMatch(/^This is not a valid \.3dl file: line 2: /);
  });

  describe('saving a grade on an asset', () => {
    let asset: Asset;
    beforeAll(async () => {
      const response = await new TusTestClient(server, alice.cookie).upload(fixtures.png, 'still.png');
      expect(response.status).toBe(200);
      asset = ((await response.json()) as { asset: Asset }).asset;
    });
    const save = (body: object, cookie = alice.cookie) => server.request(`/api/assets/${asset.id}`, { method: 'PATCH', cookie, json: body });

    it('saves a free look and slider values, and refuses an out-of-range value naming the field', async () => {
      const ok = await save({ selected_lut: 'vintage-film', color_settings: { contrast: 20, lookStrength: 80 } });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as Asset).selected_lut).toBe('vintage-film');
      const bad = await save({ color_settings: { contrast: 140 } });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ field: 'color_settings.contrast' });
      expect(await save({ selected_lut: 'no-such-look' }).then((r) => r.status)).toBe(400);
    });

    it('refuses a premium look to a Free user with the spec message', async () => {
      const refused = await save({ selected_lut: 'blockbuster-teal-orange' });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'Premium Feature: This LUT is available for Premium members only. Upgrade to access all premium LUTs!',
      );
    });

    it('saves an imported LUT the user has, not one of somebody else', async () => {
      const mine = (await (await importLut(alice.cookie, 'Mine', vendorCube(2))).json()) as UserLut;
      const theirs = (await (await importLut(bob.cookie, 'Theirs', vendorCube(2))).json()) as UserLut;
      expect((await save({ selected_lut: `custom:${mine.id}` })).status).toBe(200);
      const refused = await save({ selected_lut: `custom:${theirs.id}` });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ field: 'selected_lut', message: 'That imported LUT no longer exists. Choose another look.' });
    });
  });
});

import { GRADE_VERSION_LIMIT_MESSAGE, gradeFromSavedGrade, MAX_GRADE_VERSIONS_PER_ASSET, PREMIUM_LOOK_REFUSAL_MESSAGE, type Asset, type GradeVersion } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';

/** The saved grade's optional parts (wheels, curves) on an asset, and named grade versions. */
describe('saved grade parts and grade versions', () => {
  let server: TestServer;
  let alice: { cookie: string; email: string };
  let bob: { cookie: string; email: string };

  beforeAll(async () => {
    server = await startTestServer('embedded');
    alice = await server.signedInUser();
    bob = await server.signedInUser();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const upload = async (name: string, cookie = alice.cookie): Promise<Asset> => {
    const response = await new TusTestClient(server, cookie).upload(fixtures.jpeg, name);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { asset: Asset }).asset;
  };
  const getAsset = async (id: string, cookie = alice.cookie) => (await (await server.request(`/api/assets/${id}`, { cookie })).json()) as Asset;
  const patch = (id: string, json: unknown, cookie = alice.cookie) => server.request(`/api/assets/${id}`, { method: 'PATCH', cookie, json });
  const versionsOf = (id: string, cookie = alice.cookie) => server.request(`/api/assets/${id}/versions`, { cookie });
  const saveVersion = (id: string, json: unknown, cookie = alice.cookie) => server.request(`/api/assets/${id}/versions`, { method: 'POST', cookie, json });

  const wheels = {
    lift: { hue: 210, amount: 0.35, master: -0.2 },
    gamma: { hue: 30, amount: 0.1, master: 0.15 },
    gain: { hue: 0, amount: 0, master: 0.4 },
    offset: { hue: 0, amount: 0, master: 0 },
    saturation: 1.25,
  };
  const curves = { master: [{ x: 0.25, y: 0.2 }, { x: 0.75, y: 0.82 }], red: [], green: [{ x: 0.5, y: 0.55 }], blue: [] };

  it('saves the wheels and curves with the sliders and reads them back, and nothing a grade does not have', async () => {
    const asset = await upload('wheels.jpg');
    const saved = await patch(asset.id, { selected_lut: 'vintage-film', color_settings: { contrast: 20, lookStrength: 80, wheels, curves, sparkle: { anything: ['a client made up'] } } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const read = await getAsset(asset.id);
    expect(read.color_settings).toEqual({ contrast: 20, lookStrength: 80, wheels, curves });
    const grade = gradeFromSavedGrade(read);
    expect(grade.ok && grade.grade.wheels).toEqual(wheels);
    expect(grade.ok && grade.grade.curves).toEqual(curves);
    expect(grade.ok && grade.grade.adjustments.contrast).toBe(20);
  });

  it('refuses an out-of-range wheel or curve with 400 naming the field, keeping what was saved', async () => {
    const asset = await upload('bad-wheels.jpg');
    expect((await patch(asset.id, { color_settings: { contrast: 5, wheels } })).status).toBe(200);
    const bad = await patch(asset.id, { color_settings: { contrast: 5, wheels: { ...wheels, lift: { hue: 0, amount: 1.5, master: 0 } } } });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { field: string; message: string };
    expect(body.field).toBe('color_settings.wheels.lift.amount');
    expect(body.message).toMatch(/^wheels\.lift\.amount must be a number from 0 to 1 \(got 1\.5\)/);
    const badCurve = await patch(asset.id, { color_settings: { curves: { red: [{ x: 0.6, y: 0.5 }, { x: 0.4, y: 0.5 }] } } });
    expect(badCurve.status).toBe(400);
    expect(((await badCurve.json()) as { field: string }).field).toBe('color_settings.curves.red[1].x');
    expect((await getAsset(asset.id)).color_settings).toMatchObject({ contrast: 5, wheels });
  });

  it('opens a grade saved before the wheels existed, and adds wheels to it', async () => {
    const asset = await upload('old.jpg');
    // A row as an older version wrote it: sliders only.
    await server.services.database.db
      .updateTable('projects')
      .set({ selected_lut: 'vintage-film', color_settings: JSON.stringify({ contrast: 12, saturation: -5, lookStrength: 60, inputTransform: 'rec709' }) })
      .where('id', '=', asset.id)
      .execute();
    const read = await getAsset(asset.id);
    const grade = gradeFromSavedGrade(read);
    expect(grade.ok).toBe(true);
    expect(grade.ok && grade.grade.wheels).toBeUndefined();
    expect(grade.ok && grade.grade.adjustments).toMatchObject({ contrast: 12, saturation: -5 });
    expect((await patch(asset.id, { color_settings: { ...read.color_settings, wheels } })).status).toBe(200);
    expect((await getAsset(asset.id)).color_settings).toMatchObject({ contrast: 12, wheels });
  });

  it('saves, lists, renames and deletes named versions, only for the owner', async () => {
    const asset = await upload('versions.jpg');
    const first = await saveVersion(asset.id, { name: '  Warm  ', selected_lut: 'vintage-film', color_settings: { contrast: 10, wheels } });
    expect(first.status, await first.clone().text()).toBe(201);
    const warm = (await first.json()) as GradeVersion;
    expect(warm).toMatchObject({ name: 'Warm', asset_id: asset.id, selected_lut: 'vintage-film', color_settings: { contrast: 10, wheels } });
    const second = (await (await saveVersion(asset.id, { name: 'Cool', selected_lut: null, color_settings: { temperature: -30, curves } })).json()) as GradeVersion;
    const listed = (await (await versionsOf(asset.id)).json()) as { versions: GradeVersion[] };
    expect(listed.versions.map((v) => v.name)).toEqual(['Warm', 'Cool']);
    expect(listed.versions[1]?.color_settings).toMatchObject({ curves });

    // Another user: 404 on every route, never the names.
    const path = `/api/assets/${asset.id}/versions/${warm.id}`;
    for (const response of [
      await versionsOf(asset.id, bob.cookie),
      await saveVersion(asset.id, { name: 'Mine now', selected_lut: null, color_settings: {} }, bob.cookie),
      await server.request(path, { method: 'PATCH', cookie: bob.cookie, json: { name: 'Stolen' } }),
      await server.request(path, { method: 'DELETE', cookie: bob.cookie }),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/Warm|Cool/);
    }

    const renamed = await server.request(path, { method: 'PATCH', cookie: alice.cookie, json: { name: 'Warm, final' } });
    expect(((await renamed.json()) as GradeVersion).name).toBe('Warm, final');
    const emptyName = await server.request(path, { method: 'PATCH', cookie: alice.cookie, json: { name: '   ' } });
    expect(emptyName.status).toBe(400);
    expect((await server.request(path, { method: 'DELETE', cookie: alice.cookie })).status).toBe(204);
    expect((await server.request(path, { method: 'DELETE', cookie: alice.cookie })).status).toBe(404);
    const after = (await (await versionsOf(asset.id)).json()) as { versions: GradeVersion[] };
    expect(after.versions.map((v) => v.id)).toEqual([second.id]);
  });

  it('refuses a version whose grade is out of range, naming the field', async () => {
    const asset = await upload('bad-version.jpg');
    const bad = await saveVersion(asset.id, { name: 'Broken', selected_lut: null, color_settings: { wheels: { gain: { hue: 400, amount: 0.2, master: 0 } } } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field: string }).field).toBe('color_settings.wheels.gain.hue');
    expect(((await (await versionsOf(asset.id)).json()) as { versions: unknown[] }).versions).toHaveLength(0);
  });

  it(`keeps at most ${MAX_GRADE_VERSIONS_PER_ASSET} versions per asset, and deleting the asset deletes them`, async () => {
    const asset = await upload('cap.jpg');
    for (let i = 1; i <= MAX_GRADE_VERSIONS_PER_ASSET; i++) {
      const saved = await saveVersion(asset.id, { name: `Take ${i}`, selected_lut: null, color_settings: { contrast: i } });
      expect(saved.status).toBe(201);
    }
    const over = await saveVersion(asset.id, { name: 'One more', selected_lut: null, color_settings: {} });
    expect(over.status).toBe(403);
    expect(((await over.json()) as { message: string }).message).toBe(GRADE_VERSION_LIMIT_MESSAGE);
    // Another asset has its own count.
    const other = await upload('cap-other.jpg');
    expect((await saveVersion(other.id, { name: 'First', selected_lut: null, color_settings: {} })).status).toBe(201);

    const countRows = async (assetId: string) =>
      Number(
        (await server.services.database.db.selectFrom('grade_versions').select((eb) => eb.fn.countAll<string>().as('n')).where('asset_id', '=', assetId).executeTakeFirstOrThrow()).n,
      );
    expect(await countRows(asset.id)).toBe(MAX_GRADE_VERSIONS_PER_ASSET);
    expect((await server.request(`/api/assets/${asset.id}`, { method: 'DELETE', cookie: alice.cookie })).status).toBe(204);
    expect(await countRows(asset.id)).toBe(0);
    expect((await versionsOf(asset.id)).status).toBe(404);
    expect(await countRows(other.id)).toBe(1);
  });

  it('refuses a premium look in a Free user\'s version like everywhere else, but keeps the look the asset already holds', async () => {
    const carol = await server.signedInUser();
    const asset = await upload('premium-look.jpg', carol.cookie);
    const premiumLook = { name: 'Teal', selected_lut: 'blockbuster-teal-orange', color_settings: { lookStrength: 100 } };
    const refused = await saveVersion(asset.id, premiumLook, carol.cookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(PREMIUM_LOOK_REFUSAL_MESSAGE);
    expect(((await (await versionsOf(asset.id, carol.cookie)).json()) as { versions: GradeVersion[] }).versions).toEqual([]);
    // A Free look saves.
    expect((await saveVersion(asset.id, { name: 'Vintage', selected_lut: 'vintage-film', color_settings: {} }, carol.cookie)).status).toBe(201);
    // Premium saves the look on the asset; after the plan ends, a snapshot of what the asset holds still saves.
    await server.services.profiles.setTierByEmail(carol.email, 'Premium');
    expect((await patch(asset.id, { selected_lut: 'blockbuster-teal-orange' }, carol.cookie)).status).toBe(200);
    await server.services.profiles.setTierByEmail(carol.email, 'Free');
    expect((await saveVersion(asset.id, premiumLook, carol.cookie)).status).toBe(201);
    expect((await saveVersion(asset.id, { ...premiumLook, selected_lut: 'blade-runner-2049' }, carol.cookie)).status).toBe(403);
    // An imported LUT that is not the user's is refused naming the field.
    const unknownLut = await saveVersion(asset.id, { name: 'Gone', selected_lut: 'custom:00000000-0000-0000-0000-000000000000', color_settings: {} }, carol.cookie);
    expect(unknownLut.status).toBe(400);
    expect(((await unknownLut.json()) as { field: string }).field).toBe('selected_lut');
  });
});

/**
 * The render checks the export's rules again when it starts: a plan downgraded between queueing
 * and rendering fails the export with a reason the user reads, instead of rendering what the plan
 * no longer includes, or with an imported LUT that has since been deleted. A server that runs no
 * jobs queues the exports; a second process on the same PostgreSQL renders them after the change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cubeFromLut, identityLut, writeCube } from '@cinegrade/color';
import type { Asset, UserLut } from '@cinegrade/contract';
import { PREMIUM_LOOK_REFUSAL_MESSAGE } from '@cinegrade/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { finishedExport, startExport } from './support/exports';
import { fixtures } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';

describe('an export whose plan or imported LUT changes while it waits in the queue', () => {
  let web: TestServer;
  /** A worker process for the queued exports, started once they wait; each test stops its own. */
  let worker: TestServer | undefined;
  afterEach(async () => {
    await worker?.close();
    worker = undefined;
  });
  beforeAll(async () => {
    web = await startTestServer('postgres', {}, undefined, { runWorker: false });
  });
  afterAll(async () => {
    await web.close();
  });

  const changed = 'Your plan or your imported LUTs changed after this export was queued. Choose a look and format your plan includes, then export again.';

  async function premiumWithClip(name: string): Promise<{ user: Awaited<ReturnType<TestServer['signedInUser']>>; asset: Asset }> {
    const user = await web.signedInUser();
    await web.services.profiles.setTierByEmail(user.email, 'Premium');
    const response = await new TusTestClient(web, user.cookie).upload(fixtures.h264Mp4, name);
    expect(response.status, await response.clone().text()).toBe(200);
    return { user, asset: ((await response.json()) as { asset: Asset }).asset };
  }

  it('fails each export with what the Free plan does not include, rendering nothing', async () => {
    const { user, asset } = await premiumWithClip('queued clip.mp4');

    const mov = await startExport(web, user.cookie, { assetId: asset.id, outputFormat: 'mov', quality: '720p' });
    const look = await startExport(web, user.cookie, { assetId: asset.id, selectedLUT: 'blockbuster-teal-orange', outputFormat: 'mp4', quality: '720p' });
    expect([mov.status, look.status]).toEqual(['starting', 'starting']);
    await web.services.profiles.setTierByEmail(user.email, 'Free');

    worker = await web.sibling();
    expect(await finishedExport(web, user.cookie, mov.predictionId)).toMatchObject({
      status: 'failed',
      downloadUrl: null,
      error: 'Free accounts export MP4 (H.264) or WebM (VP9) at up to 720p; MOV (ProRes 422 HQ) needs Premium. Upgrade to export it.',
      suggestion: changed,
    });
    expect(await finishedExport(web, user.cookie, look.predictionId)).toMatchObject({ status: 'failed', downloadUrl: null, error: PREMIUM_LOOK_REFUSAL_MESSAGE, suggestion: changed });
    const files = fs.readdirSync(path.join(web.config.dataDir, 'files'), { recursive: true }).map(String);
    expect(files.some((file) => file.includes(path.basename(asset.media_file_path ?? '', '.mp4')))).toBe(true);
    expect(files.filter((file) => file.includes('.export-'))).toEqual([]);
  });

  it('fails an export whose imported LUT was deleted while it waited, saying why and what to do', async () => {
    const { user, asset } = await premiumWithClip('queued with my look.mp4');
    const imported = await web.request('/api/luts', { method: 'POST', cookie: user.cookie, json: { name: 'Soon gone', cube: writeCube(cubeFromLut(identityLut(2))) } });
    expect(imported.status, await imported.clone().text()).toBe(201);
    const lut = (await imported.json()) as UserLut;
    // With no worker running yet, the export waits in the queue while its LUT is deleted.
    const started = await startExport(web, user.cookie, { assetId: asset.id, selectedLUT: `custom:${lut.id}`, outputFormat: 'mp4', quality: '720p' });
    expect(started.status).toBe('starting');
    expect((await web.request(`/api/luts/${lut.id}`, { method: 'DELETE', cookie: user.cookie })).status).toBe(204);

    worker = await web.sibling();
    expect(await finishedExport(web, user.cookie, started.predictionId)).toMatchObject({
      status: 'failed',
      downloadUrl: null,
      error: 'That imported LUT is not in your library. Choose another look, or import the .cube file again.',
      suggestion: changed,
    });
  });
});

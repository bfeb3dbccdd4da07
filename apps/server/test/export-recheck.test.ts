/**
 * The render checks the export's rules again when it starts: a plan downgraded between queueing
 * and rendering fails the export with a reason the user reads, instead of rendering what the plan
 * no longer includes. A server that runs no jobs queues the exports; a second process on the same
 * PostgreSQL renders them after the downgrade.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Asset } from '@cinegrade/contract';
import { PREMIUM_LOOK_REFUSAL_MESSAGE } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedExport, startExport } from './support/exports';
import { fixtures } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';

describe('an export whose owner is downgraded while it waits in the queue', () => {
  let web: TestServer;
  let worker: TestServer | undefined;
  beforeAll(async () => {
    web = await startTestServer('postgres', {}, undefined, { runWorker: false });
  });
  afterAll(async () => {
    await worker?.close();
    await web.close();
  });

  it('fails each export with what the Free plan does not include, rendering nothing', async () => {
    const user = await web.signedInUser();
    await web.services.profiles.setTierByEmail(user.email, 'Premium');
    const response = await new TusTestClient(web, user.cookie).upload(fixtures.h264Mp4, 'queued clip.mp4');
    expect(response.status, await response.clone().text()).toBe(200);
    const { asset } = (await response.json()) as { asset: Asset };

    const mov = await startExport(web, user.cookie, { assetId: asset.id, outputFormat: 'mov', quality: '720p' });
    const look = await startExport(web, user.cookie, { assetId: asset.id, selectedLUT: 'blockbuster-teal-orange', outputFormat: 'mp4', quality: '720p' });
    expect([mov.status, look.status]).toEqual(['starting', 'starting']);
    await web.services.profiles.setTierByEmail(user.email, 'Free');

    worker = await web.sibling();
    const changed = 'Your plan or your imported LUTs changed after this export was queued. Choose a look and format your plan includes, then export again.';
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
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegWithoutFilter } from '../../scripts/media-fixtures.mjs';
import { signUpAndSignIn } from '../support/accounts';
import { startAppServer, type AppServer } from '../support/app-server';
import { browserForSuite } from '../support/browser';
import { namedCopy, uploadAndOpen } from '../support/editor-pages';
import { fixtures } from '../support/fixtures';

const NO_ZSCALE = "Every export is off: the server's ffmpeg has no filter zscale.";

/**
 * A server whose ffmpeg lacks zscale (a build without zimg) cannot render any export. The Export
 * menu says why before anyone tries, instead of a job failing later with a message about the file.
 * A server of its own, started with that ffmpeg.
 */
describe('the Export menu on a server whose ffmpeg cannot export', () => {
  const browser = browserForSuite();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-e2e-no-zscale-'));
  let server: AppServer | undefined;
  let page: Page;
  beforeAll(async () => {
    server = await startAppServer({ FFMPEG_PATH: ffmpegWithoutFilter(work, 'zscale') });
    page = browser.page;
  });
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('shows the reason and offers no export that would fail', async () => {
    if (!server) throw new Error('The server did not start');
    // Preview copies go through the export's input chain, so they are off too.
    expect(server.log()).toContain(`lacks what 2 features need: ${NO_ZSCALE}`);
    await signUpAndSignIn(page, server);
    // Uploads still work: thumbnails do not need zscale.
    await uploadAndOpen(page, namedCopy(fixtures.h264Mp4, 'no zscale clip'), 'no zscale clip');

    await page.getByTestId('export-button').click();
    const note = page.getByTestId('export-unavailable');
    await note.waitFor();
    expect(await note.innerText()).toBe(`${NO_ZSCALE} Please contact support.`);
    for (const name of ['Export MP4 720p', 'Quick Export (MP4, 720p)']) {
      expect(await page.getByRole('menuitem', { name }).getAttribute('aria-disabled'), name).toBe('true');
    }
    for (const name of ['MP4 H.264', 'WebM VP9']) {
      expect(await page.getByRole('menuitemradio', { name }).getAttribute('aria-disabled'), name).toBe('true');
    }
  });
});

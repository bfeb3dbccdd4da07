import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaBinaries } from '../../scripts/ffmpeg-binaries.mjs';
import { signUpAndSignIn, toastText, waitForToast } from '../support/accounts';
import { startAppServer, type AppServer } from '../support/app-server';
import { browserForSuite } from '../support/browser';
import { sharedServer } from '../support/shared-server';
import { restartWithTier } from '../support/tiers';
import { WAIT, waitingFor } from '../support/waits';

const { ffmpeg: FFMPEG, ffprobe: FFPROBE } = resolveMediaBinaries();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-e2e-export-'));

/** A small generated clip with a tone: `seconds` long at `size`, `rate` frames a second. */
function clip(name: string, size: string, seconds: number, rate: number): string {
  const file = path.join(work, name);
  execFileSync(FFMPEG, [
    '-v', 'error',
    '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', file,
  ]);
  return file;
}

interface Probed {
  streams: { codec_type: string; codec_name: string; profile?: string; width?: number; height?: number; pix_fmt?: string; color_space?: string; color_transfer?: string; color_primaries?: string; color_range?: string }[];
  format: { duration: string; size: string };
}

function probe(file: string): Probed {
  return JSON.parse(
    execFileSync(FFPROBE, ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,profile,width,height,pix_fmt,color_space,color_transfer,color_primaries,color_range:format=duration,size', '-of', 'json', file], { encoding: 'utf8' }),
  ) as Probed;
}

const video = (probed: Probed) => probed.streams.find((s) => s.codec_type === 'video');
const audio = (probed: Probed) => probed.streams.find((s) => s.codec_type === 'audio');

/** Uploads through the header, waits for the asset, and opens it afresh (with the grade it saved). */
async function uploadAndGrade(page: Page, file: string, name: string, grade: { selected_lut: string; color_settings: Record<string, number> }): Promise<void> {
  await page.getByTestId('header-upload-input').setInputFiles(file);
  await page.getByTestId('open-media-name').filter({ hasText: name }).waitFor();
  // The editor's panels are built elsewhere; the asset's saved grade is what gets exported.
  const status = await page.evaluate(
    async ({ assetName, body }) => {
      const { assets } = (await (await fetch('/api/assets')).json()) as { assets: { id: string; name: string }[] };
      const asset = assets.find((a) => a.name === assetName);
      const response = await fetch(`/api/assets/${asset?.id ?? ''}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return response.status;
    },
    { assetName: name, body: grade },
  );
  expect(status).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await page.getByTestId('open-media-name').filter({ hasText: name }).waitFor();
}

/** Records every text the export button shows from now on. */
async function recordExportButton(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { exportTexts: string[] }).exportTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid=export-button]')?.textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { exportTexts: string[] }).exportTexts);
}

async function exportAndDownload(page: Page, action: string, target: string): Promise<{ file: string; name: string }> {
  const downloaded = page.waitForEvent('download', { timeout: WAIT.renderMs });
  await page.getByRole('menuitem', { name: action }).click();
  const download = await waitingFor(`the download of "${action}"`, WAIT.renderMs, downloaded);
  await download.saveAs(target);
  return { file: target, name: download.suggestedFilename() };
}

describe('export, in a real browser', () => {
  const browser = browserForSuite({ keepStateBetweenTests: true });
  let page: Page;
  beforeAll(() => {
    page = browser.page;
  });
  afterAll(() => {
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('lets a Free user export an MP4 at 720p, watching the percentage move, and gets the file', async () => {
    const server = sharedServer();
    await signUpAndSignIn(page, server);
    await page.getByTestId('export-button').click();
    await page.getByRole('menuitem', { name: /Quick Export/ }).click();
    await waitForToast(page, 'Please upload or select media first');

    await uploadAndGrade(page, clip('e2e clip.mp4', '480x270', 8, 25), 'e2e clip', { selected_lut: 'vintage-film', color_settings: { contrast: 20, clarity: 30, vignette: 25 } });
    await page.getByTestId('export-button').click();
    // Pro items are marked and locked; the Free defaults are MP4 at 720p.
    // Size hints are estimates from this clip's size and length (a few MB at 720p), not fixed figures.
    for (const name of ['MOV ProRes 422 HQ PRO', 'AVI Uncompressed PRO', /^1080p about [\d.]+ MB \(estimate\) PRO$/, /^16K about [\d.]+ (MB|GB) \(estimate\) PRO$/]) {
      expect(await page.getByRole('menuitemradio', { name }).getAttribute('aria-disabled'), String(name)).toBe('true');
    }
    expect(await page.getByRole('menuitemradio', { name: 'MP4 H.264' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('menuitemradio', { name: /^720p about [\d.]+ MB \(estimate\)$/ }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByText('MOV, AVI and sizes above 720p need Premium.').isVisible()).toBe(true);
    expect(await page.getByRole('menuitemradio', { name: 'WebM VP9' }).getAttribute('aria-disabled')).not.toBe('true');

    const buttonTexts = await recordExportButton(page);
    const { file, name } = await exportAndDownload(page, 'Export MP4 720p', path.join(work, 'free.mp4'));
    expect(name).toBe('e2e clip-vintage-film.mp4');
    await waitForToast(page, 'Export completed!');
    expect(await toastText(page)).toContain('Your processed video has been downloaded');

    const percents = (await buttonTexts()).map((text) => /Processing (\d+)%/.exec(text)?.[1]).filter((p): p is string => p !== undefined).map(Number);
    console.log(`The export button showed: ${percents.map((p) => `${p}%`).join(', ')}`);
    expect(percents.some((p) => p > 0 && p < 100), `button showed ${percents.join(', ')}`).toBe(true);
    expect(new Set(percents).size).toBeGreaterThanOrEqual(2);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(await page.getByTestId('export-button').innerText()).toContain('Export');

    const probed = probe(file);
    expect(video(probed)).toMatchObject({ codec_name: 'h264', profile: 'High', width: 1280, height: 720, pix_fmt: 'yuv420p', color_space: 'bt709', color_transfer: 'bt709', color_primaries: 'bt709', color_range: 'tv' });
    expect(audio(probed)?.codec_name).toBe('aac');
    expect(Number(probed.format.duration)).toBeCloseTo(8, 0);
    expect(Number(probed.format.size)).toBe(fs.statSync(file).size);
    expect(fs.statSync(file).size).toBeGreaterThan(20_000);
  });

  it('lets a Premium user export the pro formats: ProRes 422 HQ in MOV and uncompressed AVI', async () => {
    let server: AppServer = await startAppServer();
    try {
      const email = await signUpAndSignIn(page, server);
      server = await restartWithTier(server, email, 'Premium');
      await page.reload();
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Subscription: Premium' }).waitFor();
      await page.keyboard.press('Escape');

      await uploadAndGrade(page, clip('premium clip.mp4', '320x180', 1, 10), 'premium clip', { selected_lut: 'blockbuster-teal-orange', color_settings: { saturation: 10 } });
      await page.getByTestId('export-button').click();
      await page.getByRole('menuitemradio', { name: 'MOV ProRes 422 HQ PRO' }).click();
      await page.getByRole('menuitemradio', { name: /^1080p about [\d.]+ (MB|GB) \(estimate\) PRO$/ }).click();
      const mov = await exportAndDownload(page, 'Export MOV 1080p', path.join(work, 'premium.mov'));
      expect(mov.name).toBe('premium clip-blockbuster-teal-orange.mov');
      const movProbe = probe(mov.file);
      expect(video(movProbe)).toMatchObject({ codec_name: 'prores', profile: 'HQ', width: 1920, height: 1080, pix_fmt: 'yuv422p10le', color_space: 'bt709' });
      expect(audio(movProbe)?.codec_name).toBe('pcm_s24le');
      expect(Number(movProbe.format.duration)).toBeCloseTo(1, 0);

      await waitForToast(page, 'Export completed!');
      await page.getByTestId('export-button').click();
      await page.getByRole('menuitemradio', { name: 'AVI Uncompressed PRO' }).click();
      await page.getByRole('menuitemradio', { name: /^720p about [\d.]+ (MB|GB) \(estimate\)$/ }).click();
      const avi = await exportAndDownload(page, 'Export AVI 720p', path.join(work, 'premium.avi'));
      expect(avi.name).toBe('premium clip-blockbuster-teal-orange.avi');
      const aviProbe = probe(avi.file);
      expect(video(aviProbe)).toMatchObject({ codec_name: 'rawvideo', width: 1280, height: 720, pix_fmt: 'bgr24' });
      expect(audio(aviProbe)?.codec_name).toBe('pcm_s16le');
      expect(Number(aviProbe.format.duration)).toBeCloseTo(1, 0);
    } finally {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});

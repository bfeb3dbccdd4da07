import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveMediaBinaries } from '../../scripts/ffmpeg-binaries.mjs';
import { signUpAndSignIn, waitForToast } from '../support/accounts';
import { startAppServer, type AppServer } from '../support/app-server';
import { browserForSuite } from '../support/browser';
import { restartWithTier } from '../support/tiers';
import { until, WAIT, waitingFor } from '../support/waits';

const { ffmpeg: FFMPEG, ffprobe: FFPROBE } = resolveMediaBinaries();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-e2e-batch-'));

/** A small generated colour clip with a tone. */
function clip(name: string, pattern: string): string {
  const file = path.join(work, name);
  execFileSync(FFMPEG, [
    '-v', 'error',
    '-f', 'lavfi', '-i', `${pattern}=size=320x180:rate=10:duration=1`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=1',
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', file,
  ]);
  return file;
}

function still(name: string): string {
  const file = path.join(work, name);
  execFileSync(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180', '-frames:v', '1', '-y', file]);
  return file;
}

function probeVideo(file: string): { codec_name: string; width: number; height: number; duration: number } {
  const probed = JSON.parse(
    execFileSync(FFPROBE, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height:format=duration', '-of', 'json', file], { encoding: 'utf8' }),
  ) as { streams: { codec_name: string; width: number; height: number }[]; format: { duration: string } };
  return { ...probed.streams[0]!, duration: Number(probed.format.duration) };
}

/** The largest distance of any pixel's chroma from neutral (0 for black and white), over the middle frame. */
function maxChroma(file: string): number {
  const { width, height } = probeVideo(file);
  const raw = execFileSync(FFMPEG, ['-v', 'error', '-ss', '0.5', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'yuv444p', '-'], { maxBuffer: 64 * 1024 * 1024 });
  const plane = width * height;
  let most = 0;
  for (let i = plane; i < plane * 3; i++) most = Math.max(most, Math.abs(raw[i]! - 128));
  return most;
}

async function save(download: Download, name: string): Promise<string> {
  const target = path.join(work, name);
  await download.saveAs(target);
  return target;
}

/** Every status each batch file row has shown from now on, by file name. */
async function recordFileStatuses(page: Page): Promise<() => Promise<Record<string, string[]>>> {
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { batchStatuses: typeof seen }).batchStatuses = seen;
    const read = () => {
      for (const row of document.querySelectorAll('[data-testid=batch-file]')) {
        const name = row.querySelector('.batch-file-name')?.textContent ?? '';
        const state = `${row.getAttribute('data-status') ?? ''} ${row.querySelector('.batch-file-state')?.textContent ?? ''}`;
        const list = (seen[name] ??= []);
        if (list.at(-1) !== state) list.push(state);
      }
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { batchStatuses: Record<string, string[]> }).batchStatuses);
}

/**
 * The largest chroma (max − min of R, G, B) over the picture a batch editor card shows, or null
 * while the card has drawn nothing yet.
 */
async function cardChroma(page: Page, index: number): Promise<number | null> {
  return page.evaluate((n) => {
    const canvas = document.querySelectorAll('[data-testid=batch-card]')[n]?.querySelector<HTMLCanvasElement>('canvas.batch-thumb');
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width < 32) return null;
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let most = 0;
    let lit = false;
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i]!, g = data[i + 1]!, b = data[i + 2]!;
      if (r + g + b > 60) lit = true;
      most = Math.max(most, Math.max(r, g, b) - Math.min(r, g, b));
    }
    return lit ? most : null;
  }, index);
}

describe('batch grading, in a real browser', () => {
  const browser = browserForSuite();
  let server: AppServer | null = null;

  afterAll(async () => {
    if (server) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('processes three videos (skipping an image), keeps the collection in the library with a ZIP, and the batch editor re-exports two in Film Noir', async () => {
    const page = browser.page;
    const clips = [clip('batch one.mp4', 'testsrc2'), clip('batch two.mp4', 'rgbtestsrc'), clip('batch three.mp4', 'smptebars')];
    const picture = still('batch still.png');

    server = await startAppServer();
    const email = await signUpAndSignIn(page, server);
    server = await restartWithTier(server, email, 'Premium');
    await page.goto(server.url);
    await page.getByRole('group', { name: 'My Assets or Batch Processing' }).getByRole('button', { name: 'Batch' }).click();
    await page.getByRole('tab', { name: 'Process Files' }).waitFor({ timeout: WAIT.pageMs });

    await page.getByTestId('batch-drop-input').setInputFiles([...clips, picture]);
    await page.getByTestId('batch-skip-note').filter({ hasText: 'Processing 3 video files (1 non-video file skipped)' }).waitFor();
    await page.getByLabel('Look for the batch').selectOption('warm-sunset');
    const statuses = await recordFileStatuses(page);
    await page.getByRole('button', { name: 'Process 4 Files' }).click();

    await waitingFor('the batch to finish', WAIT.renderMs * 2, (timeout) => page.getByRole('heading', { name: 'Batch Processing Complete!' }).waitFor({ timeout }));
    await page.getByText('Successfully processed 3 video files! Saved to your library.').waitFor();
    const seen = await statuses();
    expect(Object.keys(seen).sort()).toEqual(['batch one.mp4', 'batch three.mp4', 'batch two.mp4']);
    for (const states of Object.values(seen)) {
      // Each file was uploaded, then rendered, with its percentage shown, and finished.
      expect(states.some((s) => s.startsWith('uploading'))).toBe(true);
      expect(states.some((s) => /^processing \d+%$/.test(s))).toBe(true);
      expect(states.at(-1)).toBe('completed Completed');
    }

    // After five seconds the results clear and the library shows the collection.
    const collection = page.getByTestId('batch-collection').first();
    await waitingFor('the library with the new collection', WAIT.pageMs, (timeout) => collection.waitFor({ timeout }));
    expect(await page.getByTestId('batch-collection').count()).toBe(1);
    expect(await collection.getByTestId('batch-collection-count').textContent()).toBe('3/3 files');
    await collection.getByText('Warm Sunset').waitFor();

    // My Assets counts the three processed videos as batch files.
    await page.getByRole('group', { name: 'My Assets or Batch Processing' }).getByRole('button', { name: 'Assets' }).click();
    await page.getByRole('button', { name: 'Batch (3)' }).waitFor({ timeout: WAIT.pageMs });
    await page.getByRole('group', { name: 'My Assets or Batch Processing' }).getByRole('button', { name: 'Batch' }).click();
    await page.getByRole('tab', { name: 'Library' }).click();

    const zipDownload = page.waitForEvent('download', { timeout: WAIT.renderMs });
    await collection.getByRole('button', { name: 'Download as ZIP' }).click();
    const zip = await save(await waitingFor('the ZIP download', WAIT.renderMs, zipDownload), 'batch.zip');
    const unzipped = path.join(work, 'unzipped');
    execFileSync('unzip', ['-q', '-o', zip, '-d', unzipped]);
    const entries = fs.readdirSync(unzipped).sort();
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      const probed = probeVideo(path.join(unzipped, entry));
      expect(probed.codec_name).toBe('h264');
      expect(probed.duration).toBeCloseTo(1, 0);
      expect(maxChroma(path.join(unzipped, entry))).toBeGreaterThan(20);
    }

    // The batch editor, opened from the library and reloaded, reads the session from the server.
    await collection.getByRole('button', { name: 'Edit Batch' }).click();
    await page.waitForURL(/\/batch-editor\?session=/);
    await page.reload();
    await waitingFor('the batch editor after a reload', WAIT.pageMs, (timeout) => page.getByTestId('batch-card').nth(2).waitFor({ timeout }));
    expect(await page.getByRole('button', { name: 'Export Batch' }).isDisabled()).toBe(true);
    await page.getByTestId('batch-card').nth(0).click();
    await page.getByTestId('batch-card').nth(1).click();
    await page.getByTestId('batch-selection-count').filter({ hasText: '2 of 3 selected' }).waitFor();
    await page.getByRole('group', { name: 'Batch presets' }).getByRole('button', { name: 'Film Noir' }).click();
    await page.getByRole('button', { name: 'Apply to Selected' }).click();
    await waitForToast(page, 'Settings applied to 2 selected files');
    await page.getByTestId('batch-applied').waitFor();
    // The cards show each file's frame through its saved grade, drawn by the colour engine:
    // the two in Film Noir black and white, the third still in colour.
    await until('the two Film Noir cards drawn in black and white', async () => {
      const [one, two] = [await cardChroma(page, 0), await cardChroma(page, 1)];
      return one !== null && one <= 2 && two !== null && two <= 2;
    });
    await until('the third card drawn in colour', async () => ((await cardChroma(page, 2)) ?? 0) > 40);

    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await page.getByRole('button', { name: 'Export Batch' }).click();
    await until('the two exported files to download', () => downloads.length >= 2, WAIT.renderMs * 2);
    const exported = await Promise.all(downloads.map((download, index) => save(download, `exported-${index}.mp4`)));
    expect(downloads.map((d) => d.suggestedFilename()).sort()).toEqual(['edited_video_1.mp4', 'edited_video_2.mp4']);
    for (const file of exported) {
      expect(probeVideo(file).codec_name).toBe('h264');
      // Film Noir is black and white: no chroma beyond the encoder's rounding.
      expect(maxChroma(file)).toBeLessThanOrEqual(3);
    }
    await waitForToast(page, 'saved the batch to your library');
  });
});

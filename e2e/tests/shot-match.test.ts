import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deltaE76, decodeGamma, encodeGamma, linearRec709ToLab } from '@cinegrade/color';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveMediaBinaries } from '../../scripts/ffmpeg-binaries.mjs';
import { signUpAndSignIn, toastText, waitForToast } from '../support/accounts';
import { browserForSuite } from '../support/browser';
import { programFrame, readProgram, uploadAndOpen, waitForProgram, type Pixels } from '../support/editor-pages';
import { sharedServer } from '../support/shared-server';
import { WAIT, waitingFor } from '../support/waits';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-shot-match-e2e-'));
const WIDTH = 640;
const HEIGHT = 480;

/** A scene of grey ramps and colour patches (encoded RGB), the same pixels every run. */
function scene(): Pixels {
  const patches = [
    [0.7, 0.3, 0.25],
    [0.3, 0.6, 0.3],
    [0.3, 0.4, 0.75],
    [0.8, 0.7, 0.3],
    [0.75, 0.55, 0.45],
    [0.45, 0.6, 0.8],
    [0.6, 0.35, 0.6],
    [0.35, 0.6, 0.6],
  ];
  const data = new Uint8Array(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const grey = 0.06 + (0.8 * x) / WIDTH;
      const rgb = y < HEIGHT / 2 ? [grey, grey, grey] : patches[Math.floor((x / WIDTH) * 4) + (y < (HEIGHT * 3) / 4 ? 0 : 4)]!;
      data.set([rgb[0]! * 255, rgb[1]! * 255, rgb[2]! * 255, 255].map(Math.round), (y * WIDTH + x) * 4);
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

/** The scene as a camera with the wrong white balance saw it: linear light × (1.3, 1, 0.75). */
function warm(source: Pixels): Pixels {
  const gains = [1.3, 1, 0.75];
  const data = new Uint8Array(source.data);
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) data[i + c] = Math.round(Math.min(1, encodeGamma(decodeGamma(source.data[i + c]! / 255) * gains[c]!)) * 255);
  }
  return { ...source, data };
}

function writePng(pixels: Pixels, name: string): string {
  const file = path.join(work, `${name}.png`);
  const args = ['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${pixels.width}x${pixels.height}`, '-i', '-', '-frames:v', '1', file];
  execFileSync(resolveMediaBinaries().ffmpeg, args, { input: Buffer.from(pixels.data) });
  return file;
}

/** Mean CIE 1976 ΔE*ab between two pictures of the same size. */
function meanDeltaE(a: Pixels, b: Pixels): number {
  const lab = (d: Uint8Array, i: number) => linearRec709ToLab([decodeGamma(d[i]! / 255), decodeGamma(d[i + 1]! / 255), decodeGamma(d[i + 2]! / 255)]);
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 4) sum += deltaE76(lab(a.data, i), lab(b.data, i));
  return sum / (a.data.length / 4);
}

describe('Shot Match in Chromium', () => {
  const server = sharedServer();
  const browser = browserForSuite();
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('matches a warm clip to another asset read from its thumbnail, and Undo takes it back', async () => {
    const page = browser.page;
    const reference = scene();
    const clip = warm(reference);
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, writePng(reference, 'match reference'), 'match reference');
    await uploadAndOpen(page, writePng(clip, 'warm clip'), 'warm clip');
    await waitForProgram(page, WIDTH);
    const before = await readProgram(page);

    const choice = page.getByRole('group', { name: 'Reference' }).getByRole('button', { name: 'match reference', exact: true });
    // The reference is offered with its thumbnail once the server has made it (a live update).
    await waitingFor('the reference thumbnail', WAIT.mediaMs, (timeout) => choice.locator('img').waitFor({ timeout }));
    await choice.click();
    const frame = await programFrame(page);
    await page.getByRole('button', { name: 'Match', exact: true }).click();
    await waitForToast(page, 'Shot matched');
    expect(await toastText(page)).toMatch(/Temperature -\d+/);
    await waitForProgram(page, WIDTH, frame);
    const after = await readProgram(page);

    const beforeDelta = meanDeltaE(before, reference);
    const afterDelta = meanDeltaE(after, reference);
    console.info(`Shot Match in Chromium: mean ΔE*ab to the reference ${beforeDelta.toFixed(2)} → ${afterDelta.toFixed(2)}`);
    expect(beforeDelta).toBeGreaterThan(5);
    expect(afterDelta).toBeLessThan(0.4 * beforeDelta);

    const matched = await programFrame(page);
    await page.keyboard.press('Control+z');
    await waitForProgram(page, WIDTH, matched);
    expect(meanDeltaE(await readProgram(page), before)).toBeLessThan(0.5);
  });
});

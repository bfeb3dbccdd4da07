import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deltaE76, decodeGamma, encodeGamma, linearRec709ToLab } from '@cinegrade/color';
import type { Page } from 'playwright-core';
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

/**
 * Colour bars at 75 %: white, yellow, cyan, green, magenta, red and blue over a black and a
 * full-white patch. A few flat, saturated areas: the picture that fooled the statistics.
 */
function colourBars(): Pixels {
  const bars = [
    [0.75, 0.75, 0.75],
    [0.75, 0.75, 0],
    [0, 0.75, 0.75],
    [0, 0.75, 0],
    [0.75, 0, 0.75],
    [0.75, 0, 0],
    [0, 0, 0.75],
  ];
  const data = new Uint8Array(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const rgb = y < (HEIGHT * 2) / 3 ? bars[Math.floor((x / WIDTH) * 7)]! : x < WIDTH / 2 ? [0.05, 0.05, 0.05] : [1, 1, 1];
      data.set([rgb[0]! * 255, rgb[1]! * 255, rgb[2]! * 255, 255].map(Math.round), (y * WIDTH + x) * 4);
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

/** HSV hue (degrees) of the pixel at (x, y). */
function hueAt(pixels: Pixels, x: number, y: number): number {
  const i = (y * pixels.width + x) * 4;
  const [r, g, b] = [pixels.data[i]!, pixels.data[i + 1]!, pixels.data[i + 2]!];
  const hi = Math.max(r, g, b);
  const d = hi - Math.min(r, g, b);
  const h = hi === r ? (60 * (g - b)) / d : hi === g ? 120 + (60 * (b - r)) / d : 240 + (60 * (r - g)) / d;
  return (h + 360) % 360;
}

/** The values the 'Shot matched' toast names, e.g. { Temperature: -66, Contrast: 4 }. */
function sliderValues(toast: string): Record<string, number> {
  return Object.fromEntries([...toast.matchAll(/(Temperature|Tint|Exposure|Contrast|Saturation) ([+-]?\d+)/g)].map((m) => [m[1]!, Number(m[2])]));
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

/** Chooses `referenceName` as the reference, presses Match and reads the toast and the matched PROGRAM. */
async function matchTo(page: Page, referenceName: string): Promise<{ toast: string; after: Pixels }> {
  const choice = page.getByRole('group', { name: 'Reference' }).getByRole('button', { name: referenceName, exact: true });
  // The reference is offered with its thumbnail once the server has made it (a live update).
  await waitingFor('the reference thumbnail', WAIT.mediaMs, (timeout) => choice.locator('img').waitFor({ timeout }));
  await choice.click();
  const frame = await programFrame(page);
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  await waitForToast(page, 'Shot matched');
  const toast = await toastText(page);
  await waitForProgram(page, WIDTH, frame);
  return { toast, after: await readProgram(page) };
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

    const { toast, after } = await matchTo(page, 'match reference');
    expect(toast).toMatch(/Temperature -\d+/);

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

  it('matches warm colour bars to colour bars without driving a slider to its end or turning a bar another hue', async () => {
    const page = browser.page;
    const reference = colourBars();
    const clip = warm(reference);
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, writePng(reference, 'bars reference'), 'bars reference');
    await uploadAndOpen(page, writePng(clip, 'warm bars'), 'warm bars');
    await waitForProgram(page, WIDTH);
    const before = await readProgram(page);

    const { toast, after } = await matchTo(page, 'bars reference');
    const values = sliderValues(toast);
    console.info(`Shot Match on colour bars in Chromium: ${toast}; mean ΔE*ab ${meanDeltaE(before, reference).toFixed(2)} → ${meanDeltaE(after, reference).toFixed(2)}`);
    expect(values.Temperature).toBeLessThan(-5);
    for (const [name, value] of Object.entries(values)) expect(Math.abs(value), name).toBeLessThan(100);
    // No contrast difference was recorded: the flat bars must not send Contrast off on its own.
    expect(Math.abs(values.Contrast ?? 0)).toBeLessThanOrEqual(15);
    for (let bar = 1; bar < 7; bar++) {
      const x = Math.round(((bar + 0.5) / 7) * WIDTH);
      const [a, b] = [hueAt(after, x, HEIGHT / 3), hueAt(reference, x, HEIGHT / 3)];
      expect(Math.min(Math.abs(a - b), 360 - Math.abs(a - b)), `hue of bar ${bar}`).toBeLessThan(12);
    }
    expect(meanDeltaE(after, reference)).toBeLessThan(0.9 * meanDeltaE(before, reference));
  });
});

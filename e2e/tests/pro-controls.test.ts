import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { hueOf, type Grade } from '@cinegrade/color';
import { gradeFromSavedGrade } from '@cinegrade/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForToast } from '../support/accounts';
import { assetIdByName, cpuReference, decodeWithFfmpeg, difference, readProgram, readSource, redrawn, savedAsset, waitForProgram, type Pixels } from '../support/editor-pages';
import { editorSuite } from '../support/editor-suite';
import { resolveMediaBinaries } from '../../scripts/ffmpeg-binaries.mjs';
import { WAIT, pollFor, waitingFor } from '../support/waits';

/** A 720p still (the test pattern's colour bars): a Free 720p export keeps its size, so pixels compare one to one. */
const [WIDTH, HEIGHT] = [1280, 720];
function still(work: string, name: string): string {
  const file = path.join(work, `${name}.png`);
  execFileSync(resolveMediaBinaries().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${HEIGHT}:rate=1:duration=1`, '-frames:v', '1', '-y', file]);
  return file;
}

/** The grade the editor saved on the asset (its autosave), as the export reads it. */
async function savedGrade(page: Page, id: string): Promise<Grade | null> {
  const parsed = gradeFromSavedGrade(await savedAsset(page, id));
  return parsed.ok ? parsed.grade : null;
}

/** Presses at `from` and drags to `to` (fractions of the element's box), Shift held for the second half when `fine`. */
async function drag(page: Page, target: Locator, from: [number, number], to: [number, number]): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the control is not on screen');
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  await page.mouse.move(...at(to), { steps: 5 });
  await page.mouse.up();
}

/** The most saturated pixel of a picture inside a flat patch (so a pixel off by one has the same colour): where the sampler is clicked. */
function mostColourful(pixels: Pixels): { x: number; y: number; hue: number } {
  const at = (x: number, y: number) => (y * pixels.width + x) * 4;
  const flat = (x: number, y: number) => {
    for (let dy = -3; dy <= 3; dy++) {
      for (let dx = -3; dx <= 3; dx++) for (let c = 0; c < 3; c++) if (pixels.data[at(x + dx, y + dy) + c] !== pixels.data[at(x, y) + c]) return false;
    }
    return true;
  };
  let best = { x: 0, y: 0, hue: 0, chroma: -1 };
  for (let y = 20; y < pixels.height - 20; y += 4) {
    for (let x = 20; x < pixels.width - 20; x += 4) {
      const p = at(x, y);
      const [r, g, b] = [pixels.data[p]! / 255, pixels.data[p + 1]! / 255, pixels.data[p + 2]! / 255];
      const chroma = Math.max(r, g, b) - Math.min(r, g, b);
      if (chroma > best.chroma && flat(x, y)) best = { x, y, hue: hueOf(r, g, b), chroma };
    }
  }
  if (best.chroma <= 0.2) throw new Error('the picture has no colourful flat patch to sample');
  return best;
}

describe('colour wheels and curves in Chromium', () => {
  const suite = editorSuite('pro-controls');

  it('moves PROGRAM with the wheels, curves and hue curves, as the CPU reference does, and exports the frame the preview shows', async () => {
    const page = await suite.open(still(suite.work, 'pro still'), 'pro still');
    const id = await assetIdByName(page, 'pro still');
    await waitForProgram(page, WIDTH);
    const original = await readProgram(page);
    const source = await readSource(page, WIDTH, HEIGHT);

    // Wheels: drag the Gain puck towards orange, then nudge Lift towards blue from the keyboard.
    await page.getByRole('tab', { name: 'Wheels' }).click();
    const gainDisc = page.getByTestId('wheel-disc-Gain');
    const warmed = await redrawn(page, WIDTH, () => drag(page, gainDisc, [0.5, 0.5], [0.75, 0.35]));
    expect(difference(warmed, original).shareOver).toBeGreaterThan(0.3);
    expect(await page.getByRole('slider', { name: 'Gain colour balance' }).getAttribute('aria-valuetext')).toMatch(/^Hue 3[0-9]°, amount 5[0-9]%$/);
    const lift = page.getByRole('slider', { name: 'Lift colour balance' });
    await lift.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowDown');
    expect(await lift.getAttribute('aria-valuetext')).toBe('Hue 270°, amount 10%');

    // Curves: a point on the luma curve, pulled down (darker mid-tones).
    await page.getByRole('tab', { name: 'Curves' }).click();
    const luma = page.getByTestId('curve-editor-Luma curve');
    await page.getByTestId('curve-histogram').waitFor();
    const darker = await redrawn(page, WIDTH, () => drag(page, luma, [0.5, 0.5], [0.5, 0.62]));
    expect(difference(darker, warmed).shareOver).toBeGreaterThan(0.3);

    // Hue vs Sat with the sampler: pick PROGRAM's most colourful pixel, then raise the point put at its hue.
    await page.getByRole('button', { name: 'Hue vs Sat' }).click();
    await page.getByRole('button', { name: 'Pick from PROGRAM' }).click();
    const target = mostColourful(darker);
    const canvas = page.getByTestId('program-canvas');
    const canvasBox = await canvas.boundingBox();
    if (!canvasBox) throw new Error('PROGRAM is not on screen');
    await page.mouse.click(canvasBox.x + ((target.x + 0.5) / WIDTH) * canvasBox.width, canvasBox.y + ((target.y + 0.5) / HEIGHT) * canvasBox.height);
    const sampled = page.getByRole('slider', { name: /^Hue vs Sat curve point/ });
    await waitingFor('the sampled points on Hue vs Sat', WAIT.pageMs, (timeout) => sampled.nth(2).waitFor({ timeout }));
    const hueX = Math.round(target.hue * 1000) / 1000;
    const points = await sampled.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-valuetext')));
    expect(points).toContain(`input ${hueX.toFixed(3)}, output 0.500`);
    // Drag that point (at its hue, on the neutral line) up to 0.
    const hueCurve = page.getByTestId('curve-editor-Hue vs Sat curve');
    const saturated = await redrawn(page, WIDTH, () => drag(page, hueCurve, [hueX, 0.5], [hueX, 0.1]));
    // Only the colours near that hue change, by a visible amount.
    expect(difference(saturated, darker).max).toBeGreaterThan(10);

    // The editor saved the grade; PROGRAM shows it as the engine's CPU reference renders it.
    let grade: Grade | null = null;
    await expect
      .poll(async () => {
        grade = await savedGrade(page, id);
        return grade?.hueCurves?.hueVsSat.some((p) => p.y > 0.8) === true && grade.curves !== undefined && grade.wheels?.lift.amount === 0.1;
      }, pollFor('the wheels and curves saved on the asset'))
      .toBe(true);
    const saved = grade as unknown as Grade;
    expect(saved.wheels?.gain.amount).toBeGreaterThan(0.4);
    expect(saved.curves?.master).toHaveLength(1);
    const reference = cpuReference(source, saved);
    await expect.poll(async () => difference(await readProgram(page), reference).max, pollFor('PROGRAM to match the CPU reference of the saved grade')).toBeLessThanOrEqual(2);
    const preview = await readProgram(page);

    // Export a PNG: the exported frame is the preview's, within the same 2/255.
    await page.getByTestId('export-button').click();
    await page.getByRole('menuitemradio', { name: /^PNG/ }).click();
    if (!(await page.getByRole('menuitem', { name: /^Export PNG/ }).isVisible())) await page.getByTestId('export-button').click();
    const downloaded = page.waitForEvent('download', { timeout: WAIT.renderMs });
    await page.getByRole('menuitem', { name: /^Export PNG/ }).click();
    const download = await waitingFor('the PNG export', WAIT.renderMs, downloaded);
    const file = path.join(suite.work, 'pro still.png');
    await download.saveAs(file);
    await waitForToast(page, 'Export completed!');
    const exported = decodeWithFfmpeg(file, WIDTH, HEIGHT);
    const parity = difference(exported, preview);
    console.info(`pro controls: exported PNG against PROGRAM, largest difference ${parity.max}/255 at ${JSON.stringify(parity.at)}`);
    expect(parity.max).toBeLessThanOrEqual(2);
    expect(difference(exported, original).shareOver).toBeGreaterThan(0.3);
  });
});

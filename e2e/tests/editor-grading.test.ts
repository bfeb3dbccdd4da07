import fs from 'node:fs';
import path from 'node:path';
import { applyLutFileToTriplets, bakeLut, cubeFromLut, DEFAULT_GRADE, getLook, identityLut, parseCube, parseLutFile, renderGrade, writeCube, type Grade } from '@cinegrade/color';
import { PREMIUM_LOOK_REFUSAL } from '@cinegrade/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toastText, waitForToast } from '../support/accounts';
import { assetIdByName, difference, namedCopy, readProgram, readSource, redrawn, reopen, savedAsset, waitForProgram, type Pixels } from '../support/editor-pages';
import { editorSuite } from '../support/editor-suite';
import { fixtures } from '../support/fixtures';
import { pollFor } from '../support/waits';

/** A 17-point LUT that rotates the channels, (r, g, b) → (g, b, r): unlike any look, and exact to check. */
function rotateCube(): string {
  const lut = identityLut(17);
  for (let i = 0; i < lut.data.length; i += 3) lut.data.set([lut.data[i + 1]!, lut.data[i + 2]!, lut.data[i]!], i);
  return writeCube(cubeFromLut(lut, 'Channel Rotate'));
}

/**
 * A Resolve shaper file: a log-like 16-point shaper over 0..1, then a 4-point table that swaps red
 * and blue and bends green. Its 3D table is indexed by the shaper's output, so a renderer that
 * skipped the shaper, or a uniform table resampled from the file, would be far off in the shadows.
 */
function shaperCube(): string {
  const shaper = Array.from({ length: 16 }, (_, i) => {
    const v = (Math.log2(1 + 64 * (i / 15)) / Math.log2(65)).toFixed(7);
    return `${v} ${v} ${v}`;
  });
  const table: string[] = [];
  for (let b = 0; b < 4; b++) for (let g = 0; g < 4; g++) for (let r = 0; r < 4; r++) table.push([b / 3, (g / 3) ** 2, r / 3].map((v) => v.toFixed(7)).join(' '));
  return ['TITLE "Log Shaper"', 'LUT_1D_SIZE 16', 'LUT_3D_SIZE 4', ...shaper, ...table].join('\n');
}

/** The file applied to each pixel in float (the engine's reader), rounded once. */
function appliedFile(source: Pixels, text: string): Pixels {
  const parsed = parseLutFile(text, 'cube');
  if (!parsed.ok) throw new Error(parsed.message);
  const count = source.width * source.height;
  const rgb = new Float64Array(count * 3);
  for (let p = 0; p < count; p++) for (let c = 0; c < 3; c++) rgb[p * 3 + c] = source.data[p * 4 + c]! / 255;
  applyLutFileToTriplets(parsed.file, rgb);
  const data = new Uint8Array(source.data);
  for (let p = 0; p < count; p++) for (let c = 0; c < 3; c++) data[p * 4 + c] = Math.round(Math.min(1, Math.max(0, rgb[p * 3 + c]!)) * 255);
  return { ...source, data };
}

function rotated(source: Pixels): Pixels {
  const data = new Uint8Array(source.data);
  for (let i = 0; i < data.length; i += 4) data.set([source.data[i + 1]!, source.data[i + 2]!, source.data[i]!], i);
  return { ...source, data };
}

function reference(source: Pixels, grade: Grade): Pixels {
  const out = renderGrade({ width: source.width, height: source.height, data: new Uint8ClampedArray(source.data) }, grade);
  return { width: out.width, height: out.height, data: new Uint8Array(out.data) };
}

function gradeWith(look: Grade['look'], adjustments: Partial<Grade['adjustments']>, lookStrength = 100): Grade {
  return { ...DEFAULT_GRADE, look, lookStrength, adjustments: { ...DEFAULT_GRADE.adjustments, ...adjustments } };
}

const lookCard = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const badge = (page: Page) => page.getByTestId('program-look-badge');

describe('grading in the editor, in Chromium', () => {
  const suite = editorSuite('grading');

  it('changes PROGRAM with a look and the sliders, refuses a premium look to Free, and keeps the grade over a reload', async () => {
    const page = await suite.open(namedCopy(fixtures.png, 'grading still'), 'grading still');
    await waitForProgram(page, 800);
    const original = await readProgram(page);
    const source = await readSource(page, 800, 600);

    const withLook = await redrawn(page, 800, () => lookCard(page, getLook('vintage-film').name).click());
    expect(await badge(page).innerText()).toBe(getLook('vintage-film').name);
    expect(difference(withLook, original).shareOver).toBeGreaterThan(0.3);
    expect(difference(withLook, reference(source, gradeWith('vintage-film', {}))).max).toBeLessThanOrEqual(2);

    // Sliders by keyboard, as a person without a mouse would: Page Up is +10.
    const contrast = page.getByRole('slider', { name: 'Contrast' });
    await contrast.focus();
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageUp');
    const temperature = page.getByRole('slider', { name: 'Temperature' });
    await temperature.focus();
    await page.keyboard.press('PageDown');
    const strength = page.getByRole('slider', { name: 'Look strength' });
    await strength.focus();
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    const expected = gradeWith('vintage-film', { contrast: 20, temperature: -10 }, 80);
    await expect.poll(async () => difference(await readProgram(page), reference(source, expected)).max, pollFor('PROGRAM to show the look with the sliders moved')).toBeLessThanOrEqual(2);
    const graded = await readProgram(page);
    expect(difference(graded, withLook).shareOver).toBeGreaterThan(0.3);
    expect(await contrast.getAttribute('aria-valuenow')).toBe('20');

    // A Free account is refused a premium look with the spec's toast; nothing changes.
    await lookCard(page, `${getLook('blade-runner-2049').name} (Premium)`).click();
    expect(await toastText(page)).toBe(`${PREMIUM_LOOK_REFUSAL.title} ${PREMIUM_LOOK_REFUSAL.description}`);
    expect(await badge(page).innerText()).toBe(getLook('vintage-film').name);
    expect(difference(await readProgram(page), graded, 0).max).toBe(0);

    // Saved on the asset (debounced), and back after a reload.
    const id = await assetIdByName(page, 'grading still');
    await expect.poll(() => savedAsset(page, id), pollFor('the grade saved on the asset')).toMatchObject({
      selected_lut: 'vintage-film',
      color_settings: { contrast: 20, temperature: -10, lookStrength: 80 },
    });
    await reopen(page, 'grading still');
    await waitForProgram(page, 800);
    expect(await page.getByRole('slider', { name: 'Contrast' }).getAttribute('aria-valuenow')).toBe('20');
    expect(await lookCard(page, getLook('vintage-film').name).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => difference(await readProgram(page), graded).max, pollFor('PROGRAM to show the saved grade after reopening')).toBeLessThanOrEqual(1);

    // Reset in Hollywood LUTs: no look; the sliders stay.
    await page.getByRole('region', { name: 'Hollywood LUTs' }).getByRole('button', { name: 'Reset', exact: true }).click();
    const sliders = gradeWith(null, { contrast: 20, temperature: -10 });
    await expect.poll(async () => difference(await readProgram(page), reference(source, sliders)).max, pollFor('PROGRAM without the look after Reset')).toBeLessThanOrEqual(2);

    // Camera input: S-Log3 decoded before everything else, and saved with the grade.
    await page.getByRole('combobox', { name: 'Camera input' }).click();
    await page.getByRole('option', { name: /^S-Log3/ }).click();
    const log: Grade = { ...sliders, inputTransform: 'slog3' };
    await expect.poll(async () => difference(await readProgram(page), reference(source, log)).max, pollFor('PROGRAM decoding S-Log3')).toBeLessThanOrEqual(2);
    await expect.poll(() => savedAsset(page, id), pollFor('the camera input saved on the asset')).toMatchObject({ selected_lut: null, color_settings: { inputTransform: 'slog3', contrast: 20 } });
  });

  it('imports a .cube that changes the picture, shows a broken file its line, and downloads the grade at the chosen size', async () => {
    const page = await suite.open(namedCopy(fixtures.png, 'cube still'), 'cube still');
    await waitForProgram(page, 800);
    const source = await readSource(page, 800, 600);

    const broken = path.join(suite.work, 'Broken Look.cube');
    fs.writeFileSync(broken, rotateCube().replace(/\n(0\.0+ 0\.0+ 1\.0+)\n/, '\n$1 0.5\n'));
    const brokenLine = fs.readFileSync(broken, 'utf8').split('\n').findIndex((line) => /^[\d.]+ [\d.]+ [\d.]+ [\d.]+$/.test(line)) + 1;
    expect(brokenLine).toBeGreaterThan(5);
    await page.getByTestId('cube-import-input').setInputFiles(broken);
    await waitForToast(page, 'Invalid .cube file');
    expect(await toastText(page)).toContain(`line ${brokenLine}: a table line holds three numbers (found 4 fields)`);
    expect(await page.evaluate(async () => ((await (await fetch('/api/luts')).json()) as { luts: unknown[] }).luts.length)).toBe(0);

    const good = path.join(suite.work, 'Channel Rotate.cube');
    fs.writeFileSync(good, rotateCube());
    await page.getByTestId('cube-import-input').setInputFiles(good);
    await waitForToast(page, 'LUT imported');
    // Imported LUTs lead the catalogue's All view (and are alone under the My LUTs chip).
    const mine = page.getByRole('group', { name: 'All looks' }).getByRole('button', { name: 'Channel Rotate', exact: true });
    expect(await mine.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => difference(await readProgram(page), rotated(source)).max, pollFor('PROGRAM rotated')).toBeLessThanOrEqual(2);
    expect(await badge(page).innerText()).toBe('Channel Rotate');

    // Download: the grade of this moment (imported LUT + a slider) at 65 points.
    const saturation = page.getByRole('slider', { name: 'Saturation' });
    await saturation.focus();
    await page.keyboard.press('PageUp');
    await page.getByRole('button', { name: '.cube files' }).click();
    await page.getByRole('combobox', { name: 'LUT size' }).click();
    await page.getByRole('option', { name: '65-point' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .cube' }).click()]);
    expect(download.suggestedFilename()).toBe('cube still - Channel Rotate (65).cube');
    const parsed = parseCube(fs.readFileSync(await download.path(), 'utf8'));
    if (!parsed.ok) throw new Error(`the downloaded .cube does not parse: ${parsed.message}`);
    expect(parsed.cube.lut3d?.size).toBe(65);
    expect(parsed.cube.title).toBe('cube still - Channel Rotate');
    const rotate = parseCube(rotateCube());
    if (!rotate.ok) throw new Error(rotate.message);
    const expectedTable = bakeLut({ ...DEFAULT_GRADE, customLook: 'x', adjustments: { ...DEFAULT_GRADE.adjustments, saturation: 10 } }, 65, { customLut: rotate.cube.lut3d! });
    let worst = 0;
    parsed.cube.lut3d!.data.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - expectedTable.data[i]!))));
    expect(worst).toBeLessThan(1e-6);

    // A Resolve shaper file: WebGL runs its shaper, then the table, as the file defines them.
    await saturation.focus();
    await page.keyboard.press('PageDown');
    const shaped = path.join(suite.work, 'Log Shaper.cube');
    fs.writeFileSync(shaped, shaperCube());
    await page.getByTestId('cube-import-input').setInputFiles(shaped);
    await waitForToast(page, 'LUT imported');
    await expect.poll(() => badge(page).innerText(), pollFor('the shaper file applied')).toBe('Log Shaper');
    const expected = appliedFile(source, shaperCube());
    await expect.poll(async () => difference(await readProgram(page), expected).max, pollFor('PROGRAM through the shaper file')).toBeLessThanOrEqual(2);
    console.info(`Resolve shaper file: PROGRAM against the file applied in float, largest difference ${difference(await readProgram(page), expected).max}/255`);
  });

  it('analyses a video on the server, shows the results, and applies one', async () => {
    const page = await suite.open(namedCopy(fixtures.h264Mp4, 'analysed clip'), 'analysed clip');
    await waitForProgram(page, 640);
    const before = await readProgram(page);
    const request = page.waitForRequest((r) => r.url().endsWith('/api/functions/analyze-scene'));
    const analyze = page.getByRole('button', { name: 'Smart Analyze' });
    await analyze.click();
    const body = (await request).postDataJSON() as { imageData: string; mediaType: string; extraFrames?: string[] };
    expect(body.mediaType).toBe('video');
    expect(body.imageData).toMatch(/^data:image\/jpeg;base64,/);
    expect(body.extraFrames).toHaveLength(3);

    const results = page.getByTestId('analysis-results');
    await results.waitFor();
    expect(await toastText(page)).toMatch(/^(Smart Analysis Complete|Expert Recommendations Ready)/);
    const items = results.getByRole('button');
    expect(await items.count()).toBeGreaterThanOrEqual(3);
    const confidences = await results.locator('[data-confidence-color]').evaluateAll((nodes) => nodes.map((n) => [n.textContent, n.getAttribute('data-confidence-color')]));
    for (const [text, colour] of confidences) {
      const value = Number(text?.replace('%', '')) / 100;
      expect(text).toMatch(/^\d{1,3}%$/);
      expect(colour).toBe(value >= 0.8 ? 'green' : value >= 0.6 ? 'yellow' : 'orange');
    }
    // A Free account's first recommendation is a look it can use.
    const first = items.first();
    const lookId = (await first.getAttribute('data-look'))!;
    expect(getLook(lookId as Parameters<typeof getLook>[0]).tier).toBe('free');
    const after = await redrawn(page, 640, () => first.click());
    expect(await badge(page).innerText()).toBe(getLook(lookId as Parameters<typeof getLook>[0]).name);
    expect(difference(after, before).shareOver).toBeGreaterThan(0.1);

    await page.getByRole('region', { name: 'Smart Auto Grade' }).getByRole('button', { name: 'Reset', exact: true }).click();
    await results.waitFor({ state: 'detached' });
  });

  it('says in the Smart mode that Smart Enhancement is not available yet, with no upgrade offer', async () => {
    const page = await suite.open(namedCopy(fixtures.jpeg, 'smart still'), 'smart still');
    await page.getByRole('region', { name: 'Color Grading' }).getByRole('button', { name: 'Smart', exact: true }).click();
    const note = page.getByRole('note', { name: 'Smart Enhancement' });
    await note.waitFor();
    expect(await note.innerText()).toContain('Smart Enhancement is not available yet');
    expect(await page.getByRole('region', { name: 'Color Grading' }).getByRole('button', { name: /upgrade/i }).count()).toBe(0);
    await page.getByRole('region', { name: 'Color Grading' }).getByRole('button', { name: 'Basic', exact: true }).click();
    await page.getByRole('slider', { name: 'Vignette' }).waitFor();
  });

  it("applies the Film Color Analysis page's ?look= once a clip or photo is open", async () => {
    const page = await suite.open(namedCopy(fixtures.jpeg, 'linked still'), 'linked still');
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.goto(`${suite.server.url}/?look=black-white-classic`);
    await waitForToast(page, `${getLook('black-white-classic').name} is ready`);
    expect(new URL(page.url()).searchParams.get('look')).toBe('black-white-classic');
    await page.getByRole('button', { name: 'Open linked still', exact: true }).click();
    await page.getByTestId('open-media-name').filter({ hasText: 'linked still' }).waitFor();
    await expect.poll(async () => badge(page).innerText(), pollFor('the look badge to name Black & White Classic')).toBe(getLook('black-white-classic').name);
    await page.waitForURL((u) => !u.searchParams.has('look'));
    await waitForProgram(page, 800);
    const program = await readProgram(page);
    let colourful = 0;
    for (let i = 0; i < program.data.length; i += 4) if (Math.max(program.data[i]!, program.data[i + 1]!, program.data[i + 2]!) - Math.min(program.data[i]!, program.data[i + 1]!, program.data[i + 2]!) > 2) colourful++;
    expect(colourful).toBe(0);
  });
});

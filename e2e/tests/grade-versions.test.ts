import { DEFAULT_CURVES, DEFAULT_GRADE, DEFAULT_WHEELS, type Grade } from '@cinegrade/color';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { browserForSuite } from '../support/browser';
import { assetIdByName, cpuReference, difference, namedCopy, programFrame, readProgram, readSource, reopen, saveGrade, uploadAndOpen, waitForProgram } from '../support/editor-pages';
import { fixtures } from '../support/fixtures';
import { sharedServer } from '../support/shared-server';
import { WAIT, waitingFor } from '../support/waits';

/** A grade with wheels and curves, and a plain one: the version and the current grade. */
const WARM: Grade = {
  ...DEFAULT_GRADE,
  adjustments: { ...DEFAULT_GRADE.adjustments, contrast: 20 },
  wheels: { ...DEFAULT_WHEELS, lift: { hue: 200, amount: 0.4, master: 0.2 }, gain: { hue: 30, amount: 0.3, master: 0.2 }, saturation: 1.3 },
  curves: { ...DEFAULT_CURVES, master: [{ x: 0.3, y: 0.25 }, { x: 0.7, y: 0.78 }] },
};
const COOL: Grade = { ...DEFAULT_GRADE, adjustments: { ...DEFAULT_GRADE.adjustments, temperature: -40, saturation: 20 } };

describe('grade versions and saved wheels in Chromium', () => {
  const server = sharedServer();
  const browser = browserForSuite();
  let page: Page;
  beforeAll(() => {
    page = browser.page;
  });

  const openVersions = async () => {
    await page.getByRole('button', { name: 'Versions', exact: true }).click();
    return page.getByRole('dialog', { name: 'Versions and interchange' });
  };

  it('opens saved wheels and curves, saves a version, compares it in the split wipe and loads it', async () => {
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, namedCopy(fixtures.png, 'versioned still'), 'versioned still');
    const id = await assetIdByName(page, 'versioned still');
    await saveGrade(page, id, WARM);
    await reopen(page, 'versioned still');
    await waitForProgram(page, 800);
    const source = await readSource(page, 800, 600);
    const warm = cpuReference(source, WARM);
    const cool = cpuReference(source, COOL);
    // The wheels and curves came back from the server and PROGRAM draws them.
    expect(difference(await readProgram(page), warm).max).toBeLessThanOrEqual(2);
    expect(difference(warm, cpuReference(source, { ...WARM, wheels: undefined, curves: undefined })).shareOver).toBeGreaterThan(0.3);

    let menu = await openVersions();
    await menu.getByRole('textbox', { name: 'Version name' }).fill('Warm');
    await menu.getByRole('button', { name: 'Save version' }).click();
    await menu.getByText('Saved the current grade as "Warm".').waitFor();

    await saveGrade(page, id, COOL);
    await reopen(page, 'versioned still');
    await waitForProgram(page, 800);
    expect(difference(await readProgram(page), cool).max).toBeLessThanOrEqual(2);

    // Compare: the version left of the divider, the current grade right of it.
    menu = await openVersions();
    await menu.getByRole('group', { name: 'Warm' }).getByRole('button', { name: 'Compare' }).click();
    await page.keyboard.press('Escape');
    await waitingFor('the compared version drawn', WAIT.mediaMs, (timeout) =>
      page.waitForFunction(
        () => {
          const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="version-wipe-canvas"]');
          return !!canvas && canvas.width === 800 && Number(canvas.dataset.frame ?? '0') > 0;
        },
        undefined,
        { timeout },
      ),
    );
    expect(await page.locator('.split-label-left').innerText()).toBe('Warm');
    expect(await page.locator('.split-label-right').innerText()).toBe('Current');
    const wipe = page.getByTestId('version-wipe-canvas');
    expect(await wipe.evaluate((canvas) => canvas.style.clipPath)).toBe('inset(0px 50% 0px 0px)');
    expect(difference(await readProgram(page, 'version-wipe-canvas'), warm, 2, [0, 400]).max).toBeLessThanOrEqual(2);
    expect(difference(await readProgram(page), cool, 2, [400, 800]).max).toBeLessThanOrEqual(2);

    // Load: the version becomes the grade, and is saved on the asset.
    const before = await programFrame(page);
    menu = await openVersions();
    await menu.getByRole('group', { name: 'Warm' }).getByRole('button', { name: 'Load' }).click();
    await waitForProgram(page, 800, before);
    // PROGRAM's own canvas: the split wipe is still on, so its graded side is right of the divider.
    expect(difference(await readProgram(page), warm, 2, [400, 800]).max).toBeLessThanOrEqual(2);
    await waitingFor('the loaded version saved on the asset', WAIT.pageMs, (timeout) =>
      page.waitForFunction(
        async ({ assetId, wheels }) => {
          const asset = (await (await fetch(`/api/assets/${assetId}`)).json()) as { color_settings: { wheels?: unknown } };
          return JSON.stringify(asset.color_settings.wheels) === JSON.stringify(wheels);
        },
        { assetId: id, wheels: WARM.wheels },
        { polling: 500, timeout },
      ),
    );
  });
});

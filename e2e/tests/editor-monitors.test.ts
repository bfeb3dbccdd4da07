import { DEFAULT_GRADE, EDITOR_LOOK_IDS, isPremiumLook, type Grade } from '@cinegrade/color';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@cinegrade/contract';
import { signUpAndSignIn, waitForToast } from '../support/accounts';
import { browserForSuite } from '../support/browser';
import {
  assetIdByName,
  cpuReference,
  decodeWithFfmpeg,
  difference,
  namedCopy,
  programFrame,
  readCanvas2d,
  readProgram,
  readSource,
  reopen,
  saveGrade,
  uploadAndOpen,
  waitForProgram,
} from '../support/editor-pages';
import { fixtures } from '../support/fixtures';
import { sharedServer } from '../support/shared-server';
import { WAIT, waitingFor } from '../support/waits';

/** A free look, so a Free account may save it. */
const FREE_LOOK = EDITOR_LOOK_IDS.find((id) => !isPremiumLook(id))!;

function grade(adjustments: Partial<Grade['adjustments']>, look: Grade['look'] = FREE_LOOK): Grade {
  return { ...DEFAULT_GRADE, look, adjustments: { ...DEFAULT_GRADE.adjustments, ...adjustments } };
}

/** Only the LUT: every slider here is baked, none is spatial. */
const GLOBAL_GRADE = grade({ contrast: 35, saturation: 25, temperature: 30, shadows: 20 });
/** The same with clarity and vignette, which run after the LUT. */
const SPATIAL_GRADE = grade({ contrast: 35, saturation: 25, temperature: 30, shadows: 20, clarity: 60, vignette: 70 });

describe('editor monitors in Chromium (WebGL2 on SwiftShader)', () => {
  const server = sharedServer();
  const browser = browserForSuite();
  let page: Page;
  beforeAll(() => {
    page = browser.page;
  });

  it('draws a still through the grade as the CPU reference does, leaves SOURCE alone, and follows undo, bypass and the split wipe', async () => {
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, namedCopy(fixtures.png, 'graded still'), 'graded still');
    const id = await assetIdByName(page, 'graded still');
    await saveGrade(page, id, GLOBAL_GRADE);
    await reopen(page, 'graded still');
    await waitForProgram(page, 800);

    const program = await readProgram(page);
    expect(program.mode).toBe('webgl2');
    expect([program.width, program.height]).toEqual([800, 600]);
    const source = await readSource(page, 800, 600);
    // SOURCE is the original file, exactly as decoded.
    expect(difference(source, decodeWithFfmpeg(fixtures.png, 800, 600), 0).max).toBe(0);
    const cpu = cpuReference(source, GLOBAL_GRADE);
    const global = difference(program, cpu);
    console.info(`still, LUT-only grade: PROGRAM against the CPU reference, largest difference ${global.max}/255`);
    expect(global.max, `largest difference at ${JSON.stringify(global.at)}`).toBeLessThanOrEqual(2);
    // The grade really changes the picture (the comparison is not of two originals).
    expect(difference(program, source).shareOver).toBeGreaterThan(0.5);
    expect(await page.getByTestId('program-look-badge').innerText()).not.toBe('Original');

    // Undo: a slider step, then Ctrl+Z brings back exactly the previous picture.
    const contrast = page.getByRole('slider', { name: 'Contrast' });
    const before = await programFrame(page);
    await contrast.focus();
    await page.keyboard.press('PageUp');
    await waitForProgram(page, 800, before);
    const changed = await readProgram(page);
    expect(difference(changed, program, 0).max).toBeGreaterThan(0);
    const beforeUndo = await programFrame(page);
    await page.keyboard.press('Control+z');
    await waitForProgram(page, 800, beforeUndo);
    expect(difference(await readProgram(page), program, 0).max).toBe(0);

    // Bypass (\): PROGRAM shows the original.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const beforeBypass = await programFrame(page);
    await page.keyboard.press('\\');
    await waitForProgram(page, 800, beforeBypass);
    expect(difference(await readProgram(page), source, 0).max).toBe(0);
    await page.keyboard.press('\\');

    // Split wipe: the original left of the divider, the grade right of it; the divider moves.
    await page.getByRole('button', { name: 'Split', exact: true }).click();
    await page.getByTestId('split-divider').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="split-divider"]')?.getAttribute('aria-valuenow') === '50');
    let split = await readProgram(page);
    expect(difference(split, source, 0, [0, 400]).max).toBe(0);
    expect(difference(split, program, 2, [400, 800]).max).toBe(0);
    const divider = page.getByTestId('split-divider');
    const box = (await page.getByTestId('program-canvas').boundingBox())!;
    await divider.hover();
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="split-divider"]')?.getAttribute('aria-valuenow')) <= 26);
    split = await readProgram(page);
    const column = Math.round((Number(await divider.getAttribute('aria-valuenow')) / 100) * 800);
    expect(difference(split, source, 0, [0, column - 2]).max).toBe(0);
    expect(difference(split, program, 0, [column + 2, 800]).max).toBe(0);
    await page.getByRole('button', { name: 'Split', exact: true }).click();

    // Clarity and vignette after the LUT: the same formulas as the CPU reference.
    await saveGrade(page, id, SPATIAL_GRADE);
    await reopen(page, 'graded still');
    await waitForProgram(page, 800);
    const spatial = difference(await readProgram(page), cpuReference(source, SPATIAL_GRADE), 2);
    console.info(`still, clarity 60 + vignette 70: largest difference ${spatial.max}/255, ${(spatial.shareOver * 100).toFixed(3)} % of pixels over 2/255`);
    expect(spatial.max).toBeLessThanOrEqual(2);
  });

  it('plays a video with one transport: PROGRAM draws the frame SOURCE shows, graded as the CPU reference, through seeks, steps and the shuttle', async () => {
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, namedCopy(fixtures.h264Mp4, 'graded clip'), 'graded clip');
    const id = await assetIdByName(page, 'graded clip');
    await saveGrade(page, id, SPATIAL_GRADE);
    await reopen(page, 'graded clip');
    await waitForProgram(page, 640);
    const video = page.getByTestId('source-media');
    await page.waitForFunction((el) => el instanceof HTMLVideoElement && el.readyState >= 2, await video.elementHandle());
    const sourcePlayback = page.getByRole('group', { name: 'SOURCE playback' });
    const programPlayback = page.getByRole('group', { name: 'PROGRAM playback' });

    /** PROGRAM against the CPU reference of the SOURCE frame, once the picture is at rest. */
    const compareAtRest = async (label: string) => {
      await page.waitForFunction((el) => el instanceof HTMLVideoElement && !el.seeking && el.paused && el.readyState >= 2, await video.elementHandle());
      let frame = -1;
      for (;;) {
        // At rest: no new PROGRAM frame for 300 ms (a window in which nothing may happen, not a
        // wait for something: a slow machine only takes more rounds).
        const now = await programFrame(page);
        if (now === frame) break;
        frame = now;
        await page.waitForTimeout(300);
      }
      const program = await readProgram(page);
      const source = await readSource(page, 640, 360);
      const result = difference(program, cpuReference(source, SPATIAL_GRADE));
      console.info(`video ${label}: largest difference ${result.max}/255`);
      expect(result.max, label).toBeLessThanOrEqual(2);
      return program;
    };

    // Seek with the SOURCE bar; both bars show the same time.
    await sourcePlayback.getByRole('slider', { name: 'Seek' }).fill('1');
    const atOneSecond = await compareAtRest('after a seek to 1 s');
    expect(await sourcePlayback.getByTestId('transport-time').innerText()).toBe('0:01 / 0:02');
    expect(await programPlayback.getByTestId('transport-time').innerText()).toBe('0:01 / 0:02');

    // One frame forward with →, at the clip's 25 fps.
    const before = await video.evaluate((el: HTMLVideoElement) => el.currentTime);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(([el, t]) => (el as HTMLVideoElement).currentTime > t, [await video.elementHandle(), before] as const);
    const after = await video.evaluate((el: HTMLVideoElement) => el.currentTime);
    const frameIndex = (t: number) => Math.floor(t * 25 + 1e-6);
    expect(frameIndex(after) - frameIndex(before)).toBe(1);
    const stepped = await compareAtRest('after one frame forward');
    expect(difference(stepped, atOneSecond, 0).max).toBeGreaterThan(0);

    // Space plays and pauses the one element both monitors show; PROGRAM keeps up and ends on SOURCE's frame.
    // From the start, so the 2 s clip leaves a busy machine time to see it playing before it ends.
    await sourcePlayback.getByRole('slider', { name: 'Seek' }).fill('0');
    await page.waitForFunction((el) => el instanceof HTMLVideoElement && !el.seeking && el.currentTime === 0, await video.elementHandle());
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const framesBefore = await programFrame(page);
    await page.keyboard.press('Space');
    // Playing, with Pause offered on PROGRAM's bar, seen at one moment (or played to its end).
    const played = await waitingFor('the video to play (or, on a very slow machine, to have played to its end)', WAIT.mediaMs, async (timeout) =>
      page.waitForFunction(
        (el) => {
          if (!(el instanceof HTMLVideoElement)) return null;
          if (el.ended) return 'ended';
          const pause = document.querySelector('[role="group"][aria-label="PROGRAM playback"] button[aria-label="Pause"]');
          return !el.paused && el.currentTime > 0.3 && pause ? 'playing' : null;
        },
        await video.elementHandle(),
        { timeout },
      ),
    );
    if ((await played.jsonValue()) === 'playing') await page.keyboard.press('Space');
    expect(await programFrame(page)).toBeGreaterThan(framesBefore);
    await compareAtRest('after playing and pausing');

    // Reset to start from the PROGRAM bar.
    await programPlayback.getByRole('button', { name: 'Reset to start' }).click();
    await page.waitForFunction((el) => el instanceof HTMLVideoElement && el.currentTime === 0 && !el.seeking, await video.elementHandle());
    await compareAtRest('after reset to start');

    // Shuttle from the start: L plays, L again doubles, K stops.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('l');
    await page.keyboard.press('l');
    await page.waitForFunction((el) => el instanceof HTMLVideoElement && !el.paused && el.playbackRate === 2, await video.elementHandle());
    await page.keyboard.press('k');
    await page.waitForFunction((el) => el instanceof HTMLVideoElement && el.paused && el.playbackRate === 1, await video.elementHandle());
    // J runs backwards (browsers cannot play in reverse: the position steps back), K stops.
    await sourcePlayback.getByRole('slider', { name: 'Seek' }).fill('1.5');
    await page.waitForFunction((el) => el instanceof HTMLVideoElement && !el.seeking && el.currentTime === 1.5, await video.elementHandle());
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const fromTime = 1.5;
    await page.keyboard.press('j');
    await page.waitForFunction(([el, t]) => (el as HTMLVideoElement).currentTime < t - 0.2, [await video.elementHandle(), fromTime] as const);
    await page.keyboard.press('k');
    await compareAtRest('after shuttling backwards');

    // Volume: default 0.5; 0 mutes; unmuting at 0 gives 0.5 back.
    const audio = () => video.evaluate((el: HTMLVideoElement) => ({ volume: Math.round(el.volume * 10) / 10, muted: el.muted }));
    expect(await audio()).toEqual({ volume: 0.5, muted: false });
    await sourcePlayback.getByRole('button', { name: 'Mute' }).click();
    expect(await audio()).toEqual({ volume: 0.5, muted: true });
    await programPlayback.getByRole('button', { name: 'Unmute' }).click();
    expect(await audio()).toEqual({ volume: 0.5, muted: false });
    await sourcePlayback.getByRole('slider', { name: 'Volume' }).fill('0');
    expect(await audio()).toEqual({ volume: 0, muted: true });
    await sourcePlayback.getByRole('button', { name: 'Unmute' }).click();
    expect(await audio()).toEqual({ volume: 0.5, muted: false });
    await programPlayback.getByRole('slider', { name: 'Volume' }).fill('0.8');
    expect(await audio()).toEqual({ volume: 0.8, muted: false });

    // ? opens the help sheet listing the shortcuts.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Shift+?');
    const help = page.getByTestId('help-sheet');
    await help.waitFor();
    for (const text of ['Play or pause', 'Shuttle backwards', 'One frame forward', 'Bypass', 'Undo the last grade change', 'Redo']) {
      expect(await help.innerText()).toContain(text);
    }
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
  });

  it('shows the scopes of PROGRAM: a grey ramp lands on the waveform diagonal, and each scope draws', async () => {
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, namedCopy(fixtures.greyRampPng, 'grey ramp'), 'grey ramp');
    await waitForProgram(page, 512);
    const scopesGroup = page.getByRole('group', { name: 'Scopes' });
    for (const name of ['Waveform', 'RGB Parade', 'Vectorscope', 'Histogram']) await scopesGroup.getByRole('button', { name, exact: true }).click();
    for (const kind of ['waveform', 'parade', 'vectorscope', 'histogram']) {
      await page.waitForFunction((id) => document.querySelector(`[data-testid="scope-${id}"]`)?.getAttribute('data-measured') === 'true', kind);
    }
    // Measured on the GPU from PROGRAM's texture where the browser can (SwiftShader can).
    expect(await page.getByRole('region', { name: 'Scopes' }).getAttribute('data-engine')).toBe('gpu');

    // The ramp goes from 0 at the left to 255 at the right: column c of the waveform peaks at level c.
    const waveform = await readCanvas2d(page, 'scope-waveform');
    expect([waveform.width, waveform.height]).toEqual([256, 256]);
    for (const column of [2, 40, 100, 128, 180, 250]) {
      let brightestRow = -1;
      let brightest = -1;
      for (let row = 0; row < 256; row++) {
        const g = waveform.data[(row * 256 + column) * 4 + 1]!;
        if (g > brightest) {
          brightest = g;
          brightestRow = row;
        }
      }
      expect(brightest, `column ${column}`).toBeGreaterThan(100);
      // Row 0 is level 255.
      expect(Math.abs(255 - brightestRow - column), `column ${column}`).toBeLessThanOrEqual(2);
    }
    // A neutral ramp has no chroma: the vectorscope lights only its centre.
    const vectorscope = await readCanvas2d(page, 'scope-vectorscope');
    const lit = (p: { data: Uint8Array }, x: number, y: number, width: number) => p.data[(y * width + x) * 4 + 1]! > 40;
    expect(lit(vectorscope, 128, 128, 256)).toBe(true);
    expect(lit(vectorscope, 40, 40, 256)).toBe(false);
    // The parade draws the same diagonal three times; the histogram is not empty.
    const parade = await readCanvas2d(page, 'scope-parade');
    for (const offset of [0, 256, 512]) expect(lit(parade, offset + 128, 127, 768)).toBe(true);
    const histogram = await readCanvas2d(page, 'scope-histogram');
    let nonBlack = 0;
    for (let i = 0; i < histogram.data.length; i += 4) if (histogram.data[i]! + histogram.data[i + 1]! + histogram.data[i + 2]! > 60) nonBlack++;
    expect(nonBlack).toBeGreaterThan(256 * 20);
    await page.getByTestId('skin-tone-line').waitFor({ state: 'attached' });

    // A look moves the trace: the scopes follow PROGRAM, not SOURCE.
    const before = await readCanvas2d(page, 'scope-waveform');
    await page.getByRole('slider', { name: 'Contrast' }).focus();
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageUp');
    await page.waitForFunction(
      (previous) => {
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="scope-waveform"]');
        const data = canvas?.getContext('2d')?.getImageData(0, 0, 256, 256).data;
        if (!data) return false;
        let changed = 0;
        for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i + 1]! - previous[i / 4]!) > 30) changed++;
        return changed > 200;
      },
      Array.from({ length: 256 * 256 }, (_, i) => before.data[i * 4 + 1]!),
    );
  });

  it('keeps panel sizes per group across a reload', async () => {
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, namedCopy(fixtures.jpeg, 'layout photo'), 'layout photo');
    const separator = page.getByRole('separator', { name: 'Resize preview and panels' });
    expect(await separator.getAttribute('aria-valuenow')).toBe('55');
    await separator.focus();
    await page.keyboard.press('ArrowUp'); // 10 % a step: the preview shrinks to 45
    await page.waitForFunction(() => document.querySelector('[role="separator"][aria-label="Resize preview and panels"]')?.getAttribute('aria-valuenow') === '45');
    // Minimum 40 for the preview: Shift+arrow (100 %) stops there.
    await page.keyboard.press('Shift+ArrowUp');
    await page.waitForFunction(() => document.querySelector('[role="separator"][aria-label="Resize preview and panels"]')?.getAttribute('aria-valuenow') === '40');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.querySelector('[role="separator"][aria-label="Resize preview and panels"]')?.getAttribute('aria-valuenow') === '50');
    // Saved (debounced 100 ms) under the group's id.
    await page.waitForFunction(() => localStorage.getItem('react-resizable-panels:cinegrade.editor')?.includes('[50,50]'));
    await reopen(page, 'layout photo');
    expect(await page.getByRole('separator', { name: 'Resize preview and panels' }).getAttribute('aria-valuenow')).toBe('50');
    const preview = await page.locator('[data-panel-id="editor-preview"]').boundingBox();
    const panels = await page.locator('[data-panel-id="editor-panels"]').boundingBox();
    expect(Math.abs(preview!.height - panels!.height)).toBeLessThan(4);
  });

  it('shows the payment toasts and takes the parameter out of the address', async () => {
    await signUpAndSignIn(page, server);
    // The success address alone proves nothing: a Free user is told the payment is being confirmed.
    await page.goto(`${server.url}/?payment=success`);
    await waitForToast(page, PAYMENT_MESSAGES.confirming.title);
    await page.waitForURL(`${server.url}/`);
    expect(await page.getByText('Payment Successful!').count()).toBe(0);
    await page.goto(`${server.url}/?payment=cancelled`);
    await waitForToast(page, 'Payment Cancelled');
    expect(await page.getByTestId('toast').innerText()).toContain('You can try again anytime');
    await page.waitForURL(`${server.url}/`);
  });

  it('offers Batch Process and, with media, Smart Enhance in the header; batch is locked below Premium', async () => {
    await signUpAndSignIn(page, server);
    const header = page.getByRole('banner');
    expect(await header.getByRole('switch', { name: 'Smart Enhance' }).count()).toBe(0);
    await header.getByRole('switch', { name: 'Batch Process' }).click();
    await page.getByRole('heading', { name: 'Batch Processing - Premium Only' }).waitFor();
    await header.getByRole('switch', { name: 'Batch Process' }).click();
    await page.getByRole('heading', { name: 'My Assets' }).waitFor();

    await uploadAndOpen(page, namedCopy(fixtures.jpeg, 'header photo'), 'header photo');
    // Smart Enhancement does not exist yet: the switch is off and disabled, saying so.
    const smart = header.getByRole('switch', { name: 'Smart Enhance' });
    await smart.waitFor();
    expect(await smart.isDisabled()).toBe(true);
    expect(await smart.getAttribute('aria-checked')).toBe('false');
    expect(await smart.getAttribute('aria-description')).toBe('Smart Enhancement is not available yet');
    expect(await header.getByText('not available yet').isVisible()).toBe(true);

    // The bottom panel's Batch/Assets toggle is the same switch as the header's.
    await page.getByRole('group', { name: 'My Assets or Batch Processing' }).getByRole('button', { name: 'Batch' }).click();
    expect(await header.getByRole('switch', { name: 'Batch Process' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL(`${server.url}/subscriptions`);
  });

  it("says 'Failed to load video' when the file cannot be read, and Retry plays it once it can", async () => {
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, namedCopy(fixtures.h264Mp4, 'flaky clip'), 'flaky clip');
    await waitForProgram(page, 640);
    await page.route('**/api/files/**', (route) => route.abort('connectionreset'));
    await reopen(page, 'flaky clip');
    await waitingFor("the player's 'Failed to load video'", WAIT.mediaMs, (timeout) => page.getByText('Failed to load video').first().waitFor({ timeout }));
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: 'Retry' }).first().click();
    await waitForProgram(page, 640);
    expect(await page.getByText('Failed to load video').count()).toBe(0);
  });

  it('grades stills on the CPU where WebGL2 is missing, and says so for video', async () => {
    // A page of its own, in a browser without WebGL2.
    const cpuPage = await browser.context.newPage();
    try {
      await cpuPage.addInitScript(() => {
        // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with this canvas
        const original = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
          if (type === 'webgl2') return null;
          return (original as (this: HTMLCanvasElement, ...args: unknown[]) => RenderingContext | null).call(this, type, ...rest);
        } as typeof HTMLCanvasElement.prototype.getContext;
      });
      await signUpAndSignIn(cpuPage, server);
      await uploadAndOpen(cpuPage, namedCopy(fixtures.png, 'cpu still'), 'cpu still');
      const id = await assetIdByName(cpuPage, 'cpu still');
      await saveGrade(cpuPage, id, SPATIAL_GRADE);
      await reopen(cpuPage, 'cpu still');
      await waitForProgram(cpuPage, 800);
      const program = await readProgram(cpuPage);
      expect(program.mode).toBe('cpu');
      const source = await readSource(cpuPage, 800, 600);
      // The very renderer the test uses as its reference.
      expect(difference(program, cpuReference(source, SPATIAL_GRADE), 0).max).toBe(0);

      await uploadAndOpen(cpuPage, namedCopy(fixtures.h264Mp4, 'cpu clip'), 'cpu clip');
      await waitingFor("the notice 'This browser has no WebGL2'", WAIT.mediaMs, (timeout) => cpuPage.getByText('This browser has no WebGL2').waitFor({ timeout }));
    } finally {
      await cpuPage.close();
    }
  });
});

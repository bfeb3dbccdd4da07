import { EDITOR_LOOK_IDS, LOOKS } from '@cinegrade/color';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { browserForSuite } from '../support/browser';
import { namedCopy, programFrame, uploadAndOpen, waitForProgram } from '../support/editor-pages';
import { fixtures } from '../support/fixtures';
import { sharedServer } from '../support/shared-server';
import { tapUntil, until, WAIT } from '../support/waits';

const AREAS = ['My Assets', 'Smart Auto Grade', 'Hollywood LUTs', 'Color Grading'] as const;

interface Sideways {
  viewport: number;
  clientWidth: number;
  scrollWidth: number;
  /** Visible elements reaching past the window's right or left edge, not clipped by a scrolling or clipping box inside it. */
  outside: string[];
}

/** Whether anything on the page scrolls or sticks out sideways. */
async function sideways(page: Page): Promise<Sideways> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const scroller = document.scrollingElement ?? document.documentElement;
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible') {
          const box = parent.getBoundingClientRect();
          if (box.right <= viewport + 1 && box.left >= -1) return true;
        }
      }
      return false;
    };
    const outside: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if ((box.right > viewport + 1 || box.left < -1 || box.width > viewport + 1) && !clipped(element)) {
        outside.push(`${element.tagName.toLowerCase()}.${String(element.className)} [${Math.round(box.left)}..${Math.round(box.right)}]`);
      }
    }
    return { viewport, clientWidth: scroller.clientWidth, scrollWidth: scroller.scrollWidth, outside: outside.slice(0, 10) };
  });
}

async function expectNoSidewaysScroll(page: Page, width: number, where: string): Promise<void> {
  const result = await sideways(page);
  expect(result.viewport, `${where}: the window is laid out at its own width`).toBe(width);
  expect(result.clientWidth, where).toBe(width);
  expect(result.scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(result.clientWidth);
  expect(result.outside, `${where}: elements past the window's edge`).toEqual([]);
}

/** A touch drag from one point to another through the DevTools protocol (touchstart, moves, touchend). */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 8): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let step = 1; step <= steps; step++) {
    const x = from.x + ((to.x - from.x) * step) / steps;
    const y = from.y + ((to.y - from.y) * step) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function box(selector: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await selector.boundingBox();
  if (!found) throw new Error('the element is not shown');
  return found;
}

describe('editor layouts on desktops and tablets', () => {
  const server = sharedServer();
  const browser = browserForSuite({ keepStateBetweenTests: true });

  it('fits every window from 1024 to 1920 px wide: all four areas side by side on a desktop, usable at 1280×720, tabs on a tablet', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    await signUpAndSignIn(page, server);
    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('workspace-drop').waitFor();
      await expectNoSidewaysScroll(page, width, `empty workspace at ${width}×${height}`);
    }

    await page.setViewportSize({ width: 1366, height: 768 });
    await uploadAndOpen(page, namedCopy(fixtures.png, 'layout still'), 'layout still');
    await waitForProgram(page, 800);

    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForFunction(() => document.querySelector('[data-testid="editor"]')?.getAttribute('data-layout') === 'desktop');
      await expectNoSidewaysScroll(page, width, `editor at ${width}×${height}`);
      for (const area of AREAS) expect(await page.getByRole('region', { name: area, exact: true }).isVisible(), `${area} at ${width}`).toBe(true);
      expect(await page.getByRole('tablist', { name: 'Editor panels' }).count()).toBe(0);
      expect(await page.getByRole('switch', { name: 'Batch Process' }).isVisible()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Smart Enhance' }).isVisible()).toBe(true);
    }

    // 1280×720 with the bottom panel dragged to its smallest: every area keeps room for its controls.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForFunction(() => document.querySelector('[data-testid="editor"]')?.getAttribute('data-layout') === 'desktop');
    await page.getByRole('separator', { name: 'Resize preview and panels' }).focus();
    await page.keyboard.press('End');
    await page.getByRole('separator', { name: 'Resize Smart Auto Grade and Hollywood LUTs' }).focus();
    await page.keyboard.press('End');
    await expectNoSidewaysScroll(page, 1280, 'editor at 1280×720, panels at their smallest');
    for (const area of AREAS) {
      const { width, height } = await box(page.getByRole('region', { name: area, exact: true }));
      expect(width, `${area} width at 1280×720`).toBeGreaterThanOrEqual(220);
      expect(height, `${area} height at 1280×720`).toBeGreaterThanOrEqual(170);
    }
    const grading = await box(page.getByRole('region', { name: 'Color Grading', exact: true }));
    const exposure = await box(page.getByRole('region', { name: 'Color Grading', exact: true }).getByRole('slider').first());
    expect(exposure.y + exposure.height, 'the first slider is in view').toBeLessThanOrEqual(grading.y + grading.height);
    const program = await box(page.getByRole('region', { name: 'PROGRAM monitor' }));
    expect(program.height).toBeGreaterThanOrEqual(150);

    // Tablet: the four areas are tabs, one shown at a time; the header's toggles are in the user menu.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.waitForFunction(() => document.querySelector('[data-testid="editor"]')?.getAttribute('data-layout') === 'tablet');
    await expectNoSidewaysScroll(page, 1024, 'editor at 1024×768');
    const tabs = page.getByRole('tablist', { name: 'Editor panels' });
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual([...AREAS]);
    await tabs.getByRole('tab', { name: 'Hollywood LUTs' }).click();
    await page.getByRole('region', { name: 'Hollywood LUTs', exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Color Grading', exact: true }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Hollywood LUTs' }).getAttribute('aria-selected')).toBe('true');
    await tabs.getByRole('tab', { name: 'Color Grading' }).click();
    await page.getByRole('region', { name: 'Color Grading', exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Hollywood LUTs', exact: true }).count()).toBe(0);
    // Both monitors are shown: side by side in a wide preview, stacked in a tall one.
    const monitors = async () => ({ source: await box(page.getByRole('region', { name: 'SOURCE monitor' })), program: await box(page.getByRole('region', { name: 'PROGRAM monitor' })) });
    const sideBySide = ({ source, program }: Awaited<ReturnType<typeof monitors>>) => Math.abs(source.y - program.y) < 2 && source.x + source.width <= program.x + 1;
    const stacked = ({ source, program }: Awaited<ReturnType<typeof monitors>>) => Math.abs(source.x - program.x) < 2 && source.y + source.height <= program.y + 1;
    expect(sideBySide(await monitors()), JSON.stringify(await monitors())).toBe(true);
    // A portrait tablet with the preview dragged to its tallest: one monitor over the other, each as wide as the preview.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.waitForFunction(() => window.innerWidth === 768 && document.querySelector('[data-testid="editor"]')?.getAttribute('data-layout') === 'tablet');
    await page.getByRole('separator', { name: 'Resize preview and panels' }).focus();
    await page.keyboard.press('End');
    await until('the monitors to stack in a tall preview', async () => stacked(await monitors()));
    expect((await monitors()).source.height, 'a stacked monitor keeps a usable height').toBeGreaterThanOrEqual(150);
    await expectNoSidewaysScroll(page, 768, 'editor at 768×1024, monitors stacked');
    await page.keyboard.press('Home');
    await until('the monitors side by side again in a wide preview', async () => sideBySide(await monitors()));
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.waitForFunction(() => window.innerWidth === 1024);
    expect(await page.getByRole('switch', { name: 'Batch Process' }).count()).toBe(0);
    await page.getByRole('button', { name: 'User menu' }).click();
    // Smart Enhancement does not exist yet: its menu switch is off and disabled.
    const smart = page.getByRole('menuitemcheckbox', { name: /^Smart Enhance/ });
    await smart.waitFor();
    expect(await smart.getAttribute('aria-checked')).toBe('false');
    expect(await smart.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
  });
});

/** The controls of an area that reach past what the area shows: past its box, or past a scrolling or clipping box inside it. */
async function controlsOutside(area: Locator, options: { sidewaysOnly?: boolean } = {}): Promise<string[]> {
  return area.evaluate((root, sidewaysOnly) => {
    const outside: string[] = [];
    const rootBox = root.getBoundingClientRect();
    for (const control of root.querySelectorAll('button, input, select, [role="slider"], [role="tab"], .wheel-disc, .curve-editor')) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      let shown = { left: rootBox.left, right: rootBox.right, top: rootBox.top, bottom: rootBox.bottom };
      for (let parent = control.parentElement; parent && parent !== root; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        shown = { left: Math.max(shown.left, clip.left), right: Math.min(shown.right, clip.right), top: Math.max(shown.top, clip.top), bottom: Math.min(shown.bottom, clip.bottom) };
      }
      const sideways = box.left < shown.left - 1 || box.right > shown.right + 1;
      const below = box.top < shown.top - 1 || box.bottom > shown.bottom + 1;
      if (sideways || (!sidewaysOnly && below)) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 24) ?? '';
        outside.push(`${control.tagName.toLowerCase()} "${name}" at ${Math.round(box.left)},${Math.round(box.top)}..${Math.round(box.right)},${Math.round(box.bottom)}`);
      }
    }
    return outside;
  }, options.sidewaysOnly ?? false);
}

/** How many cards of the Hollywood LUTs grid show whole, not cut by its scrolling box. */
async function wholeLookCards(page: Page): Promise<number> {
  return page.getByTestId('looks-catalogue').evaluate((scroller) => {
    const shown = scroller.getBoundingClientRect();
    return [...scroller.querySelectorAll('.look-grid > *')].filter((card) => {
      const box = card.getBoundingClientRect();
      return box.width > 0 && box.top >= shown.top - 1 && box.bottom <= shown.bottom + 1 && box.left >= shown.left - 1 && box.right <= shown.right + 1;
    }).length;
  });
}

describe('the bottom panel at common desktop sizes', () => {
  const server = sharedServer();
  const browser = browserForSuite();

  it('shows the four wheels together and every control inside its area at 1366×768, 1440×900 and 1920×1080, and 24 looks at once in the larger catalogue', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, namedCopy(fixtures.png, 'panel sizes still'), 'panel sizes still');
    await waitForProgram(page, 800);
    const grading = page.getByRole('region', { name: 'Color Grading' });
    const looks = page.getByRole('region', { name: 'Hollywood LUTs' });
    for (const [width, height] of [
      [1366, 768],
      [1440, 900],
      [1920, 1080],
    ] as const) {
      const where = `${width}×${height}`;
      await page.setViewportSize({ width, height });
      await page.waitForFunction((w) => window.innerWidth === w && document.querySelector('[data-testid="editor"]')?.getAttribute('data-layout') === 'desktop', width);

      await grading.getByRole('tab', { name: 'Wheels' }).click();
      const discs = ['Lift', 'Gamma', 'Gain', 'Offset'].map((name) => page.getByTestId(`wheel-disc-${name}`));
      await discs[0]!.waitFor();
      const area = await box(grading);
      for (const disc of discs) {
        const shown = await box(disc);
        expect(shown.width, `${where}: a wheel big enough to aim at`).toBeGreaterThanOrEqual(50);
        expect(shown.y >= area.y && shown.y + shown.height <= area.y + area.height, `${where}: every wheel in view at once`).toBe(true);
      }
      expect(await controlsOutside(grading), `${where}: Wheels controls past the area's edge`).toEqual([]);

      await grading.getByRole('tab', { name: 'Curves' }).click();
      await page.getByRole('button', { name: 'Reset all curves' }).waitFor();
      expect((await box(grading.locator('.curve-editor'))).width, `${where}: a curve box big enough to drag in`).toBeGreaterThanOrEqual(90);
      expect(await controlsOutside(grading), `${where}: Curves controls past the area's edge`).toEqual([]);

      // The nine sliders scroll within the area; none reaches past its sides.
      await grading.getByRole('tab', { name: 'Sliders' }).click();
      await page.getByRole('slider', { name: 'Vignette' }).waitFor();
      expect(await controlsOutside(grading, { sidewaysOnly: true }), `${where}: Sliders controls past the area's sides`).toEqual([]);

      // Hollywood LUTs: the heading, the grid and the footer's controls (the chips scroll sideways in their row).
      expect(await controlsOutside(looks.locator('.looks-head')), `${where}: LUT heading controls past the area's edge`).toEqual([]);
      expect(await controlsOutside(looks.locator('.looks-footer')), `${where}: LUT footer controls past the area's edge`).toEqual([]);
      expect(await wholeLookCards(page), `${where}: at least two whole rows of looks`).toBeGreaterThanOrEqual(8);
    }

    // The larger catalogue: at 1366×768 at least 24 whole cards; Escape puts it back.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.waitForFunction(() => window.innerWidth === 1366);
    await looks.getByRole('button', { name: 'Show more looks' }).click();
    await until('the larger catalogue to show 24 whole looks', async () => (await wholeLookCards(page)) >= 24);
    expect(await looks.getByRole('button', { name: 'Show fewer looks' }).getAttribute('aria-expanded')).toBe('true');
    await expectNoSidewaysScroll(page, 1366, 'the larger catalogue');
    await page.keyboard.press('Escape');
    await looks.getByRole('button', { name: 'Show more looks' }).waitFor();
    expect(await wholeLookCards(page)).toBeLessThan(24);
  });
});

describe('editor layout on a phone (390×844, touch)', () => {
  const server = sharedServer();
  const browser = browserForSuite({
    keepStateBetweenTests: true,
    device: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
  });

  it('nothing scrolls sideways; one monitor at a time with the switch; the areas as a tab bar; toggles in the menu; touch moves the split wipe and the sliders', async () => {
    const page = browser.page;
    await page.goto(server.url);
    await page.getByTestId('landing-drop').waitFor();
    await expectNoSidewaysScroll(page, 390, 'landing page');
    await signUpAndSignIn(page, server);
    await page.getByTestId('workspace-drop').waitFor();
    await expectNoSidewaysScroll(page, 390, 'empty workspace');

    await uploadAndOpen(page, namedCopy(fixtures.png, 'phone still'), 'phone still');
    await waitForProgram(page, 800);
    expect(await page.getByTestId('editor').getAttribute('data-layout')).toBe('phone');
    await expectNoSidewaysScroll(page, 390, 'editor');

    // One monitor at a time.
    const source = page.getByRole('region', { name: 'SOURCE monitor' });
    const program = page.getByRole('region', { name: 'PROGRAM monitor' });
    const monitorSwitch = page.getByRole('group', { name: 'Monitor' });
    const divider = page.getByTestId('split-divider');
    expect(await monitorSwitch.getByRole('button', { name: 'PROGRAM' }).getAttribute('aria-pressed')).toBe('true');
    expect([await source.isVisible(), await program.isVisible()]).toEqual([false, true]);
    await tapUntil('SOURCE to be shown', monitorSwitch.getByRole('button', { name: 'SOURCE' }), (timeout) => source.waitFor({ state: 'visible', timeout }));
    expect(await program.isVisible()).toBe(false);
    await tapUntil('PROGRAM with the split wipe to be shown', monitorSwitch.getByRole('button', { name: 'Split' }), (timeout) => divider.waitFor({ state: 'visible', timeout }));
    expect(await program.isVisible()).toBe(true);
    expect(await source.isVisible()).toBe(false);
    await expectNoSidewaysScroll(page, 390, 'editor with the split wipe');

    // The split wipe follows a finger.
    await page.waitForFunction(() => document.querySelector('[data-testid="split-divider"]')?.getAttribute('aria-valuenow') === '50');
    const canvas = await box(page.getByTestId('program-canvas'));
    const handle = await box(divider);
    await touchDrag(page, { x: handle.x + handle.width / 2, y: canvas.y + canvas.height / 2 }, { x: canvas.x + canvas.width * 0.25, y: canvas.y + canvas.height / 2 });
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="split-divider"]')?.getAttribute('aria-valuenow')) <= 30);
    await tapUntil('the split wipe to go', monitorSwitch.getByRole('button', { name: 'PROGRAM' }), (timeout) => divider.waitFor({ state: 'detached', timeout }));

    // The four areas as a tab bar; the sliders are as wide as the screen allows.
    const tabs = page.getByRole('tablist', { name: 'Editor panels' });
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual([...AREAS]);
    const bar = await box(tabs);
    expect(bar.width).toBeGreaterThanOrEqual(370);
    await tapUntil('the Smart Auto Grade tab', tabs.getByRole('tab', { name: 'Smart Auto Grade' }), (timeout) => page.getByRole('region', { name: 'Smart Auto Grade', exact: true }).waitFor({ timeout }));
    await expectNoSidewaysScroll(page, 390, 'Smart Auto Grade tab');
    await tapUntil('the Hollywood LUTs tab', tabs.getByRole('tab', { name: 'Hollywood LUTs' }), (timeout) => page.getByRole('region', { name: 'Hollywood LUTs', exact: true }).waitFor({ timeout }));
    await expectNoSidewaysScroll(page, 390, 'Hollywood LUTs tab');
    // A look is chosen by a tap: marked chosen, and PROGRAM names it.
    const tapped = LOOKS.find((look) => look.tier === 'free' && EDITOR_LOOK_IDS.includes(look.id));
    if (!tapped) throw new Error('the catalogue has no free editor look to tap');
    const card = page.getByRole('group', { name: 'All looks' }).locator(`[data-look="${tapped.id}"]`);
    await card.scrollIntoViewIfNeeded();
    await tapUntil(`the look ${tapped.name} to be chosen`, card, (timeout) => page.waitForFunction((id) => document.querySelector(`[data-look="${id}"]`)?.getAttribute('aria-pressed') === 'true', tapped.id, { timeout }));
    await tabs.getByRole('tab', { name: 'My Assets' }).tap();
    await page.waitForFunction((name) => document.querySelector('[data-testid="program-look-badge"]')?.textContent?.trim() === name, tapped.name);
    await tabs.getByRole('tab', { name: 'My Assets' }).tap();
    await page.getByRole('button', { name: 'Open phone still', exact: true }).waitFor();
    await expectNoSidewaysScroll(page, 390, 'My Assets tab');
    await tabs.getByRole('tab', { name: 'Color Grading' }).tap();
    const contrast = page.getByTestId('slider-Contrast');
    await contrast.scrollIntoViewIfNeeded();
    const track = await box(contrast.locator('.slider-root'));
    expect(track.width, 'a slider spans the screen').toBeGreaterThanOrEqual(330);

    // A finger on the Contrast slider changes the grade, and PROGRAM draws it.
    expect(await contrast.locator('output').innerText()).toBe('0');
    const before = await programFrame(page);
    const middle = { x: track.x + track.width / 2, y: track.y + track.height / 2 };
    await touchDrag(page, middle, { x: middle.x + track.width * 0.2, y: middle.y });
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="slider-Contrast"] output')?.textContent) > 10);
    await waitForProgram(page, 800, before);

    // The header's toggles are in the user menu.
    expect(await page.getByRole('switch', { name: 'Batch Process' }).count()).toBe(0);
    await page.getByRole('button', { name: 'User menu' }).tap();
    const batch = page.getByRole('menuitemcheckbox', { name: 'Batch Process' });
    await batch.waitFor();
    expect(await page.getByRole('menuitemcheckbox', { name: /^Smart Enhance/ }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, 390, 'user menu');
    await batch.tap();
    expect(await batch.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('tab', { name: 'My Assets' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Batch', exact: true, pressed: true }).waitFor();
    await expectNoSidewaysScroll(page, 390, 'Batch Processing');
  });

  it('scrubs a video with a finger on the playback bar, which names the monitor shown', async () => {
    const page = browser.page;
    await uploadAndOpen(page, namedCopy(fixtures.h264Mp4, 'phone clip'), 'phone clip');
    const video = page.getByTestId('source-media');
    await page.waitForFunction((el) => el instanceof HTMLVideoElement && el.readyState >= 2, await video.elementHandle(), { timeout: WAIT.mediaMs });
    await tapUntil('PROGRAM playback', page.getByRole('group', { name: 'Monitor' }).getByRole('button', { name: 'PROGRAM' }), (timeout) => page.getByRole('group', { name: 'PROGRAM playback' }).waitFor({ timeout }));
    // One playback bar, for the monitor shown.
    expect(await page.getByRole('group', { name: /playback$/ }).count()).toBe(1);
    const playback = page.getByRole('group', { name: 'PROGRAM playback' });
    const seek = await box(playback.getByRole('slider', { name: 'Seek' }));
    const y = seek.y + seek.height / 2;
    await touchDrag(page, { x: seek.x + 4, y }, { x: seek.x + seek.width * 0.75, y });
    await page.waitForFunction((el) => el instanceof HTMLVideoElement && el.currentTime > 1 && !el.seeking, await video.elementHandle());
    expect(await playback.getByTestId('transport-time').innerText()).toBe('0:01 / 0:02');
    await tapUntil('SOURCE playback', page.getByRole('group', { name: 'Monitor' }).getByRole('button', { name: 'SOURCE' }), (timeout) => page.getByRole('group', { name: 'SOURCE playback' }).waitFor({ timeout }));
    await expectNoSidewaysScroll(page, 390, 'editor with a video');
  });

  it('no other page scrolls sideways on the phone either', async () => {
    const page = browser.page;
    for (const path of ['/settings', '/profile', '/subscriptions', '/help-support', '/tutorials-learning', '/film-color-analysis', '/color-correction-grading', '/privacy-policy', '/terms-of-service', '/no-such-page']) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectNoSidewaysScroll(page, 390, path);
    }
  });
});

import { getLook, LOOKS, type LookId } from '@cinegrade/color';
import { PREMIUM_LOOK_REFUSAL } from '@cinegrade/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, waitForToast } from '../support/accounts';
import { browserForSuite } from '../support/browser';
import { difference, namedCopy, readProgram, uploadAndOpen, waitForProgram } from '../support/editor-pages';
import { fixtures } from '../support/fixtures';
import { sharedServer } from '../support/shared-server';
import { pollFor, WAIT, waitingFor } from '../support/waits';

interface CatalogueLayout {
  columns: number;
  /** Rows whose every card lies wholly inside the looks area's visible box. */
  fullRows: number;
  cardHeight: number;
  visibleBox: { top: number; bottom: number; left: number; right: number };
  catalogueScrollTop: number;
  pageScrollX: number;
  sideways: number;
}

/**
 * Measures the catalogue as a person sees it: the box of the grid's scroller, clipped by the
 * Hollywood LUTs area and the window; a row counts when all of its cards are inside that box.
 */
function measureCatalogue(page: Page): Promise<CatalogueLayout> {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="looks-catalogue"]');
    const area = document.querySelector<HTMLElement>('section[aria-label="Hollywood LUTs"]');
    const grid = scroller?.querySelector<HTMLElement>('.look-grid');
    if (!scroller || !area || !grid) throw new Error('no looks catalogue on the page');
    const s = scroller.getBoundingClientRect();
    const a = area.getBoundingClientRect();
    const box = {
      top: Math.max(s.top, a.top, 0),
      bottom: Math.min(s.bottom, a.bottom, window.innerHeight),
      left: Math.max(s.left, a.left, 0),
      right: Math.min(s.right, a.right, window.innerWidth),
    };
    const columns = getComputedStyle(grid).gridTemplateColumns.trim().split(/\s+/).length;
    const cards = Array.from(grid.querySelectorAll<HTMLElement>('[data-grid-key]')).map((card) => card.getBoundingClientRect());
    const rows = new Map<number, DOMRect[]>();
    for (const rect of cards) rows.set(Math.round(rect.top), [...(rows.get(Math.round(rect.top)) ?? []), rect]);
    const inside = (r: DOMRect) => r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
    const fullRows = [...rows.values()].filter((row) => row.length === columns && row.every(inside)).length;
    const root = document.scrollingElement ?? document.documentElement;
    return {
      columns,
      fullRows,
      cardHeight: cards[0]?.height ?? 0,
      visibleBox: box,
      catalogueScrollTop: scroller.scrollTop,
      pageScrollX: window.scrollX,
      sideways: root.scrollWidth - root.clientWidth,
    };
  });
}

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

describe('the looks catalogue, in Chromium', () => {
  const server = sharedServer();
  const browser = browserForSuite({ keepStateBetweenTests: true });
  let page: Page;
  beforeAll(async () => {
    page = browser.page;
    await page.setViewportSize(SIZES[0]);
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, namedCopy(fixtures.png, 'catalogue still'), 'catalogue still');
    await waitForProgram(page, 800);
  });

  for (const size of SIZES) {
    it(`shows at least two full rows of swatches without scrolling at ${size.width}×${size.height}, and nothing scrolls sideways`, async () => {
      await page.setViewportSize(size);
      await page.waitForFunction(
        (width) => window.innerWidth === width && document.querySelectorAll('[data-testid="looks-catalogue"] [data-grid-key]').length > 0,
        size.width,
      );
      // Layout settles after the resize (the resizable panels measure themselves).
      await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
      const layout = await measureCatalogue(page);
      expect(layout.catalogueScrollTop).toBe(0);
      expect(layout.columns).toBeGreaterThanOrEqual(3);
      expect(layout.fullRows, JSON.stringify(layout)).toBeGreaterThanOrEqual(2);
      expect(layout.pageScrollX).toBe(0);
      expect(layout.sideways, 'the page is wider than the window').toBeLessThanOrEqual(0);
      // The chips and the controls are on screen too.
      await expect(page.getByRole('group', { name: 'Look categories' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('slider', { name: 'Look strength' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: '.cube files' }).isVisible()).resolves.toBe(true);
    });
  }

  it('chooses a look with the arrow keys and Enter: it is marked selected and PROGRAM changes', async () => {
    await page.setViewportSize(SIZES[0]);
    const before = await readProgram(page);
    const grid = page.getByRole('group', { name: 'All looks' });
    const first = grid.locator('[data-grid-key][tabindex="0"]');
    await first.focus();
    const { columns } = await measureCatalogue(page);
    // One right, one down: the card `columns + 1` along, by the grid's real column count.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-look') ?? null);
    const keys = await grid.locator('[data-grid-key]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-grid-key')));
    expect(focused).toBe(keys[columns + 1]);
    const look = getLook(focused as LookId);
    expect(look.tier).toBe('free');
    await page.keyboard.press('Enter');
    const card = grid.locator(`[data-look="${look.id}"]`);
    await expect.poll(() => card.getAttribute('aria-pressed'), pollFor('the look card pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('program-look-badge').innerText(), pollFor('the look badge to name the look')).toBe(look.name);
    await expect.poll(async () => difference(await readProgram(page), before).shareOver, pollFor('PROGRAM to show the look')).toBeGreaterThan(0.2);
    // Only the chosen card is in the tab order now; the page did not move.
    expect(await grid.locator('[data-grid-key][tabindex="0"]').getAttribute('data-look')).toBe(look.id);
    expect((await measureCatalogue(page)).sideways).toBeLessThanOrEqual(0);
  });

  it('shows a long look name whole, in a tip inside the window, on keyboard focus and on hover', async () => {
    await page.setViewportSize(SIZES[0]);
    const grid = page.getByRole('group', { name: 'All looks' });
    const keys = await grid.locator('[data-grid-key]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-grid-key')));
    const longest = LOOKS.filter((look) => keys.includes(look.id)).reduce((a, b) => (b.name.length > a.name.length ? b : a));
    const index = keys.indexOf(longest.id);
    const card = grid.locator(`[data-look="${longest.id}"]`);
    await card.scrollIntoViewIfNeeded();
    const cutShort = () => card.locator('.look-card-name').evaluate((label) => label.scrollWidth > label.clientWidth);
    expect(await cutShort(), `${longest.name} is cut short on its card`).toBe(true);
    const tip = page.getByTestId('look-name-tip');
    /** The tip's text, and whether all of it is inside the window and clear of its card's label. */
    const shownTip = () =>
      tip.evaluate((element, id) => {
        const box = element.getBoundingClientRect();
        const label = document.querySelector(`[data-look="${id}"] .look-card-name`)?.getBoundingClientRect();
        const style = getComputedStyle(element);
        return {
          text: element.textContent,
          visible: style.visibility === 'visible' && box.width > 0,
          inWindow: box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight,
          unclipped: element.scrollWidth <= element.clientWidth,
          clearOfLabel: !label || box.bottom <= label.top || box.top >= label.bottom,
        };
      }, longest.id);
    const whole = { text: longest.name, visible: true, inWindow: true, unclipped: true, clearOfLabel: true };

    // A name that fits needs no tip.
    const shortest = LOOKS.filter((look) => keys.includes(look.id)).reduce((a, b) => (b.name.length < a.name.length ? b : a));
    await grid.locator(`[data-look="${shortest.id}"]`).focus();
    expect(await tip.count(), `no tip for ${shortest.name}, which fits`).toBe(0);

    // Focus by the keyboard, from the card before it.
    await grid.locator(`[data-grid-key="${keys[index - 1]}"]`).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((id) => document.activeElement?.getAttribute('data-look') === id, longest.id);
    await expect.poll(() => tip.allInnerTexts(), pollFor('the tip of the focused card')).toEqual([longest.name]);
    expect(await shownTip(), `${longest.name} on keyboard focus`).toEqual(whole);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await tip.allInnerTexts()).includes(longest.name), pollFor('the tip to leave with the focus')).toBe(false);

    // Hovered while the focus is on the card before it: the one tip is the hovered card's.
    await card.hover();
    await expect.poll(() => tip.allInnerTexts(), pollFor('the tip of the hovered card')).toEqual([longest.name]);
    expect(await shownTip(), `${longest.name} on hover`).toEqual(whole);
    await page.mouse.move(0, 0);
    await expect.poll(async () => (await tip.allInnerTexts()).includes(longest.name), pollFor('the tip to leave with the pointer')).toBe(false);
  });

  it('offers the filter-recipe presets under Presets, refused to Free like any premium look', async () => {
    await page.getByRole('button', { name: 'Presets', exact: true }).click();
    const presets = page.getByRole('group', { name: 'Presets looks' });
    expect(await presets.locator('[data-look]').count()).toBe(38);
    await presets.getByRole('button', { name: 'Bleach Bypass (Premium)', exact: true }).click();
    await waitForToast(page, PREMIUM_LOOK_REFUSAL.title);
    expect(await presets.getByRole('button', { name: 'Bleach Bypass (Premium)', exact: true }).getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: 'All', exact: true }).click();
  });

  it("marks Smart Analyze's recommendations in the catalogue, with their confidence", async () => {
    await page.getByRole('region', { name: 'Smart Auto Grade' }).getByRole('button', { name: 'Smart Analyze' }).click();
    const results = page.getByTestId('analysis-results');
    await waitingFor('the Smart Analyze results', WAIT.mediaMs, (timeout) => results.waitFor({ timeout }));
    const first = results.locator('[data-look]').first();
    const id = (await first.getAttribute('data-look')) as LookId;
    const confidence = (await first.locator('.confidence').innerText()).trim();
    const card = page.getByRole('group', { name: 'All looks' }).locator(`[data-look="${id}"]`);
    expect(await card.getAttribute('data-recommended')).toBe(confidence);
    expect(await card.getAttribute('title')).toContain(`Recommended, ${confidence} confidence:`);
    await page.getByRole('button', { name: 'Recommended', exact: true }).click();
    expect(await page.getByRole('group', { name: 'Recommended looks' }).locator('[data-look]').first().getAttribute('data-look')).toBe(id);
  });
});

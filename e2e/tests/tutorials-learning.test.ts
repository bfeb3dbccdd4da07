import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toastText, waitForToast } from '../support/accounts';
import { browserForSuite } from '../support/browser';
import { sharedServer } from '../support/shared-server';

/** The Tutorials & Learning screen and its aliases (docs/product-rules.md, 'Routes', 'Static pages'). */
const ALIASES = ['/tutorials-learning', '/video-tutorials', '/color-grading-basics', '/lut-application'];
const SECTIONS = ['Video Tutorials', 'Educational Resources', 'Digital Books', 'Learning Paths'];
const FIRST_BOOK = 'Correcting Before You Grade';
const SECOND_BOOK = 'Signals, LUTs and Looks';

describe('Tutorials & Learning', () => {
  const server = sharedServer();
  const browser = browserForSuite({ keepStateBetweenTests: true });
  let page: Page;
  beforeAll(() => {
    page = browser.page;
  });

  async function openScreen(path = '/tutorials-learning'): Promise<void> {
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 2, name: 'Video Tutorials' }).waitFor();
  }

  const button = (name: string) => page.getByRole('button', { name, exact: true });

  /** 'Chapter n of N' and the progress bar's value, as the reader shows them now. */
  async function readerPosition(): Promise<{ position: string; percent: string | null }> {
    return {
      position: await page.getByTestId('chapter-position').innerText(),
      percent: await page.getByRole('progressbar', { name: 'Reading progress' }).getAttribute('aria-valuenow'),
    };
  }

  for (const path of ALIASES) {
    it(`${path} shows the screen: title, way back, Dashboard and the four sections with their counts`, async () => {
      await openScreen(path);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Tutorials & Learning');
      expect(await page.title()).toContain('Tutorials & Learning');
      expect(await page.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(SECTIONS);
      expect(await page.getByRole('button', { name: /^Read the lesson: / }).count()).toBe(6);
      expect(await page.getByRole('button', { name: /^Read Article: / }).count()).toBe(3);
      expect(await page.getByRole('button', { name: /^Read Book: / }).count()).toBe(2);
      expect(await page.getByRole('button', { name: /^Start Learning Path: / }).count()).toBe(2);
    });
  }

  it('the Dashboard button goes to /', async () => {
    await openScreen();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL(`${server.url}/`);
  });

  it("a video tutorial opens the chapter that teaches its topic, and no button starts a video that does not exist", async () => {
    await openScreen();
    expect(await page.getByRole('button', { name: /^Start Tutorial/ }).count()).toBe(0);
    await button('Read the lesson: Reading the Waveform and the Vectorscope').click();
    expect(await page.getByTestId('chapter-position').innerText()).toBe('Chapter 3 of 12');
    await button('Close Reader').click();
    await page.getByRole('heading', { name: 'Video Tutorials' }).waitFor();
  });

  it('an educational resource opens in a full-page reader and closes back to the list', async () => {
    await openScreen();
    const opener = button('Read Article: Anatomy of a .cube LUT');
    await opener.click();
    const reader = page.getByRole('article');
    await reader.getByRole('heading', { level: 2, name: 'Anatomy of a .cube LUT' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Video Tutorials' }).isVisible()).toBe(false);
    expect(await reader.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(3);
    expect(await reader.getByRole('listitem').count()).toBeGreaterThan(5);
    expect(await reader.locator('pre').first().innerText()).toContain('LUT_3D_SIZE 2');

    await button('Close Reader').click();
    await page.getByRole('heading', { name: 'Educational Resources' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    await opener.click();
    await button('← Back to Educational Resources').click();
    await page.getByRole('heading', { name: 'Educational Resources' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
  });

  it('a book reader moves chapter by chapter, clamps at both ends and shows chapter / total as progress', async () => {
    await openScreen();
    await button(`Read Book: ${FIRST_BOOK}`).click();
    const previous = button('← Previous Chapter');
    const next = button('Next Chapter →');
    expect(await readerPosition()).toEqual({ position: 'Chapter 1 of 12', percent: '8' });
    expect(await previous.isDisabled()).toBe(true);
    expect(await page.getByRole('heading', { level: 3, name: 'Why Correction Comes First' }).isVisible()).toBe(true);

    for (let chapter = 2; chapter <= 12; chapter += 1) {
      await next.click();
      expect(await readerPosition()).toEqual({ position: `Chapter ${chapter} of 12`, percent: String(Math.round((chapter / 12) * 100)) });
    }
    expect(await next.isDisabled()).toBe(true);
    expect(await page.getByRole('heading', { level: 3, name: 'A Complete Correction Pass' }).isVisible()).toBe(true);

    await previous.click();
    expect(await readerPosition()).toEqual({ position: 'Chapter 11 of 12', percent: '92' });
    expect(await next.isDisabled()).toBe(false);
  });

  it('the table of contents jumps to a chapter, in the reader and from the book card', async () => {
    await openScreen();
    await button(`Read Book: ${SECOND_BOOK}`).click();
    const toggle = page.getByRole('button', { name: /^(View|Hide) Table of Contents$/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await button('View Table of Contents').click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const contents = page.getByRole('navigation', { name: 'Table of contents' });
    expect(await contents.getByRole('button').count()).toBe(15);
    await contents.getByRole('button', { name: 'Chapter 9: Building a LUT' }).click();
    expect(await readerPosition()).toEqual({ position: 'Chapter 9 of 15', percent: '60' });
    expect(await page.getByRole('heading', { level: 3, name: 'Building a LUT' }).isVisible()).toBe(true);
    expect(await contents.count()).toBe(0);

    await button('← Back to Digital Books').click();
    await button(`View Table of Contents: ${FIRST_BOOK}`).click();
    await page
      .getByRole('list', { name: `${FIRST_BOOK}: table of contents` })
      .getByRole('button', { name: 'Chapter 12: A Complete Correction Pass' })
      .click();
    expect(await readerPosition()).toEqual({ position: 'Chapter 12 of 12', percent: '100' });
    expect(await button('Next Chapter →').isDisabled()).toBe(true);
  });

  it('a learning path starts with a toast, and its modules fold open and closed and toast when chosen', async () => {
    await openScreen();
    await button('Start Learning Path: From Log to Delivery').click();
    await waitForToast(page, 'Learning Path Started');

    const toggle = page.getByRole('button', { name: /^(View|Hide) Modules: Colour Correction Fundamentals$/ });
    expect(await toggle.innerText()).toBe('View Modules');
    await toggle.click();
    expect(await toggle.innerText()).toBe('Hide Modules');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const modules = page.getByRole('list', { name: 'Colour Correction Fundamentals: modules' });
    expect(await modules.getByRole('button').count()).toBe(8);

    await modules.getByRole('button', { name: /^Module 4: / }).click();
    await waitForToast(page, 'Module Selected');
    expect(await toastText(page)).toContain('Module 4: Exposure: black point, white point, midtones');

    await toggle.click();
    expect(await toggle.innerText()).toBe('View Modules');
    expect(await modules.count()).toBe(0);
  });

  it('reads on a phone without sideways scrolling, in the overview and in a reader', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await openScreen();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBe(0);
      await button(`Read Book: ${SECOND_BOOK}`).click();
      await page.getByRole('button', { name: 'View Table of Contents', exact: true }).click();
      await page.getByRole('button', { name: 'Chapter 15: Delivery: Colour Tags and Legal Range' }).click();
      await page.getByRole('heading', { level: 3, name: 'Delivery: Colour Tags and Legal Range' }).waitFor();
      expect(await overflow()).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });
});

import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startAppServer } from '../support/app-server';
import { browserForSuite, openBrowser } from '../support/browser';
import { sharedServer } from '../support/shared-server';

/** The aria-expanded value of each of these buttons, in order. */
async function expandedStates(buttons: Locator[]): Promise<(string | null)[]> {
  return Promise.all(buttons.map((button) => button.getAttribute('aria-expanded')));
}

/** The colour a CSS variable of the design resolves to, in the form computed styles use. */
async function cssVariableColour(page: Page, variable: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, variable);
}

describe('information pages (Help & Support, Film Color Analysis, Color Correction & Grading)', () => {
  const server = sharedServer();
  const browser = browserForSuite();
  let page: Page;
  beforeAll(() => {
    page = browser.page;
  });

  it('Help & Support keeps one FAQ answer open at a time', async () => {
    await page.goto(`${server.url}/help-support`);
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const triggers = [
      faq.getByRole('button', { name: 'How do I get started with Cinegrade?' }),
      faq.getByRole('button', { name: 'My video will not upload. What can I do?' }),
      faq.getByRole('button', { name: 'How do I contact support?' }),
      faq.getByRole('button', { name: 'What are your support hours?' }),
      faq.getByRole('button', { name: 'How do I report a bug?' }),
    ];
    await triggers[0]!.click();
    expect(await expandedStates(triggers)).toEqual(['true', 'false', 'false', 'false', 'false']);
    await triggers[1]!.click();
    expect(await expandedStates(triggers)).toEqual(['false', 'true', 'false', 'false', 'false']);
    expect(await faq.getByText(/up to 20 GB per file/).isVisible()).toBe(true);
    await triggers[4]!.click();
    expect(await expandedStates(triggers)).toEqual(['false', 'false', 'false', 'false', 'true']);
    await triggers[4]!.click();
    expect(await expandedStates(triggers)).toEqual(['false', 'false', 'false', 'false', 'false']);
  });

  it('offers email and phone, and no live chat, which does not exist', async () => {
    await page.goto(`${server.url}/contact-support`);
    await page.getByRole('heading', { name: 'Email Support' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start Chat' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Live Chat' }).count()).toBe(0);
  });

  it('the colour correction courses and lessons keep one open and close on a second click', async () => {
    await page.goto(`${server.url}/color-correction-grading`);
    const first = page.getByRole('region', { name: 'Color Correction Mastery' });
    const second = page.getByRole('region', { name: 'Cinematic Grading Masterclass' });
    const firstToggle = first.getByRole('button', { name: /^(Start Reading|Close Lessons)$/ });
    const secondToggle = second.getByRole('button', { name: /^(Start Reading|Close Lessons)$/ });

    await firstToggle.click();
    expect(await expandedStates([firstToggle, secondToggle])).toEqual(['true', 'false']);
    const scopes = first.getByRole('button', { name: /Reading the Image: Scopes Before Eyes/ });
    const exposure = first.getByRole('button', { name: /Exposure and Contrast/ });
    await scopes.click();
    expect(await expandedStates([scopes, exposure])).toEqual(['true', 'false']);
    expect(await first.getByRole('heading', { name: 'Theory' }).isVisible()).toBe(true);
    await exposure.click();
    expect(await expandedStates([scopes, exposure])).toEqual(['false', 'true']);
    await exposure.click();
    expect(await expandedStates([scopes, exposure])).toEqual(['false', 'false']);

    await secondToggle.click();
    expect(await expandedStates([firstToggle, secondToggle])).toEqual(['false', 'true']);
    expect(await scopes.count()).toBe(0);
    await secondToggle.click();
    expect(await expandedStates([firstToggle, secondToggle])).toEqual(['false', 'false']);
    expect(await secondToggle.innerText()).toBe('Start Reading');
  });

  it('the film examples dialogs of looks and techniques open and close with Escape and the Close button', async () => {
    await page.goto(`${server.url}/film-color-analysis`);
    const dialog = page.getByRole('dialog');

    await page.getByRole('button', { name: 'See Film Examples for Dystopian Amber Haze' }).click();
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Roger Deakins');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'See Film Examples for Day for Night' }).click();
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('La Nuit américaine');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows Beginner green, Intermediate yellow and Advanced red difficulty badges', async () => {
    await page.goto(`${server.url}/video-scopes`);
    const expected = {
      'Faking Golden Hour': ['Beginner', await cssVariableColour(page, '--success')],
      'Teal & Orange Separation': ['Intermediate', await cssVariableColour(page, '--warning')],
      'Day for Night': ['Advanced', await cssVariableColour(page, '--danger')],
    } as const;
    for (const [technique, [difficulty, colour]] of Object.entries(expected)) {
      const badge = page.getByRole('article', { name: technique }).getByText(difficulty, { exact: true });
      expect(await badge.evaluate((element) => getComputedStyle(element).color), technique).toBe(colour);
    }
    expect(new Set(Object.values(expected).map(([, colour]) => colour)).size).toBe(3);
  });

  it('the colour cards toggle their selected state', async () => {
    await page.goto(`${server.url}/color-science`);
    const red = page.getByRole('button', { name: 'Red', exact: true });
    await red.click();
    expect(await red.getAttribute('aria-pressed')).toBe('true');
    await red.click();
    expect(await red.getAttribute('aria-pressed')).toBe('false');
  });

  it('opens a showcase look in the editor', async () => {
    await page.goto(`${server.url}/lut-collections`);
    await page.getByRole('link', { name: 'Open Teal & Orange Blockbuster in the editor' }).click();
    await page.waitForURL(`${server.url}/?look=blockbuster-teal-orange`);
  });

  it.each([
    ['/help-support', 'Help & Support'],
    ['/film-color-analysis', 'Film Color Analysis'],
    ['/color-correction-grading', 'Color Correction & Grading'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
  ])('%s reads on a phone without sideways scrolling', async (path, title) => {
    await page.setViewportSize({ width: 375, height: 740 });
    try {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });
});

describe('System Status against a server that stops', () => {
  it('shows Operational while the API answers, and the outage after it stops', async () => {
    const server = await startAppServer();
    const browser = await openBrowser();
    try {
      const page = browser.page;
      await page.goto(`${server.url}/help-support`);
      const status = page.getByRole('region', { name: 'System Status' });
      await status.getByText('All Systems Operational').waitFor();
      expect(await status.getByText('Operational', { exact: true }).count()).toBe(3);
      const firstCheck = await status.locator('time').getAttribute('datetime');
      expect(firstCheck).toMatch(/^\d{4}-\d\d-\d\dT/);

      await server.stop();
      await status.getByRole('button', { name: 'Check again' }).click();
      await status.getByText('Service Disruption').waitFor();
      expect(await status.getByText('Unavailable', { exact: true }).count()).toBe(3);
      expect(await status.getByText('Operational', { exact: true }).count()).toBe(0);
      expect(await status.innerText()).toContain('Cannot reach the server');
      const secondCheck = await status.locator('time').getAttribute('datetime');
      expect(Date.parse(secondCheck ?? '')).toBeGreaterThanOrEqual(Date.parse(firstCheck ?? ''));
    } finally {
      await browser.close();
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

});

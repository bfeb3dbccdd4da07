import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForSuite } from '../support/browser';
import { signUpAndSignIn } from '../support/accounts';
import { sharedServer } from '../support/shared-server';

/** The route table (docs/product-rules.md, 'Routes'): each alias and the heading of the screen it shows. */
const ALIASES: Record<string, string[]> = {
  'Help & Support': ['/help-support', '/getting-started', '/contact-support'],
  'Tutorials & Learning': ['/tutorials-learning', '/video-tutorials', '/color-grading-basics', '/lut-application'],
  'Film Color Analysis': ['/film-color-analysis', '/color-science', '/lut-collections', '/video-scopes', '/tools-resources'],
  'Color Correction & Grading': [
    '/color-correction-grading',
    '/color-correction-vs-grading',
    '/professional-workflows',
    '/grading-guidelines',
    '/correction-techniques',
    '/color-temperature',
    '/cinematic-grading',
    '/skin-tone-correction',
  ],
  'Privacy Policy': ['/privacy-policy'],
  'Terms of Service': ['/terms-of-service'],
  'Subscription Plans': ['/subscriptions'],
};

describe('every route of the spec', () => {
  const server = sharedServer();
  const browser = browserForSuite();
  let page: Page;
  beforeAll(() => {
    page = browser.page;
  });

  for (const [heading, paths] of Object.entries(ALIASES)) {
    for (const path of paths) {
      it(`${path} shows ${heading} with a way back`, async () => {
        await page.goto(`${server.url}${path}`);
        const title = page.getByRole('heading', { level: 1 });
        await title.waitFor();
        expect(await title.first().innerText()).toBe(heading);
        expect(await page.getByRole('link', { name: /Back to (Home|Dashboard)/ }).count()).toBeGreaterThan(0);
        expect(await page.title()).toContain(heading);
      });
    }
  }

  it('shows the 404 page with a link home for unknown paths', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${server.url}/`);
  });

  it("shows the footer links and this year's copyright", async () => {
    await page.goto(`${server.url}/`);
    const footer = page.locator('footer');
    expect(await footer.innerText()).toContain(`© ${new Date().getFullYear()}`);
    expect(await footer.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/help-support');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
  });

  it('sends signed-out visitors from /profile and /settings to /auth', async () => {
    for (const path of ['/profile', '/settings']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/auth`);
    }
    expect(await page.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
  });

  it('sends a signed-in user from /auth to /, and /editor is the editor at /', async () => {
    await signUpAndSignIn(page, server);
    await page.goto(`${server.url}/auth`);
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/editor`);
    await page.getByRole('heading', { name: 'Start Your Project' }).waitFor();
    expect(page.url()).toBe(`${server.url}/editor`);
  });

  it('sends /batch-editor without batch data back home with the spec message', async () => {
    await page.goto(`${server.url}/batch-editor`);
    await page.waitForURL(`${server.url}/`);
    expect(await page.getByTestId('toast').innerText()).toContain('No batch files found. Please process some files first.');
  });
});

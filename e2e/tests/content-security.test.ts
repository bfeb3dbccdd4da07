import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { browserForSuite } from '../support/browser';
import { namedCopy, uploadAndOpen, waitForProgram } from '../support/editor-pages';
import { fixtures } from '../support/fixtures';
import { sharedServer } from '../support/shared-server';

describe('the Content-Security-Policy in Chromium', () => {
  const server = sharedServer();
  const browser = browserForSuite();
  let page: Page;
  beforeAll(async () => {
    page = browser.page;
    // Recorded from the first script of every page, before the app's own.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`));
    });
  });

  it('is sent with the app and lets the editor load and draw with no violation', async () => {
    const response = await page.goto(`${server.url}/auth`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, namedCopy(fixtures.png, 'csp still'), 'csp still');
    await waitForProgram(page, 800);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
});

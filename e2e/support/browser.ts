import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { WAIT } from './waits';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, in a fresh profile. Never a browser downloaded by a test tool.
 * The background-networking flags keep it from calling out of this closed network.
 */
export interface OpenBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** How the browser presents itself: the window's size and, for a phone, its pixel ratio and touch screen. */
export interface DeviceOptions {
  viewport?: { width: number; height: number };
  deviceScaleFactor?: number;
  hasTouch?: boolean;
  isMobile?: boolean;
}

export async function openBrowser(device: DeviceOptions = {}): Promise<OpenBrowser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The end-to-end tests drive Debian's chromium: "npm test" installs it ` +
        '(apt-get install -y chromium), or set CHROMIUM_PATH.',
    );
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 1366, height: 900 },
    ...device,
    acceptDownloads: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // Every Playwright wait without a limit of its own: a busy machine is slow, never wrong.
  page.setDefaultTimeout(WAIT.pageMs);
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * One browser for the tests of the describe block it is called in: opened before them, closed
 * after them. Unless `keepStateBetweenTests` (tests that build on the one before), each test
 * starts signed out and with no request routes left by the test before it.
 */
export function browserForSuite(options: { keepStateBetweenTests?: boolean; device?: DeviceOptions } = {}): Pick<OpenBrowser, 'context' | 'page'> {
  let browser: OpenBrowser | null = null;
  const opened = (): OpenBrowser => {
    if (!browser) throw new Error('The browser is opened in beforeAll; use it inside hooks and tests');
    return browser;
  };
  beforeAll(async () => {
    browser = await openBrowser(options.device);
  });
  afterAll(async () => {
    await browser?.close();
  });
  if (!options.keepStateBetweenTests) {
    beforeEach(async () => {
      await opened().context.clearCookies();
      await opened().page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  }
  return {
    get context() {
      return opened().context;
    },
    get page() {
      return opened().page;
    },
  };
}

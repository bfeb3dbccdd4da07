/**
 * Buying Premium on the built-in provider (no Stripe keys), in Chromium: checkout on the test
 * payment page, the confirmed subscription on the plans page and in the menu, a premium look
 * unlocked; then cancelled in the portal and, once the period has ended (the test clock of a
 * server started for this file), the look is locked again.
 */
import fs from 'node:fs';
import { getLook } from '@cinegrade/color';
import { PREMIUM_LOOK_REFUSAL } from '@cinegrade/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollFor, WAIT } from '../support/waits';
import { signUpAndSignIn, toastText, waitForToast } from '../support/accounts';
import { startAppServer, type AppServer } from '../support/app-server';
import { browserForSuite } from '../support/browser';
import { namedCopy, reopen, uploadAndOpen } from '../support/editor-pages';
import { fixtures } from '../support/fixtures';

const PREMIUM_LOOK = getLook('blade-runner-2049').name;
const lookCard = (page: Page) => page.getByRole('button', { name: `${PREMIUM_LOOK} (Premium)`, exact: true });
const badge = (page: Page) => page.getByTestId('program-look-badge');

async function menuTier(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'User menu' }).click();
  const item = page.getByRole('menuitem', { name: /^Subscription: / });
  const text = await item.innerText();
  await page.keyboard.press('Escape');
  return text.trim();
}

describe('buying Premium on the built-in provider, in Chromium', () => {
  let server: AppServer;
  const browser = browserForSuite();
  beforeAll(async () => {
    server = await startAppServer({ CINEGRADE_TEST_CLOCK: 'true' });
  });
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('upgrades a Free user, unlocks a premium look, and locks it again when the cancelled period ends', async () => {
    const { page, context } = browser;
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, namedCopy(fixtures.png, 'billing still'), 'billing still');
    await lookCard(page).click();
    expect(await toastText(page)).toBe(`${PREMIUM_LOOK_REFUSAL.title} ${PREMIUM_LOOK_REFUSAL.description}`);
    expect(await menuTier(page)).toBe('Subscription: Free');

    // Checkout: 'Processing...', then the test payment page.
    await page.goto(`${server.url}/subscriptions`);
    const premiumCard = page.getByRole('region', { name: 'Premium' });
    await premiumCard.getByText('Recommended').waitFor();
    await premiumCard.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL(/\/billing\/test-checkout\/[0-9a-f-]{36}$/, { timeout: WAIT.pageMs });
    expect(await page.getByRole('note').innerText()).toContain('Test payment page');
    expect(await page.locator('body').innerText()).toContain('$7.99/month');
    await page.getByRole('button', { name: 'Confirm test payment' }).click();

    // Back in the editor: confirmed by the server, then shown everywhere.
    await page.waitForURL(`${server.url}/`);
    await waitForToast(page, 'Payment Successful!');
    await expect.poll(() => menuTier(page), pollFor('the menu to show the Premium tier')).toBe('Subscription: Premium');
    await page.goto(`${server.url}/subscriptions`);
    await premiumCard.getByText('Current Plan').waitFor();
    expect(await page.getByText(/^Current subscription expires on: /).count()).toBe(1);
    expect(await page.getByText('Recommended').count()).toBe(0);

    await page.goto(`${server.url}/`);
    await reopen(page, 'billing still');
    await lookCard(page).click();
    await expect.poll(() => badge(page).innerText(), pollFor('PROGRAM to name the premium look')).toBe(PREMIUM_LOOK);

    // Manage Subscription: the portal in a new tab says the test month ends and does not renew.
    await page.goto(`${server.url}/subscriptions`);
    const opened = context.waitForEvent('page');
    await premiumCard.getByRole('button', { name: 'Manage Subscription' }).click();
    const portal = await opened;
    await portal.waitForURL(/\/billing\/test-portal$/);
    await portal.getByText(/Premium ends on .* and does not renew/).waitFor();
    expect(await portal.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await portal.close();
    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await premiumCard.getByText('Current Plan').waitFor();

    // The period ends (test clock): Free again for every check, with nobody acting.
    // The test clock answers only a signed-in person: sent from the page, with its session.
    const moved = await page.evaluate(async (advanceSeconds) => (await fetch('/api/test/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds }) })).status, 32 * 24 * 60 * 60);
    expect(moved).toBe(200);
    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await page.getByRole('region', { name: 'Free' }).getByText('Current Plan', { exact: true }).first().waitFor();
    expect(await page.getByText(/^Current subscription expires on: /).count()).toBe(0);
    await page.goto(`${server.url}/`);
    await reopen(page, 'billing still');
    expect(await menuTier(page)).toBe('Subscription: Free');
    await lookCard(page).click();
    expect(await toastText(page)).toBe(`${PREMIUM_LOOK_REFUSAL.title} ${PREMIUM_LOOK_REFUSAL.description}`);
  });
});

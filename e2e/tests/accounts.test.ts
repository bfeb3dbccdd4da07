import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForSuite } from '../support/browser';
import { signUpAndSignIn, toastText, uniqueEmail, waitForToast, TEST_PASSWORD } from '../support/accounts';
import { sharedServer } from '../support/shared-server';
import { pollFor } from '../support/waits';

describe('an account in a real browser', () => {
  const server = sharedServer();
  const browser = browserForSuite();
  let page: Page;
  beforeAll(() => {
    page = browser.page;
  });

  it('refuses an incomplete sign-up with the spec message', async () => {
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await toastText(page)).toBe('Please enter your full name');
  });

  it('shows and hides the password', async () => {
    await page.goto(`${server.url}/auth`);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret words');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
  });

  it('signs up, verifies from the logged link, signs in, uses the menu, keeps settings, signs out', async () => {
    const email = await signUpAndSignIn(page, server, { fullName: 'Vittorio Storaro' });
    expect(await page.getByRole('banner').getByText('Welcome back!').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu');
    expect(await menu.innerText()).toContain('Vittorio');
    expect(await menu.innerText()).toContain(email);
    for (const entry of ['Dashboard', 'Profile', 'Subscription: Free', 'Help & Support', 'Tutorials & Learning', 'Tools & Resources', 'Color Correction & Grading', 'Settings', 'Sign Out']) {
      expect(await menu.getByRole('menuitem', { name: entry }).isVisible(), entry).toBe(true);
    }
    await menu.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile$/);
    // The profile screen is its own chunk: wait for it rather than read the page mid-load.
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await page.getByText(email).isVisible()).toBe(true);
    expect(await page.getByTestId('profile-tier').innerText()).toContain('Free');

    await page.goto(`${server.url}/settings`);
    const weeklyTips = page.getByRole('switch', { name: 'Weekly tips' });
    expect(await weeklyTips.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('switch', { name: 'Auto-save' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('combobox', { name: 'Data retention' }).innerText()).toContain('30 days');
    await weeklyTips.click();
    expect(await toastText(page)).toContain('Settings saved');
    await page.getByRole('combobox', { name: 'Default format' }).click();
    await page.getByRole('option', { name: 'MOV' }).click();
    await page.getByText('Settings saved').first().waitFor();
    // The first save's toast may still be the one on screen: wait for the server to hold both.
    await expect
      .poll(
        () => page.evaluate(async () => ((await (await fetch('/api/settings')).json()) as { weeklyTips: boolean; defaultFormat: string })),
        pollFor('both settings saved on the server'),
      )
      .toMatchObject({ weeklyTips: true, defaultFormat: 'mov' });
    await page.reload();
    await page.getByRole('switch', { name: 'Weekly tips' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Weekly tips' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('combobox', { name: 'Default format' }).innerText()).toContain('MOV');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await page.goto(`${server.url}/settings`);
    await page.waitForURL(/\/auth$/);
  });

  it('tells a user who has not verified yet to use the emailed link', async () => {
    const email = uniqueEmail('unverified');
    await page.goto(`${server.url}/auth`);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByLabel('Full Name').fill('Not Yet');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForToast(page, 'Please check your email to verify your account');
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await waitForToast(page, 'Please verify your email before signing in. We have sent you a new link.');
  });

  it('says the credentials are wrong without saying which', async () => {
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    expect(await toastText(page)).toBe('Error Invalid email or password.');
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserForSuite } from '../support/browser';
import { signUpAndSignIn, TEST_PASSWORD, uniqueEmail, waitForToast } from '../support/accounts';
import { verificationLink } from '../support/app-server';
import { assetIdByName, namedCopy, uploadAndOpen } from '../support/editor-pages';
import { fixtures } from '../support/fixtures';
import { sharedServer } from '../support/shared-server';
import { keptTrial } from '../support/trial-storage';
import { pollFor, WAIT } from '../support/waits';

/** The shared page limit (support/waits.ts): the machine is shared and Chromium renders in software. */
const PATIENTLY = pollFor('the page to reach the expected state');

async function savedAsset(page: Page, name: string) {
  return page.evaluate(
    async (wanted) =>
      ((await (await fetch('/api/assets')).json()) as { assets: { id: string; name: string; color_settings: Record<string, unknown> | null }[] }).assets.find((a) => a.name === wanted) ?? null,
    name,
  );
}

async function raiseContrast(page: Page): Promise<void> {
  const contrast = page.getByRole('slider', { name: 'Contrast' });
  await contrast.focus();
  await page.keyboard.press('PageUp');
  await expect.poll(() => contrast.getAttribute('aria-valuenow'), PATIENTLY).toBe('10');
}

describe('nothing lost by a reload, in a real browser', () => {
  const server = sharedServer();
  const browser = browserForSuite();
  let page: Page;
  beforeAll(() => {
    page = browser.page;
  });

  it("keeps a trial file and its grade through a reload, a visit to /auth and the verification link, and restores it on sign-in ('File Restored!')", async () => {
    await page.goto(`${server.url}/`);
    const trial = namedCopy(fixtures.h264Mp4, 'kept trial');
    await page.getByTestId('landing-drop-input').setInputFiles(trial);
    await page.getByTestId('open-media-name').filter({ hasText: 'kept trial' }).waitFor();
    await page.getByText('This browser keeps it for a day, through a reload.').waitFor();
    await raiseContrast(page);
    // Chromium's own IndexedDB holds the bytes and the grade.
    await expect.poll(() => keptTrial(page), PATIENTLY).toMatchObject({ name: 'kept trial.mp4', type: 'video/mp4', grade: { color_settings: { contrast: 10 } } });
    const kept = await keptTrial(page);
    expect(kept?.bytes).toBe(kept?.size);

    await page.reload();
    await page.getByTestId('open-media-name').filter({ hasText: 'kept trial' }).waitFor();
    await expect.poll(() => page.getByRole('slider', { name: 'Contrast' }).getAttribute('aria-valuenow'), PATIENTLY).toBe('10');
    await page.waitForFunction(() => {
      const video = document.querySelector('[data-testid="source-media"]');
      return video instanceof HTMLVideoElement && video.readyState >= 2 && video.videoWidth === 640;
    }, undefined, { timeout: WAIT.mediaMs });

    // /auth typed into the address bar, then the editor's address again: two whole page loads.
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email').waitFor();
    await page.goto(`${server.url}/`);
    await page.getByTestId('open-media-name').filter({ hasText: 'kept trial' }).waitFor();
    await expect.poll(() => page.getByRole('slider', { name: 'Contrast' }).getAttribute('aria-valuenow'), PATIENTLY).toBe('10');

    // The banner's Sign Up opens the sign-up form.
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/auth\?mode=signup$/);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign Up', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const email = uniqueEmail('trial');
    await page.getByLabel('Full Name').fill('Trial Visitor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForToast(page, 'Please check your email to verify your account');

    // The emailed link, opened in the same tab: a whole new page load.
    await page.goto(await verificationLink(server, email));
    await page.waitForURL(/\/auth$/);
    expect(await keptTrial(page)).toMatchObject({ name: 'kept trial.mp4', grade: { color_settings: { contrast: 10 } } });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await waitForToast(page, 'File Restored!');
    await page.getByTestId('open-media-name').filter({ hasText: 'kept trial' }).waitFor();
    const asset = await savedAsset(page, 'kept trial');
    expect(asset?.color_settings).toMatchObject({ contrast: 10 });
    await page.waitForURL(`${server.url}/?asset=${asset?.id}`);
    await expect.poll(() => keptTrial(page), PATIENTLY).toBeNull();
  });

  it("reopens a signed-in person's asset with its grade after a reload, and follows the back button", async () => {
    await signUpAndSignIn(page, server);
    await uploadAndOpen(page, namedCopy(fixtures.png, 'address still'), 'address still');
    const id = await assetIdByName(page, 'address still');
    await page.waitForURL(`${server.url}/?asset=${id}`);
    await raiseContrast(page);
    await expect.poll(async () => (await savedAsset(page, 'address still'))?.color_settings?.contrast, PATIENTLY).toBe(10);

    await page.reload();
    await page.getByTestId('open-media-name').filter({ hasText: 'address still' }).waitFor();
    await expect.poll(() => page.getByRole('slider', { name: 'Contrast' }).getAttribute('aria-valuenow'), PATIENTLY).toBe('10');

    await page.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Start Your Project' }).waitFor();
    await page.goBack();
    await page.waitForURL(`${server.url}/?asset=${id}`);
    await page.getByTestId('open-media-name').filter({ hasText: 'address still' }).waitFor();
    await page.goBack();
    // Before the asset was opened: the empty workspace.
    await page.getByRole('heading', { name: 'Start Your Project' }).waitFor();
    expect(await page.getByTestId('open-media-name').count()).toBe(0);

    // An id that is nobody's, or someone else's: said, and the empty workspace.
    await page.goto(`${server.url}/?asset=00000000-0000-4000-8000-000000000000`);
    await waitForToast(page, 'Asset not found');
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Start Your Project' }).waitFor();
  });
});

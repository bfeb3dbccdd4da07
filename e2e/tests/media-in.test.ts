import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserForSuite } from '../support/browser';
import { signUpAndSignIn, TEST_PASSWORD, waitForToast } from '../support/accounts';
import { fixtures } from '../support/fixtures';
import { sharedServer } from '../support/shared-server';
import { keptTrial, putKeptTrial } from '../support/trial-storage';
import { startAppServer } from '../support/app-server';
import { pollFor, until, WAIT, waitingFor } from '../support/waits';
import { inject } from 'vitest';

const dataDir = () => path.dirname(inject('appLogFile'));

/** The storage key a signed file link grants (the payload before the signature). */
function keyOfLink(url: string): string {
  const payload = new URL(url, 'http://x').pathname.replace('/api/files/', '').split('.')[0] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { k: string }).k;
}

async function currentUserId(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch('/api/auth/session')).json()) as { user: { id: string } }).user.id);
}

async function cardFor(page: Page, name: string) {
  const card = page.getByTestId('asset-card').filter({ has: page.getByRole('button', { name: `Open ${name}` }) });
  // An upload becomes a card once the server has it: on a busy machine that can take a while.
  await waitingFor(`the asset card of "${name}"`, WAIT.mediaMs, (timeout) => card.waitFor({ timeout }));
  return card;
}

/** Waits until the card shows a decoded thumbnail image. */
async function thumbnailShown(page: Page, name: string): Promise<void> {
  const card = await cardFor(page, name);
  const img = card.locator('img');
  await waitingFor(`the thumbnail of "${name}"`, WAIT.mediaMs, (timeout) => img.waitFor({ timeout }));
  await waitingFor(`the thumbnail of "${name}" decoded`, WAIT.pageMs, async (timeout) =>
    page.waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, await img.elementHandle(), { timeout }),
  );
}

describe('media in, in a real browser', () => {
  const server = sharedServer();
  const browser = browserForSuite();
  let page: Page;
  beforeAll(() => {
    page = browser.page;
  });

  it('uploads every kind of media, shows thumbnails in My Assets, opens each, and proxies ProRes', async () => {
    await signUpAndSignIn(page, server);
    await page.getByRole('heading', { name: 'Start Your Project' }).waitFor();
    await page.getByText('No assets yet').waitFor();
    const files: [string, string, 'video' | 'image'][] = [
      [fixtures.h264Mp4, 'h264', 'video'],
      [fixtures.vp9Webm, 'vp9', 'video'],
      [fixtures.proresMov, 'prores', 'video'],
      [fixtures.png, 'still', 'image'],
      [fixtures.jpeg, 'photo', 'image'],
    ];
    for (const [file, name, type] of files) {
      // Copied every time: a copy left by an earlier run may hold an older fixture under this name.
      const upload = path.join(path.dirname(file), `${name}${path.extname(file)}`);
      fs.copyFileSync(file, upload);
      await page.getByTestId('header-upload-input').setInputFiles(upload);
      await thumbnailShown(page, name);
      const card = await cardFor(page, name);
      expect((await card.innerText()).toLowerCase()).toContain(type);
    }
    expect(await page.getByTestId('asset-counts').innerText()).toBe('5 manual · 0 batch');

    for (const [, name, type] of files) {
      await (await cardFor(page, name)).getByRole('button', { name: `Open ${name}` }).click();
      await page.getByTestId('open-media-name').filter({ hasText: name }).waitFor();
      const media = page.getByTestId('source-media');
      if (type === 'video') {
        await waitingFor(`the video "${name}" playable in the editor`, WAIT.mediaMs, async (timeout) =>
          page.waitForFunction((el) => el instanceof HTMLVideoElement && el.readyState >= 2 && el.videoWidth === 640, await media.elementHandle(), { timeout }),
        );
        const src = (await media.getAttribute('src')) ?? '';
        if (name === 'prores') expect(keyOfLink(src)).toMatch(/\.proxy\.mp4$/);
        else expect(keyOfLink(src)).not.toMatch(/proxy/);
      } else {
        await page.waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth === 800, await media.elementHandle());
      }
    }
  });

  it('resumes an upload after the connection drops, and pauses and resumes on request', async () => {
    await signUpAndSignIn(page, server);
    // Drop the connection on the second chunk once: tus-js-client must ask where to resume.
    let patches = 0;
    let dropped = false;
    await page.route('**/api/uploads/**', async (route) => {
      if (route.request().method() === 'PATCH') {
        patches++;
        if (patches === 2 && !dropped) {
          dropped = true;
          return route.abort('connectionreset');
        }
        // Slow each chunk down so a person (and this test) can press Pause (a throttle, not a wait).
        await new Promise((resolve) => setTimeout(resolve, 700));
      }
      return route.continue();
    });
    const upload = path.join(path.dirname(fixtures.proresLongMov), 'long take.mov');
    if (!fs.existsSync(upload)) fs.copyFileSync(fixtures.proresLongMov, upload);
    await page.getByTestId('header-upload-input').setInputFiles(upload);
    const item = page.getByTestId('upload-item');
    await item.getByRole('button', { name: 'Pause' }).click();
    await item.filter({ hasText: 'Paused at' }).waitFor();
    const pausedAt = await item.getByTestId('upload-percent').innerText();
    // A window in which nothing may happen (not a wait for something): a slow machine only makes
    // a wrongly running upload less likely to show, never this test fail.
    await page.waitForTimeout(1500);
    expect(await item.getByTestId('upload-percent').innerText()).toBe(pausedAt);
    await item.getByRole('button', { name: 'Resume' }).click();
    await thumbnailShown(page, 'long take');
    expect(dropped).toBe(true);
    const heads = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/uploads/')).length);
    expect(heads).toBeGreaterThan(3);
    const asset = await page.evaluate(async () => ((await (await fetch('/api/assets')).json()) as { assets: { name: string; size_bytes: number }[] }).assets[0]);
    expect(asset).toEqual(expect.objectContaining({ name: 'long take', size_bytes: fs.statSync(fixtures.proresLongMov).size }));
  });

  it('resumes an upload by itself when the server restarts in the middle', async () => {
    const own = await startAppServer();
    try {
      await signUpAndSignIn(page, own);
      await page.route('**/api/uploads/**', async (route) => {
        // A throttle (not a wait), so the server stops with the upload under way.
        if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 800));
        // Continuing fails once the server is down; tus-js-client sees the failure and retries.
        return route.continue().catch(() => undefined);
      });
      const upload = path.join(path.dirname(fixtures.proresLongMov), 'restart take.mov');
      if (!fs.existsSync(upload)) fs.copyFileSync(fixtures.proresLongMov, upload);
      await page.getByTestId('header-upload-input').setInputFiles(upload);
      const item = page.getByTestId('upload-item');
      await until('the upload under way (above 0 %)', async () => Number((await item.getByTestId('upload-percent').innerText()).replace(/\D/g, '')) > 0, WAIT.mediaMs);
      await own.stop();
      // The client has noticed the server is gone and is retrying before the server comes back.
      await waitingFor('the upload to show it is reconnecting', WAIT.pageMs, (timeout) => item.filter({ hasText: 'Reconnecting' }).waitFor({ timeout }));
      const restarted = await startAppServer({ DATA_DIR: own.dataDir }, { port: own.port });
      try {
        await thumbnailShown(page, 'restart take');
        expect(await page.getByTestId('asset-counts').innerText()).toBe('1 manual · 0 batch');
      } finally {
        await restarted.stop();
      }
    } finally {
      await own.stop();
    }
  });

  it('deletes an asset with its files', async () => {
    await signUpAndSignIn(page, server);
    const upload = path.join(path.dirname(fixtures.proresMov), 'to delete.mov');
    if (!fs.existsSync(upload)) fs.copyFileSync(fixtures.proresMov, upload);
    await page.getByTestId('header-upload-input').setInputFiles(upload);
    await thumbnailShown(page, 'to delete');
    const userId = await currentUserId(page);
    const userFolder = path.join(dataDir(), 'files', userId);
    await waitingFor('every asset processed (ready)', WAIT.mediaMs, (timeout) =>
      page.waitForFunction(async () => ((await (await fetch('/api/assets')).json()) as { assets: { processing_status: string }[] }).assets.every((a) => a.processing_status === 'ready'), undefined, { timeout }),
    );
    expect(fs.readdirSync(userFolder).length).toBe(3); // original, thumbnail, proxy
    page.once('dialog', (dialog) => void dialog.accept());
    const card = await cardFor(page, 'to delete');
    await card.hover();
    await card.getByRole('button', { name: 'Delete to delete' }).click();
    await waitForToast(page, 'Asset deleted successfully');
    await page.getByText('No assets yet').waitFor();
    await until("the asset's files removed from the user's folder", () => !fs.existsSync(userFolder) || fs.readdirSync(userFolder).length === 0);
  });

  it('refuses a file that only pretends to be a video, saying why', async () => {
    await signUpAndSignIn(page, server);
    const fake = path.join(path.dirname(fixtures.htmlAsMp4), 'holiday.mp4');
    fs.copyFileSync(fixtures.htmlAsMp4, fake);
    await page.getByTestId('header-upload-input').setInputFiles(fake);
    await waitForToast(page, 'is not a video or an image Cinegrade can read');
    expect(await page.getByText('No assets yet').isVisible()).toBe(true);
  });

  it('shows a refused upload in the tray with its name and the reason, without covering My Assets', async () => {
    await signUpAndSignIn(page, server);
    const still = path.join(path.dirname(fixtures.png), 'tray still.png');
    if (!fs.existsSync(still)) fs.copyFileSync(fixtures.png, still);
    await page.getByTestId('header-upload-input').setInputFiles(still);
    await thumbnailShown(page, 'tray still');
    const fake = path.join(path.dirname(fixtures.htmlAsMp4), 'tray holiday.mp4');
    fs.copyFileSync(fixtures.htmlAsMp4, fake);
    await page.getByTestId('header-upload-input').setInputFiles(fake);
    const error = page.getByRole('complementary', { name: 'Uploads' }).getByTestId('upload-error');
    await waitingFor('the refused upload in the tray', WAIT.mediaMs, error.waitFor({ timeout: WAIT.mediaMs }));
    expect(await error.innerText()).toMatch(/^tray holiday\.mp4 was not uploaded: .*is not a video or an image Cinegrade can read/);
    // The card's centre is the card's, not the tray's: My Assets stays clickable.
    const card = await cardFor(page, 'tray still');
    const hit = await card.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { inCard: !!top && el.contains(top), inTray: !!top?.closest('.upload-tray') };
    });
    expect(hit).toEqual({ inCard: true, inTray: false });
    await card.getByRole('button', { name: 'Open tray still' }).click();
    await page.getByTestId('open-media-name').filter({ hasText: 'tray still' }).waitFor();
  });

  it('keeps a signed-out trial file and saves it as an asset on sign-in', async () => {
    // An account that exists and is verified, then signed out.
    const email = await signUpAndSignIn(page, server);
    // A stale kept trial file, so the clean-up after signing out shows when it has run: a trial
    // file dropped before it ran would be cleared with it.
    await putKeptTrial(page, { name: 'left.jpg', type: 'image/jpeg', text: 'x' });
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await expect.poll(() => keptTrial(page), pollFor('the clean-up after signing out')).toBeNull();

    const tooBig = path.join(path.dirname(fixtures.h264Mp4), 'huge.mp4');
    if (!fs.existsSync(tooBig)) fs.writeFileSync(tooBig, Buffer.alloc(51 * 1024 * 1024, 1));
    await page.getByTestId('landing-drop-input').setInputFiles(tooBig);
    await waitForToast(page, 'File Too Large');
    expect(await page.getByTestId('toast').innerText()).toContain('Please sign up to upload larger files.');

    const trial = path.join(path.dirname(fixtures.h264Mp4), 'trial clip.mp4');
    fs.copyFileSync(fixtures.h264Mp4, trial);
    await page.getByTestId('landing-drop-input').setInputFiles(trial);
    await page.getByTestId('open-media-name').filter({ hasText: 'trial clip.mp4' }).waitFor();
    await expect.poll(() => keptTrial(page), pollFor('the trial file kept in the browser')).toMatchObject({ name: 'trial clip.mp4', type: 'video/mp4' });
    // Work done on the trial file comes along: a look and a slider.
    await page.locator('[data-look="vintage-film"]').first().click();
    await page.getByRole('slider', { name: 'Contrast' }).focus();
    await page.keyboard.press('PageUp');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/auth\?mode=signup$/);
    // This visitor has an account already: from the sign-up form to signing in.
    await page.getByRole('button', { name: 'Sign In', exact: true }).first().click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await waitForToast(page, 'File Restored!');
    await thumbnailShown(page, 'trial clip');
    expect(await page.getByTestId('open-media-name').innerText()).toBe('trial clip');
    await expect.poll(() => keptTrial(page), pollFor('the kept trial file cleared once saved')).toBeNull();
    const saved = await page.evaluate(async () => ((await (await fetch('/api/assets')).json()) as { assets: { name: string; selected_lut: string | null; color_settings: Record<string, unknown> }[] }).assets.find((a) => a.name === 'trial clip'));
    expect(saved).toMatchObject({ selected_lut: 'vintage-film', color_settings: { contrast: 10 } });
    expect(await page.getByTestId('program-look-badge').innerText()).toBe('Vintage Film');
  });

  it('clears the open media and the trial record once signing out is seen', async () => {
    await signUpAndSignIn(page, server);
    await page.getByTestId('header-upload-input').setInputFiles(fixtures.jpeg);
    await page.getByTestId('open-media-name').waitFor();
    // A trial file left in the browser by an earlier signed-out visit must go with the session too.
    await putKeptTrial(page, { name: 'left.jpg', type: 'image/jpeg', text: 'x' });
    expect(await keptTrial(page)).toMatchObject({ name: 'left.jpg' });
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await page.getByTestId('landing-drop').waitFor();
    expect(await page.getByTestId('open-media-name').count()).toBe(0);
    await expect.poll(() => keptTrial(page), pollFor('the kept trial file cleared on sign-out')).toBeNull();
  });
});

/**
 * Editor benchmark: from a scripted Chromium run on a generated 1920×1080
 * 25 fps H.264 clip, PROGRAM's frames per second next to SOURCE's while playing, and the time from
 * a slider's input event to the updated PROGRAM frame. Prints figures; asserts nothing.
 *
 *   npm run bench -w @cinegrade/e2e        (E2E_SKIP_BUILD=1 to reuse apps/web/dist)
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { DEFAULT_GRADE, EDITOR_LOOK_IDS, isPremiumLook, type Grade } from '@cinegrade/color';
import { REPO_ROOT, startAppServer, verificationLink, type AppServer } from '../support/app-server';
import { openBrowser } from '../support/browser';
import { assetIdByName, namedCopy, reopen, saveGrade, uploadAndOpen, waitForProgram } from '../support/editor-pages';
import { fixtures } from '../support/fixtures';

const PLAY_SECONDS = 6;
const SLIDER_SAMPLES = 25;
const SOURCE_FPS = 25;

const LOOK = EDITOR_LOOK_IDS.find((id) => !isPremiumLook(id))!;
const withLook = (adjustments: Partial<Grade['adjustments']>): Grade => ({ ...DEFAULT_GRADE, look: LOOK, adjustments: { ...DEFAULT_GRADE.adjustments, ...adjustments } });
const SCENARIOS: { label: string; grade: Grade }[] = [
  { label: 'look + sliders (LUT only)', grade: withLook({ contrast: 30, saturation: 20, temperature: 25 }) },
  { label: 'look + sliders + vignette', grade: withLook({ contrast: 30, saturation: 20, temperature: 25, vignette: 50 }) },
  { label: 'look + sliders + clarity + vignette', grade: withLook({ contrast: 30, saturation: 20, temperature: 25, clarity: 50, vignette: 50 }) },
];

async function signUp(page: Page, server: AppServer): Promise<void> {
  const email = `bench-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'a benchmark password';
  await page.goto(server.url);
  const signedUp = await page.evaluate(
    async (body) => (await fetch('/api/auth/sign-up', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
    { fullName: 'Bench Colourist', email, password },
  );
  if (signedUp >= 300) throw new Error(`sign-up answered ${signedUp}`);
  await page.goto(await verificationLink(server, email));
  const signedIn = await page.evaluate(
    async (body) => (await fetch('/api/auth/sign-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
    { email, password },
  );
  if (signedIn >= 300) throw new Error(`sign-in answered ${signedIn}`);
  await page.goto(server.url);
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

/** Plays (looping) for PLAY_SECONDS and counts SOURCE's presented frames and PROGRAM's drawn ones. */
async function measurePlayback(page: Page): Promise<{ source: number; program: number; dropped: number }> {
  return page.evaluate(async (seconds) => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="source-media"]')!;
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="program-canvas"]')!;
    video.loop = true;
    video.currentTime = 0;
    await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
    let sourceFrames = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      sourceFrames++;
      video.requestVideoFrameCallback(count);
    };
    let programFrames = 0;
    const onProgram = () => programFrames++;
    canvas.addEventListener('program-frame', onProgram);
    const droppedBefore = video.getVideoPlaybackQuality().droppedVideoFrames;
    await video.play();
    // Let playback settle before counting.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    sourceFrames = 0;
    programFrames = 0;
    video.requestVideoFrameCallback(count);
    const start = performance.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const elapsed = (performance.now() - start) / 1000;
    counting = false;
    video.pause();
    canvas.removeEventListener('program-frame', onProgram);
    return {
      source: sourceFrames / elapsed,
      program: programFrames / elapsed,
      dropped: video.getVideoPlaybackQuality().droppedVideoFrames - droppedBefore,
    };
  }, PLAY_SECONDS);
}

/** SOURCE alone: the same file in a bare <video> on a page with no editor, for comparison. */
async function measureBareVideo(page: Page, url: string): Promise<number> {
  await page.goto(new URL('/bench-bare-video', url).href);
  return page.evaluate(
    async ({ src, seconds }) => {
      document.body.replaceChildren();
      const video = document.createElement('video');
      video.muted = true;
      video.loop = true;
      video.src = src;
      video.style.width = '640px';
      document.body.append(video);
      await new Promise((resolve) => video.addEventListener('canplaythrough', resolve, { once: true }));
      await video.play();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      let frames = 0;
      let counting = true;
      const count = () => {
        if (!counting) return;
        frames++;
        video.requestVideoFrameCallback(count);
      };
      video.requestVideoFrameCallback(count);
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      counting = false;
      const elapsed = (performance.now() - start) / 1000;
      video.pause();
      return frames / elapsed;
    },
    { src: url, seconds: PLAY_SECONDS },
  );
}

/**
 * Slider latency on the paused 1080p frame: a key press on the Contrast slider (one input event)
 * to PROGRAM's redraw, (a) drawn (the draw calls issued: the event PROGRAM fires) and (b) finished
 * on the GPU (a one-pixel read waits for it).
 */
async function measureSlider(page: Page): Promise<{ drawn: number[]; finished: number[] }> {
  await page.getByRole('slider', { name: 'Contrast' }).focus();
  return page.evaluate(async (samples) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="program-canvas"]')!;
    const thumb = document.activeElement as HTMLElement;
    const gl = canvas.getContext('webgl2')!;
    const pixel = new Uint8Array(4);
    const drawn: number[] = [];
    const finished: number[] = [];
    for (let i = 0; i < samples; i++) {
      let drawnAt = Number.NaN;
      const onFrame = () => (drawnAt = performance.now());
      canvas.addEventListener('program-frame', onFrame, { once: true });
      const start = performance.now();
      thumb.dispatchEvent(new KeyboardEvent('keydown', { key: i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft', bubbles: true, cancelable: true }));
      // React renders a discrete event's update before dispatchEvent returns; wait a frame if not.
      if (Number.isNaN(drawnAt)) await new Promise((resolve) => requestAnimationFrame(resolve));
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
      const end = performance.now();
      drawn.push(drawnAt - start);
      finished.push(end - start);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { drawn, finished };
  }, SLIDER_SAMPLES);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

async function main(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD !== '1') execFileSync('npm', ['run', 'build', '-w', '@cinegrade/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const server = await startAppServer();
  const browser = await openBrowser();
  try {
    const { page } = browser;
    // tsx compiles with keepNames, which wraps named functions in a __name() helper that the
    // functions sent to the page would not find.
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await signUp(page, server);
    await uploadAndOpen(page, namedCopy(fixtures.bench1080pMp4, 'bench 1080p'), 'bench 1080p');
    const id = await assetIdByName(page, 'bench 1080p');
    const renderer = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'no WebGL2';
    });

    console.log('Editor benchmark: PROGRAM (WebGL2) against SOURCE on a generated 1920×1080 H.264 clip at 25 fps');
    console.log(`Renderer: ${renderer}`);
    console.log(`Target on a machine with a GPU: PROGRAM at the source frame rate (${SOURCE_FPS} fps) and a slider change on screen in under one frame (${(1000 / SOURCE_FPS).toFixed(0)} ms).`);
    console.log('');
    console.log(`${'grade'.padEnd(38)}${'SOURCE fps'.padStart(11)}${'PROGRAM fps'.padStart(13)}${'dropped'.padStart(9)}${'slider→drawn ms (median/p95)'.padStart(31)}${'slider→GPU done ms (median/p95)'.padStart(34)}`);
    for (const scenario of SCENARIOS) {
      await saveGrade(page, id, scenario.grade);
      await reopen(page, 'bench 1080p');
      await waitForProgram(page, 1920);
      await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('[data-testid="source-media"]')?.readyState === 4, undefined, { timeout: 60_000 });
      const playback = await measurePlayback(page);
      const slider = await measureSlider(page);
      console.log(
        `${scenario.label.padEnd(38)}${playback.source.toFixed(1).padStart(11)}${playback.program.toFixed(1).padStart(13)}${String(playback.dropped).padStart(9)}` +
          `${`${median(slider.drawn).toFixed(1)} / ${p95(slider.drawn).toFixed(1)}`.padStart(31)}${`${median(slider.finished).toFixed(1)} / ${p95(slider.finished).toFixed(1)}`.padStart(34)}`,
      );
    }
    const mediaUrl = await page.evaluate(async (assetId) => ((await (await fetch(`/api/assets/${assetId}`)).json()) as { media_url: string }).media_url, id);
    const bare = await measureBareVideo(page, new URL(mediaUrl, server.url).href);
    console.log(`${'SOURCE alone (a bare <video>, no editor)'.padEnd(38)}${bare.toFixed(1).padStart(11)}`);
    console.log('');
    console.log('This machine has no GPU: Chromium runs WebGL2 on SwiftShader (CPU), so these figures are far below a GPU\'s;');
    console.log('they show where the time goes, not what a person with a graphics card sees. SOURCE is decoded by Chromium in software too.');
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

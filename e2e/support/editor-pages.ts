import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { renderGrade, type Grade, type Lut3D } from '@cinegrade/color';
import { savedGradeFromGrade, type ColorSettings } from '@cinegrade/contract';
import { resolveMediaBinaries } from '../../scripts/ffmpeg-binaries.mjs';
import { WAIT, waitingFor } from './waits';

/** Pixels as RGBA bytes, top row first. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

const FFMPEG = resolveMediaBinaries().ffmpeg;

/**
 * A fixture copied under the name the asset should get (the asset name is the file name without
 * extension); copied every time, as a copy an earlier run left may hold an older fixture.
 */
export function namedCopy(fixture: string, name: string): string {
  const target = path.join(path.dirname(fixture), `${name}${path.extname(fixture)}`);
  fs.copyFileSync(fixture, target);
  return target;
}

/** Uploads through the header and waits until the editor shows it. */
export async function uploadAndOpen(page: Page, file: string, name: string): Promise<void> {
  await page.getByTestId('header-upload-input').setInputFiles(file);
  await waitingFor(`"${name}" uploaded and open in the editor`, WAIT.mediaMs, (timeout) => page.getByTestId('open-media-name').filter({ hasText: name }).waitFor({ timeout }));
}

export async function assetIdByName(page: Page, name: string): Promise<string> {
  return page.evaluate(async (wanted) => {
    const { assets } = (await (await fetch('/api/assets')).json()) as { assets: { id: string; name: string }[] };
    const asset = assets.find((a) => a.name === wanted);
    if (!asset) throw new Error(`no asset named ${wanted}`);
    return asset.id;
  }, name);
}

/** Saves a grade on an asset through the API, as the editor's autosave would. */
export async function saveGrade(page: Page, assetId: string, grade: Grade): Promise<void> {
  const status = await page.evaluate(
    async ({ id, body }) => (await fetch(`/api/assets/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
    { id: assetId, body: savedGradeFromGrade(grade) },
  );
  if (status !== 200) throw new Error(`saving the grade answered ${status}`);
}

/** The grade saved on the asset (the editor's autosave), as the server answers it and the export reads it. */
export async function savedAsset(page: Page, id: string): Promise<{ selected_lut: string | null; color_settings: ColorSettings }> {
  return page.evaluate(async (assetId) => (await (await fetch(`/api/assets/${assetId}`)).json()) as { selected_lut: string | null; color_settings: ColorSettings }, id);
}

/** Reloads the page and opens the asset from My Assets, so the editor loads its saved grade. */
export async function reopen(page: Page, name: string): Promise<void> {
  await page.reload();
  await page.getByRole('button', { name: `Open ${name}`, exact: true }).click();
  await page.getByTestId('open-media-name').filter({ hasText: name }).waitFor();
}

/** How many frames PROGRAM has drawn so far. */
export async function programFrame(page: Page): Promise<number> {
  return Number((await page.getByTestId('program-canvas').getAttribute('data-frame')) ?? '0');
}

/** Waits until PROGRAM is shown at `width` and has drawn more than `after` frames. */
export async function waitForProgram(page: Page, width: number, after = 0): Promise<void> {
  await waitingFor(`PROGRAM drawn at ${width} px wide after frame ${after}`, WAIT.mediaMs, (timeout) =>
    page.waitForFunction(
      ({ width, after }) => {
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="program-canvas"]');
        return !!canvas && !canvas.hidden && canvas.width === width && Number(canvas.dataset.frame ?? '0') > after;
      },
      { width, after },
      { timeout },
    ),
  );
}

function decode(result: { width: number; height: number; base64: string }): Pixels {
  return { width: result.width, height: result.height, data: new Uint8Array(Buffer.from(result.base64, 'base64')) };
}

/** Runs `action` and waits for PROGRAM (`width` pixels wide) to draw again; what it shows then. */
export async function redrawn(page: Page, width: number, action: () => Promise<void>): Promise<Pixels> {
  const before = await programFrame(page);
  await action();
  await waitForProgram(page, width, before);
  return readProgram(page);
}

/**
 * PROGRAM's pixels, read back from its canvas (WebGL2 readPixels, or the 2D context in CPU mode);
 * `testId` reads another canvas a ProgramView draws (the compared version of the split wipe).
 */
export async function readProgram(page: Page, testId = 'program-canvas'): Promise<Pixels & { mode: string }> {
  const result = await page.evaluate((id) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${id}"]`);
    if (!canvas) throw new Error(`no canvas ${id}`);
    const { width, height } = canvas;
    const mode = canvas.dataset.mode ?? '';
    let data: Uint8Array;
    if (mode === 'webgl2') {
      const gl = canvas.getContext('webgl2');
      if (!gl) throw new Error('PROGRAM says webgl2 but has no WebGL2 context');
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
      const bottomUp = new Uint8Array(width * height * 4);
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, bottomUp);
      data = new Uint8Array(bottomUp.length);
      const row = width * 4;
      for (let y = 0; y < height; y++) data.set(bottomUp.subarray((height - 1 - y) * row, (height - y) * row), y * row);
    } else {
      const context = canvas.getContext('2d');
      if (!context) throw new Error('PROGRAM has neither a WebGL2 nor a 2D context');
      data = new Uint8Array(context.getImageData(0, 0, width, height).data.buffer);
    }
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width, height, mode, base64: btoa(binary) };
  }, testId);
  return { ...decode(result), mode: result.mode };
}

/** The SOURCE element's current frame, drawn into a 2D canvas of `width` × `height`. */
export async function readSource(page: Page, width: number, height: number): Promise<Pixels> {
  return decode(
    await page.evaluate(
      ({ width, height }) => {
        const element = document.querySelector<HTMLVideoElement | HTMLImageElement>('[data-testid="source-media"]');
        if (!element) throw new Error('no SOURCE element');
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        if (!context) throw new Error('no 2D context');
        context.drawImage(element, 0, 0, width, height);
        const data = new Uint8Array(context.getImageData(0, 0, width, height).data.buffer);
        let binary = '';
        for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
        return { width, height, base64: btoa(binary) };
      },
      { width, height },
    ),
  );
}

/** Pixels of a 2D canvas (a scope trace). */
export async function readCanvas2d(page: Page, testId: string): Promise<Pixels> {
  return decode(
    await page.evaluate((id) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${id}"]`);
      const context = canvas?.getContext('2d');
      if (!canvas || !context) throw new Error(`no 2D canvas ${id}`);
      const data = new Uint8Array(context.getImageData(0, 0, canvas.width, canvas.height).data.buffer);
      let binary = '';
      for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return { width: canvas.width, height: canvas.height, base64: btoa(binary) };
    }, testId),
  );
}

/** The CPU reference render (packages/color renderGrade) of a SOURCE frame, computed in Node. */
export function cpuReference(source: Pixels, grade: Grade, customLut?: Lut3D): Pixels {
  const out = renderGrade({ width: source.width, height: source.height, data: new Uint8ClampedArray(source.data) }, grade, { customLut });
  return { width: out.width, height: out.height, data: new Uint8Array(out.data) };
}

/** A file's first frame decoded by ffmpeg to RGBA, for checking SOURCE shows the original. */
export function decodeWithFfmpeg(file: string, width: number, height: number): Pixels {
  const data = execFileSync(FFMPEG, ['-v', 'error', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { maxBuffer: 64 * 1024 * 1024 });
  if (data.length !== width * height * 4) throw new Error(`ffmpeg gave ${data.length} bytes for ${width}×${height}`);
  return { width, height, data: new Uint8Array(data) };
}

export interface Difference {
  /** Largest difference of any R, G or B value. */
  max: number;
  /** Share of pixels with some channel differing by more than `threshold`. */
  shareOver: number;
  /** Where the largest difference is. */
  at: { x: number; y: number };
}

/** Compares R, G, B of two images over the columns from..to (default all). */
export function difference(a: Pixels, b: Pixels, threshold = 2, columns: [number, number] = [0, a.width]): Difference {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`sizes differ: ${a.width}×${a.height} and ${b.width}×${b.height}`);
  let max = 0;
  let over = 0;
  let count = 0;
  let at = { x: 0, y: 0 };
  for (let y = 0; y < a.height; y++) {
    for (let x = columns[0]; x < columns[1]; x++) {
      const p = (y * a.width + x) * 4;
      let worst = 0;
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(a.data[p + c]! - b.data[p + c]!));
      if (worst > max) {
        max = worst;
        at = { x, y };
      }
      if (worst > threshold) over++;
      count++;
    }
  }
  return { max, shareOver: over / count, at };
}

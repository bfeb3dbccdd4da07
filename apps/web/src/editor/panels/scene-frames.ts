import { applyLutToRgba, bakeLut, DEFAULT_GRADE, measureImage, type ImageStats, type InputTransformId } from '@cinegrade/color';
import { ANALYSIS_FRAME_LONGEST_SIDE, ANALYSIS_MAX_DATA_URL_LENGTH, ANALYSIS_MAX_FRAMES, VIDEO_LOAD_TIMEOUT_MS } from '@cinegrade/contract';
import { captureSourceFrame } from '../editor-media';

/**
 * Frames for Smart Analyze and Smart Auto Grade, taken from the SOURCE picture after the clip's
 * camera input transform (what the sliders and looks act on): a log clip is judged as the
 * Rec.709 picture the grade starts from, not as flat log.
 */

type SourceElement = HTMLVideoElement | HTMLImageElement;

/** Where in a video the extra frames are taken, as fractions of its duration. */
const EXTRA_FRAME_POSITIONS = [0.2, 0.5, 0.8].slice(0, ANALYSIS_MAX_FRAMES - 1);

/** Measuring needs no more: `measureImage` samples at most 65 536 pixels. */
export const MEASURE_SIDE = 256;

/** Converts a picture of a camera-log source to Rec.709 in place (nothing to do for Rec.709). */
export function toRec709InPlace(image: ImageData, inputTransform: InputTransformId): void {
  if (inputTransform !== 'rec709') applyLutToRgba(bakeLut({ ...DEFAULT_GRADE, inputTransform }, 33), image.data, 'tetrahedral', image.data);
}

function captureInput(element: SourceElement, maxSide: number, inputTransform: InputTransformId): { canvas: HTMLCanvasElement; image: ImageData } | null {
  const captured = captureSourceFrame(element, maxSide);
  if (!captured || inputTransform === 'rec709') return captured;
  toRec709InPlace(captured.image, inputTransform);
  captured.canvas.getContext('2d')?.putImageData(captured.image, 0, 0);
  return captured;
}

/** A JPEG data URL within the server's per-frame limit (lower quality if a busy frame needs it). */
function jpegDataUrl(canvas: HTMLCanvasElement): string | null {
  for (const quality of [0.85, 0.7, 0.5]) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (url.startsWith('data:image/jpeg') && url.length <= ANALYSIS_MAX_DATA_URL_LENGTH) return url;
  }
  return null;
}

/** The frame on screen after the camera input, small enough to measure, or null when there is none. */
export function captureMeasureFrame(element: SourceElement | null, inputTransform: InputTransformId): ImageData | null {
  return element ? (captureInput(element, MEASURE_SIDE, inputTransform)?.image ?? null) : null;
}

/** The statistics of the frame on screen, or null when there is no frame to read. */
export function measureCurrentFrame(element: SourceElement | null, inputTransform: InputTransformId): ImageStats | null {
  const image = captureMeasureFrame(element, inputTransform);
  return image ? measureImage(image.data, image.width, image.height) : null;
}

function once(target: HTMLVideoElement, event: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => done(new Error(`${event} timed out`)), timeoutMs);
    const onEvent = () => done();
    const onError = () => done(new Error('the video could not be read'));
    function done(error?: Error) {
      window.clearTimeout(timer);
      target.removeEventListener(event, onEvent);
      target.removeEventListener('error', onError);
      if (error) reject(error);
      else resolve();
    }
    target.addEventListener(event, onEvent);
    target.addEventListener('error', onError);
  });
}

/**
 * More frames of a video, read from a second, hidden element on the same file so the monitors'
 * playback is not disturbed. Frames that cannot be had are left out: the current one is enough.
 */
async function extraVideoFrames(video: HTMLVideoElement, inputTransform: InputTransformId): Promise<string[]> {
  const source = video.currentSrc || video.src;
  if (!source) return [];
  const probe = document.createElement('video');
  probe.muted = true;
  probe.preload = 'auto';
  probe.playsInline = true;
  const frames: string[] = [];
  try {
    const loaded = once(probe, 'loadeddata', VIDEO_LOAD_TIMEOUT_MS);
    probe.src = source;
    await loaded;
    if (!Number.isFinite(probe.duration) || probe.duration <= 0) return [];
    for (const position of EXTRA_FRAME_POSITIONS) {
      const seeked = once(probe, 'seeked', VIDEO_LOAD_TIMEOUT_MS);
      probe.currentTime = probe.duration * position;
      await seeked;
      const captured = captureInput(probe, ANALYSIS_FRAME_LONGEST_SIDE, inputTransform);
      const url = captured ? jpegDataUrl(captured.canvas) : null;
      if (url) frames.push(url);
    }
  } catch (error) {
    console.warn('Smart Analyze: extra video frames skipped', error);
  } finally {
    probe.removeAttribute('src');
    probe.load();
  }
  return frames;
}

/** The request's frames: the one on screen, and for a video up to three more; null without a frame. */
export async function captureAnalysisFrames(
  element: SourceElement | null,
  inputTransform: InputTransformId,
): Promise<{ imageData: string; extraFrames: string[] } | null> {
  const current = element ? captureInput(element, ANALYSIS_FRAME_LONGEST_SIDE, inputTransform) : null;
  const imageData = current ? jpegDataUrl(current.canvas) : null;
  if (!element || !imageData) return null;
  const extraFrames = element instanceof HTMLVideoElement ? await extraVideoFrames(element, inputTransform) : [];
  return { imageData, extraFrames };
}

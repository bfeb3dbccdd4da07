/**
 * PROGRAM outside React: owns the renderer (WebGL2, or the CPU for stills), bakes the grade when
 * its global part changes (not per frame; a 33-point bake takes a few ms), draws every SOURCE
 * frame and redraws at once when the grade or the compare mode changes — in the same task as the
 * input event, so the picture follows a slider within the frame. Each draw fires a
 * `program-frame` event on the canvas (the benchmark and the scopes listen).
 */
import { bakeLut, gradeLutSize, type Grade, type Lut3D } from '@cinegrade/color';
import { CpuStillRenderer } from './cpu-renderer';
import { watchVideoFrames } from './frame-watcher';
import { ProgramRenderer, type PixelReadout, type SourceFrame } from './program-renderer';
import type { CompareMode } from './spatial-uniforms';

export type ProgramMode = 'webgl2' | 'cpu' | 'unsupported';

export const PROGRAM_FRAME_EVENT = 'program-frame';

export type SourceElement = HTMLVideoElement | HTMLImageElement;

function frameOf(element: SourceElement): SourceFrame | null {
  const width = element instanceof HTMLVideoElement ? element.videoWidth : element.naturalWidth;
  const height = element instanceof HTMLVideoElement ? element.videoHeight : element.naturalHeight;
  return width > 0 && height > 0 ? { element, width, height } : null;
}

/** The LUT only depends on the grade's global part: clarity and vignette never re-bake it. */
function lutKey(grade: Grade): string {
  return JSON.stringify({ ...grade, adjustments: { ...grade.adjustments, clarity: 0, vignette: 0 } });
}

export class ProgramView {
  readonly mode: ProgramMode;
  private readonly gpu: ProgramRenderer | null;
  private readonly cpu: CpuStillRenderer | null;
  private source: SourceElement | null = null;
  private stopWatching: (() => void) | null = null;
  private grade: Grade | null = null;
  private lut: Lut3D | null = null;
  private baked: { key: string; customLut: Lut3D | null } | null = null;
  private compare: CompareMode = { mode: 'off' };
  /** CPU mode: a frame has been read. */
  private hasFrame = false;
  private drawn = 0;
  private readonly listeners = new Set<() => void>();
  private readonly sourceListeners = new Set<() => void>();

  constructor(
    readonly canvas: HTMLCanvasElement,
    mediaType: 'video' | 'image',
  ) {
    this.gpu = ProgramRenderer.create(canvas);
    this.cpu = !this.gpu && mediaType === 'image' ? new CpuStillRenderer(canvas) : null;
    this.mode = this.gpu ? 'webgl2' : this.cpu ? 'cpu' : 'unsupported';
  }

  /** The WebGL2 renderer, for the scopes that run in its context; null in CPU mode. */
  get renderer(): ProgramRenderer | null {
    return this.gpu;
  }

  /** How many frames have been drawn since this view was made. */
  get framesDrawn(): number {
    return this.drawn;
  }

  /** Called after every draw. */
  onDraw(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called for every new SOURCE frame (not for redraws of the same frame with another grade). */
  onSourceFrame(listener: () => void): () => void {
    this.sourceListeners.add(listener);
    return () => this.sourceListeners.delete(listener);
  }

  /** The SOURCE element to draw from; a video is followed frame by frame. */
  setSource(element: SourceElement | null): void {
    if (element === this.source) return;
    this.stopWatching?.();
    this.stopWatching = null;
    this.source = element;
    this.hasFrame = false;
    if (!element) return;
    if (element instanceof HTMLVideoElement) this.stopWatching = watchVideoFrames(element, () => this.sourceFrameChanged());
    this.sourceFrameChanged();
  }

  /** A new frame in SOURCE (also called by the watcher): upload it and draw. */
  sourceFrameChanged(): void {
    const frame = this.source ? frameOf(this.source) : null;
    if (!frame) return;
    if (this.gpu) {
      // Uploads even before the first grade arrives; setGrade then draws it.
      if (this.gpu.render(frame)) this.afterDraw();
    } else if (this.cpu) {
      this.readStillOnCpu(frame);
    }
    for (const listener of this.sourceListeners) listener();
  }

  /**
   * The grade to show. `customLut` is the table of the grade's imported LUT (null when it has none).
   * Bakes only when the global part changed; always redraws.
   */
  setGrade(grade: Grade, customLut: Lut3D | null): void {
    this.grade = grade;
    const key = lutKey(grade);
    if (!this.baked || this.baked.key !== key || this.baked.customLut !== customLut) {
      this.lut = bakeLut(grade, gradeLutSize(customLut), { customLut: customLut ?? undefined });
      this.baked = { key, customLut };
      this.gpu?.setLut(this.lut);
    }
    this.gpu?.setGrade(grade);
    this.redraw();
  }

  setCompare(compare: CompareMode): void {
    this.compare = compare;
    this.gpu?.setCompare(compare);
    this.redraw();
  }

  /** Draws the current frame again (grade, compare or size changed). */
  redraw(): void {
    if (this.gpu) {
      if (this.gpu.render()) this.afterDraw();
      return;
    }
    if (this.cpu && this.hasFrame && this.grade && this.lut && this.cpu.render(this.grade, this.lut, this.compare)) this.afterDraw();
  }

  readPixels(): PixelReadout | null {
    if (this.drawn === 0) return null;
    return this.gpu ? this.gpu.readPixels() : (this.cpu?.readPixels() ?? null);
  }

  dispose(): void {
    this.stopWatching?.();
    this.stopWatching = null;
    this.listeners.clear();
    this.sourceListeners.clear();
    this.gpu?.dispose();
  }

  /**
   * The CPU reads the still without its embedded colour profile, as the WebGL upload does
   * (UNPACK_COLORSPACE_CONVERSION_WEBGL = NONE) and as ffmpeg does on export, so the two PROGRAM
   * renderers agree on tagged images too.
   */
  private readStillOnCpu(frame: SourceFrame): void {
    const cpu = this.cpu!;
    const source = this.source;
    const use = (pixels: SourceFrame) => {
      if (this.source !== source) return;
      cpu.setFrame(pixels);
      this.hasFrame = true;
      this.redraw();
    };
    createImageBitmap(frame.element, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' }).then(
      (bitmap) => {
        use({ element: bitmap, width: frame.width, height: frame.height });
        bitmap.close();
      },
      () => use(frame),
    );
  }

  private afterDraw(): void {
    this.drawn++;
    // How many frames PROGRAM has drawn: tests and the benchmark wait on it.
    this.canvas.dataset.frame = String(this.drawn);
    this.canvas.dispatchEvent(new CustomEvent(PROGRAM_FRAME_EVENT, { detail: { frame: this.drawn } }));
    for (const listener of this.listeners) listener();
  }
}

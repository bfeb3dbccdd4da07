/**
 * PROGRAM without WebGL2, for stills only: the colour engine's CPU reference renderer
 * (`renderGrade`: the same LUT, interpolation and spatial formulas) into a 2D canvas. Video is not
 * attempted: a 1080p frame takes far longer than a frame's time on the CPU.
 */
import { renderGrade, type Grade, type Lut3D } from '@cinegrade/color';
import type { PixelReadout, SourceFrame } from './program-renderer';
import { programSize, splitColumn, type CompareMode } from './spatial-uniforms';

export class CpuStillRenderer {
  private source: ImageData | null = null;
  private output: ImageData | null = null;

  constructor(private readonly canvas: HTMLCanvasElement) {}

  /** Reads the frame's pixels once (at PROGRAM's size); later renders reuse them. */
  setFrame(frame: SourceFrame): void {
    const size = programSize(frame.width, frame.height);
    const scratch = document.createElement('canvas');
    scratch.width = size.width;
    scratch.height = size.height;
    const context = scratch.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('Canvas context not available');
    context.drawImage(frame.element, 0, 0, size.width, size.height);
    this.source = context.getImageData(0, 0, size.width, size.height);
    this.canvas.width = size.width;
    this.canvas.height = size.height;
  }

  render(grade: Grade, lut: Lut3D, compare: CompareMode): boolean {
    const source = this.source;
    const context = this.canvas.getContext('2d');
    if (!source || !context) return false;
    const graded = renderGrade(source, grade, { lut });
    const data = new Uint8ClampedArray(graded.data);
    const split = splitColumn(compare, source.width);
    if (split > 0) {
      for (let y = 0; y < source.height; y++) {
        for (let x = 0; x + 0.5 < split; x++) {
          const i = (y * source.width + x) * 4;
          data[i] = source.data[i]!;
          data[i + 1] = source.data[i + 1]!;
          data[i + 2] = source.data[i + 2]!;
          data[i + 3] = source.data[i + 3]!;
        }
      }
    }
    this.output = new ImageData(data, source.width, source.height);
    context.putImageData(this.output, 0, 0);
    return true;
  }

  readPixels(): PixelReadout | null {
    const output = this.output;
    return output ? { data: new Uint8Array(output.data.buffer.slice(0)), width: output.width, height: output.height } : null;
  }
}

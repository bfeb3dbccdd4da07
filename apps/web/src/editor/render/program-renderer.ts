/**
 * The WebGL2 PROGRAM renderer (docs/color-engine.md): the grade's baked LUT as a 3D float texture sampled
 * tetrahedrally, then clarity and vignette with the engine's formulas, float intermediates
 * throughout, one 8-bit rounding at the end. Passes:
 *   no clarity: source → [LUT, vignette, compare] → program (RGBA8) → canvas
 *   clarity:    source → [LUT] → A (float) → [blur x] → [blur y] → B (float)
 *               A, B → [clarity blend, vignette, compare] → program (RGBA8) → canvas
 * `program` is also what the scopes read and what `readPixels` answers, top row first.
 */
import type { Grade, Lut3D } from '@cinegrade/color';
import { bindSampler, createProgram, createRenderTarget, createTexture, deleteRenderTarget, GlError, type GlProgram, type RenderTarget } from './gl-resources';
import { BLUR_FRAGMENT, FULLSCREEN_VERTEX, GRADE_INLINE_FRAGMENT, GRADE_SPATIAL_FRAGMENT, LUT_ONLY_FRAGMENT } from './shaders';
import { programSize, spatialUniforms, splitColumn, type CompareMode, type FrameSize, type SpatialUniforms, type VignetteUniforms } from './spatial-uniforms';

export type FrameElement = HTMLVideoElement | HTMLImageElement | HTMLCanvasElement | ImageBitmap;

export interface SourceFrame {
  readonly element: FrameElement;
  readonly width: number;
  readonly height: number;
}

export interface PixelReadout {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** The context attributes PROGRAM needs; tests read the canvas back with `readPixels`. */
export const PROGRAM_CONTEXT_ATTRIBUTES: WebGLContextAttributes = {
  alpha: true,
  premultipliedAlpha: false,
  preserveDrawingBuffer: true,
  antialias: false,
  depth: false,
  stencil: false,
};

interface Passes {
  inline: GlProgram;
  lutOnly: GlProgram;
  blur: GlProgram;
  spatial: GlProgram;
}

export class ProgramRenderer {
  /** The WebGL2 renderer for `canvas`, or null when the browser has no WebGL2. */
  static create(canvas: HTMLCanvasElement): ProgramRenderer | null {
    const gl = canvas.getContext('webgl2', PROGRAM_CONTEXT_ATTRIBUTES);
    return gl ? new ProgramRenderer(canvas, gl) : null;
  }

  readonly gl: WebGL2RenderingContext;
  /** The format of the intermediate textures between the LUT and the clarity blend. */
  readonly intermediateFormat: 'RGBA16F' | 'RGBA8';
  private readonly passes: Passes;
  private readonly sourceTexture: WebGLTexture;
  private readonly lutTexture: WebGLTexture;
  private readonly shaperTexture: WebGLTexture;
  private readonly kernelTexture: WebGLTexture;
  private lutSize = 0;
  private shaperSize = 0;
  private kernelRadius = -1;
  private kernelSigma = Number.NaN;
  private sourceSize: FrameSize | null = null;
  private outputSize: FrameSize | null = null;
  private program: RenderTarget | null = null;
  private floatTargets: [RenderTarget, RenderTarget, RenderTarget] | null = null;
  private grade: Grade | null = null;
  private compare: CompareMode = { mode: 'off' };

  private constructor(
    readonly canvas: HTMLCanvasElement,
    gl: WebGL2RenderingContext,
  ) {
    this.gl = gl;
    // Half-float targets keep 11 significant bits, far finer than the final 8-bit rounding; with
    // no colour-buffer-float support the clarity intermediates fall back to 8 bits (stated).
    const floatRenderable = gl.getExtension('EXT_color_buffer_float') !== null || gl.getExtension('EXT_color_buffer_half_float') !== null;
    this.intermediateFormat = floatRenderable ? 'RGBA16F' : 'RGBA8';
    this.passes = {
      inline: createProgram(gl, FULLSCREEN_VERTEX, GRADE_INLINE_FRAGMENT),
      lutOnly: createProgram(gl, FULLSCREEN_VERTEX, LUT_ONLY_FRAGMENT),
      blur: createProgram(gl, FULLSCREEN_VERTEX, BLUR_FRAGMENT),
      spatial: createProgram(gl, FULLSCREEN_VERTEX, GRADE_SPATIAL_FRAGMENT),
    };
    // Sources go in exactly as decoded: no flip (rows stay top first), no premultiplication, no
    // colour-space conversion of tagged images.
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    this.sourceTexture = createTexture(gl);
    this.kernelTexture = createTexture(gl);
    // Always bound (a sampler2D on its own unit), so it holds a placeholder until a LUT has a shaper.
    this.shaperTexture = createTexture(gl);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGB32F, 2, 1, 0, gl.RGB, gl.FLOAT, new Float32Array(6));
    const lut = gl.createTexture();
    if (!lut) throw new GlError('The browser could not create the LUT texture.');
    this.lutTexture = lut;
    gl.bindTexture(gl.TEXTURE_3D, lut);
    for (const parameter of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER]) gl.texParameteri(gl.TEXTURE_3D, parameter, gl.NEAREST);
    for (const parameter of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T, gl.TEXTURE_WRAP_R]) gl.texParameteri(gl.TEXTURE_3D, parameter, gl.CLAMP_TO_EDGE);
  }

  /**
   * Uploads a baked LUT (size³ RGB float triplets, red fastest) as an RGB32F 3D texture, and its
   * shaper, when it has one (a grade starting with an imported LUT with a shaper), as a row of RGB32F.
   */
  setLut(lut: Lut3D): void {
    const gl = this.gl;
    gl.bindTexture(gl.TEXTURE_3D, this.lutTexture);
    gl.texImage3D(gl.TEXTURE_3D, 0, gl.RGB32F, lut.size, lut.size, lut.size, 0, gl.RGB, gl.FLOAT, lut.data);
    this.lutSize = lut.size;
    if (lut.shaper) {
      gl.bindTexture(gl.TEXTURE_2D, this.shaperTexture);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGB32F, lut.shaper.size, 1, 0, gl.RGB, gl.FLOAT, lut.shaper.data);
    }
    this.shaperSize = lut.shaper?.size ?? 0;
  }

  /** The grade's spatial sliders (clarity, vignette); the LUT comes through setLut. */
  setGrade(grade: Grade): void {
    this.grade = grade;
  }

  setCompare(compare: CompareMode): void {
    this.compare = compare;
  }

  get size(): FrameSize | null {
    return this.outputSize;
  }

  /** The RGBA8 target holding the last PROGRAM frame (top row first), for the scopes. */
  get programTarget(): RenderTarget | null {
    return this.program;
  }

  /**
   * Draws PROGRAM. With `frame`, uploads that frame first (a new video frame, a new image);
   * without, redraws the last uploaded one (a grade change on a paused frame). Answers whether
   * anything was drawn.
   */
  render(frame?: SourceFrame): boolean {
    const gl = this.gl;
    if (gl.isContextLost()) return false;
    if (frame) this.upload(frame);
    const size = this.outputSize;
    if (!size || !this.program || this.lutSize === 0 || !this.grade) return false;
    const spatial = spatialUniforms(this.grade, size);
    gl.viewport(0, 0, size.width, size.height);
    gl.disable(gl.BLEND);
    if (spatial.clarity) this.drawWithClarity(size, spatial);
    else this.drawInline(size, spatial.vignette);
    // The canvas's row 0 is its bottom: flip while copying so the picture stands upright.
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, this.program.framebuffer);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null);
    gl.blitFramebuffer(0, 0, size.width, size.height, 0, size.height, size.width, 0, gl.COLOR_BUFFER_BIT, gl.NEAREST);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    return true;
  }

  /** The last PROGRAM frame as RGBA bytes, top row first. */
  readPixels(): PixelReadout | null {
    const gl = this.gl;
    const size = this.outputSize;
    if (!size || !this.program || gl.isContextLost()) return null;
    const data = new Uint8Array(size.width * size.height * 4);
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, this.program.framebuffer);
    gl.readPixels(0, 0, size.width, size.height, gl.RGBA, gl.UNSIGNED_BYTE, data);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    return { data, width: size.width, height: size.height };
  }

  dispose(): void {
    const gl = this.gl;
    deleteRenderTarget(gl, this.program);
    for (const target of this.floatTargets ?? []) deleteRenderTarget(gl, target);
    gl.deleteTexture(this.sourceTexture);
    gl.deleteTexture(this.lutTexture);
    gl.deleteTexture(this.shaperTexture);
    gl.deleteTexture(this.kernelTexture);
    const { inline, lutOnly, blur, spatial } = this.passes;
    for (const pass of [inline, lutOnly, blur, spatial]) gl.deleteProgram(pass.program);
    this.program = null;
    this.floatTargets = null;
  }

  private upload(frame: SourceFrame): void {
    const gl = this.gl;
    gl.bindTexture(gl.TEXTURE_2D, this.sourceTexture);
    const same = this.sourceSize?.width === frame.width && this.sourceSize.height === frame.height;
    if (same) {
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, gl.RGBA, gl.UNSIGNED_BYTE, frame.element);
      return;
    }
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, frame.element);
    this.sourceSize = { width: frame.width, height: frame.height };
    const output = programSize(frame.width, frame.height);
    const filter = output.width === frame.width && output.height === frame.height ? gl.NEAREST : gl.LINEAR;
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, filter);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, filter);
    if (this.outputSize?.width !== output.width || this.outputSize.height !== output.height) this.resize(output);
  }

  private resize(size: FrameSize): void {
    const gl = this.gl;
    deleteRenderTarget(gl, this.program);
    for (const target of this.floatTargets ?? []) deleteRenderTarget(gl, target);
    this.floatTargets = null;
    this.program = createRenderTarget(gl, size.width, size.height, gl.RGBA8);
    this.outputSize = size;
    this.canvas.width = size.width;
    this.canvas.height = size.height;
  }

  private useSourceUniforms(pass: GlProgram, size: FrameSize): void {
    const gl = this.gl;
    bindSampler(gl, pass, 'u_source', 0, this.sourceTexture);
    gl.uniform1i(pass.uniform('u_sourceScaled'), this.sourceSize?.width === size.width && this.sourceSize.height === size.height ? 0 : 1);
    gl.uniform2i(pass.uniform('u_size'), size.width, size.height);
  }

  private useLutUniforms(pass: GlProgram): void {
    bindSampler(this.gl, pass, 'u_lut', 1, this.lutTexture, this.gl.TEXTURE_3D);
    this.gl.uniform1i(pass.uniform('u_lutSize'), this.lutSize);
    bindSampler(this.gl, pass, 'u_shaper', 4, this.shaperTexture);
    this.gl.uniform1i(pass.uniform('u_shaperSize'), this.shaperSize);
  }

  private useFinishUniforms(pass: GlProgram, size: FrameSize, vignette: VignetteUniforms | null): void {
    const gl = this.gl;
    gl.uniform1f(pass.uniform('u_vignetteAmount'), vignette?.amount ?? 0);
    gl.uniform2f(pass.uniform('u_vignetteCenter'), vignette?.center[0] ?? size.width / 2, vignette?.center[1] ?? size.height / 2);
    gl.uniform1f(pass.uniform('u_vignetteCornerDistanceSquared'), vignette?.cornerDistanceSquared ?? 1);
    gl.uniform1f(pass.uniform('u_splitX'), splitColumn(this.compare, size.width));
  }

  private drawInline(size: FrameSize, vignette: VignetteUniforms | null): void {
    const gl = this.gl;
    const pass = this.passes.inline;
    gl.useProgram(pass.program);
    this.useSourceUniforms(pass, size);
    this.useLutUniforms(pass);
    this.useFinishUniforms(pass, size, vignette);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.program!.framebuffer);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }

  private drawWithClarity(size: FrameSize, spatial: SpatialUniforms): void {
    const gl = this.gl;
    const clarity = spatial.clarity!;
    const [graded, across, blurred] = this.ensureFloatTargets(size);
    this.ensureKernel(clarity.sigma, clarity.radius, clarity.weights);

    const lutOnly = this.passes.lutOnly;
    gl.useProgram(lutOnly.program);
    this.useSourceUniforms(lutOnly, size);
    this.useLutUniforms(lutOnly);
    gl.bindFramebuffer(gl.FRAMEBUFFER, graded.framebuffer);
    gl.drawArrays(gl.TRIANGLES, 0, 3);

    const blur = this.passes.blur;
    gl.useProgram(blur.program);
    bindSampler(gl, blur, 'u_weights', 3, this.kernelTexture);
    gl.uniform1i(blur.uniform('u_radius'), clarity.radius);
    gl.uniform2i(blur.uniform('u_size'), size.width, size.height);
    for (const [input, output, direction] of [
      [graded, across, [1, 0]],
      [across, blurred, [0, 1]],
    ] as const) {
      bindSampler(gl, blur, 'u_input', 2, input.texture);
      gl.uniform2i(blur.uniform('u_direction'), direction[0], direction[1]);
      gl.bindFramebuffer(gl.FRAMEBUFFER, output.framebuffer);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
    }

    const finish = this.passes.spatial;
    gl.useProgram(finish.program);
    this.useSourceUniforms(finish, size);
    bindSampler(gl, finish, 'u_graded', 1, graded.texture);
    bindSampler(gl, finish, 'u_blurred', 2, blurred.texture);
    gl.uniform1f(finish.uniform('u_clarityAmount'), clarity.amount);
    this.useFinishUniforms(finish, size, spatial.vignette);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.program!.framebuffer);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }

  private ensureFloatTargets(size: FrameSize): [RenderTarget, RenderTarget, RenderTarget] {
    if (!this.floatTargets) {
      const gl = this.gl;
      const format = this.intermediateFormat === 'RGBA16F' ? gl.RGBA16F : gl.RGBA8;
      this.floatTargets = [
        createRenderTarget(gl, size.width, size.height, format),
        createRenderTarget(gl, size.width, size.height, format),
        createRenderTarget(gl, size.width, size.height, format),
      ];
    }
    return this.floatTargets;
  }

  private ensureKernel(sigma: number, radius: number, weights: Float32Array): void {
    if (sigma === this.kernelSigma && radius === this.kernelRadius) return;
    const gl = this.gl;
    gl.bindTexture(gl.TEXTURE_2D, this.kernelTexture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.R32F, weights.length, 1, 0, gl.RED, gl.FLOAT, weights);
    this.kernelSigma = sigma;
    this.kernelRadius = radius;
  }
}

/**
 * The scopes on the GPU, in PROGRAM's own WebGL2 context (textures cannot cross contexts): one
 * point per grid sample is scattered, with additive blending, into a float accumulator — the
 * waveform (R, G, B and luma instances) in columns 0..255 and the vectorscope in 256..511. The
 * vertex shader reads PROGRAM's texture directly, so no frame ever comes back to the CPU; only
 * the 512 × 256 accumulator is read, to draw the traces (scope-draw.ts). Needs float render
 * targets and float blending (EXT_color_buffer_float, EXT_float_blend); without them the
 * scopes use the CPU path of scope-data.ts.
 */
import { REC709_LUMA } from '@cinegrade/color';
import { bindSampler, createProgram, createRenderTarget, deleteRenderTarget, type GlProgram, type RenderTarget } from '../render/gl-resources';
import type { ProgramRenderer } from '../render/program-renderer';
import {
  CB_DIVISOR,
  CR_DIVISOR,
  SCOPE_COLUMNS,
  SCOPE_LEVELS,
  VECTOR_SIZE,
  VECTOR_CELL_NUDGE,
  emptyScopeData,
  sampleGrid,
  samplesPerWaveformColumn,
  type ScopeData,
} from './scope-data';

const ACCUMULATOR_WIDTH = SCOPE_COLUMNS + VECTOR_SIZE;
const ACCUMULATOR_HEIGHT = SCOPE_LEVELS;

const [LR, LG, LB] = REC709_LUMA;

/** Instances 0..3: the waveform's R, G, B and luma; instance 4: the vectorscope. */
const SCATTER_VERTEX = `#version 300 es
precision highp float;
precision highp int;
precision highp sampler2D;
uniform sampler2D u_program;
uniform ivec2 u_size;
uniform ivec2 u_grid;
flat out vec4 v_weight;
const vec3 LUMA = vec3(${LR}, ${LG}, ${LB});
void main() {
  int i = gl_VertexID % u_grid.x;
  int j = gl_VertexID / u_grid.x;
  ivec2 p = min(ivec2(floor((vec2(i, j) + 0.5) * vec2(u_size) / vec2(u_grid))), u_size - 1);
  vec3 c = texelFetch(u_program, p, 0).rgb;
  float y = dot(c, LUMA);
  float x;
  float row;
  if (gl_InstanceID < 4) {
    float v = gl_InstanceID == 3 ? y : c[gl_InstanceID];
    row = clamp(floor(v * 255.0 + 0.5), 0.0, ${SCOPE_LEVELS - 1}.0);
    x = min(floor(float(p.x) * ${SCOPE_COLUMNS}.0 / float(u_size.x)), ${SCOPE_COLUMNS - 1}.0);
    v_weight = vec4(equal(ivec4(0, 1, 2, 3), ivec4(gl_InstanceID)));
  } else {
    float cb = (c.b - y) / ${CB_DIVISOR};
    float cr = (c.r - y) / ${CR_DIVISOR};
    x = ${SCOPE_COLUMNS}.0 + clamp(floor((cb + 0.5) * ${VECTOR_SIZE}.0 + ${VECTOR_CELL_NUDGE}), 0.0, ${VECTOR_SIZE - 1}.0);
    row = clamp(floor((0.5 - cr) * ${VECTOR_SIZE}.0 + ${VECTOR_CELL_NUDGE}), 0.0, ${VECTOR_SIZE - 1}.0);
    v_weight = vec4(1.0, 0.0, 0.0, 0.0);
  }
  gl_Position = vec4((x + 0.5) / ${ACCUMULATOR_WIDTH}.0 * 2.0 - 1.0, (row + 0.5) / ${ACCUMULATOR_HEIGHT}.0 * 2.0 - 1.0, 0.0, 1.0);
  gl_PointSize = 1.0;
}
`;

const SCATTER_FRAGMENT = `#version 300 es
precision highp float;
flat in vec4 v_weight;
out vec4 outColour;
void main() { outColour = v_weight; }
`;

export class GpuScopes {
  /** Null when this context cannot accumulate in float. */
  static create(renderer: ProgramRenderer): GpuScopes | null {
    const gl = renderer.gl;
    if (!gl.getExtension('EXT_color_buffer_float') || !gl.getExtension('EXT_float_blend')) return null;
    try {
      return new GpuScopes(renderer);
    } catch (error) {
      console.warn('GPU scopes unavailable, using the CPU', error);
      return null;
    }
  }

  private readonly program: GlProgram;
  private readonly target: RenderTarget;
  private readonly readback = new Float32Array(ACCUMULATOR_WIDTH * ACCUMULATOR_HEIGHT * 4);

  private constructor(private readonly renderer: ProgramRenderer) {
    const gl = renderer.gl;
    this.program = createProgram(gl, SCATTER_VERTEX, SCATTER_FRAGMENT);
    this.target = createRenderTarget(gl, ACCUMULATOR_WIDTH, ACCUMULATOR_HEIGHT, gl.RGBA32F);
  }

  /** Measures the last PROGRAM frame; null before the first one. */
  measure(): ScopeData | null {
    const gl = this.renderer.gl;
    const source = this.renderer.programTarget;
    if (!source || gl.isContextLost()) return null;
    const grid = sampleGrid(source.width, source.height);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.target.framebuffer);
    gl.viewport(0, 0, ACCUMULATOR_WIDTH, ACCUMULATOR_HEIGHT);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.enable(gl.BLEND);
    gl.blendEquation(gl.FUNC_ADD);
    gl.blendFunc(gl.ONE, gl.ONE);
    gl.useProgram(this.program.program);
    bindSampler(gl, this.program, 'u_program', 0, source.texture);
    gl.uniform2i(this.program.uniform('u_size'), source.width, source.height);
    gl.uniform2i(this.program.uniform('u_grid'), grid.columns, grid.rows);
    gl.drawArraysInstanced(gl.POINTS, 0, grid.columns * grid.rows, 5);
    gl.disable(gl.BLEND);
    gl.readPixels(0, 0, ACCUMULATOR_WIDTH, ACCUMULATOR_HEIGHT, gl.RGBA, gl.FLOAT, this.readback);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);

    const data = emptyScopeData(samplesPerWaveformColumn(grid), grid.columns * grid.rows);
    for (let row = 0; row < ACCUMULATOR_HEIGHT; row++) {
      const base = row * ACCUMULATOR_WIDTH * 4;
      data.waveform.set(this.readback.subarray(base, base + SCOPE_COLUMNS * 4), row * SCOPE_COLUMNS * 4);
      for (let column = 0; column < VECTOR_SIZE; column++) {
        data.vector[row * VECTOR_SIZE + column] = this.readback[base + (SCOPE_COLUMNS + column) * 4]!;
      }
    }
    return data;
  }

  dispose(): void {
    const gl = this.renderer.gl;
    gl.deleteProgram(this.program.program);
    deleteRenderTarget(gl, this.target);
  }
}

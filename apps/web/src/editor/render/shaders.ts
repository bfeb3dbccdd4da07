/**
 * GLSL ES 3.00 for PROGRAM. Every texture holds the picture top row first (sources are uploaded
 * without flipY) and every pass addresses pixels by gl_FragCoord, so passes agree on rows; only
 * the final blit to the canvas flips. Formulas: packages/color apply-lut.ts (tetrahedral, as
 * ffmpeg's vf_lut3d interp_tetrahedral) and spatial.ts (clarity, vignette).
 */

const HEADER = `#version 300 es
precision highp float;
precision highp int;
precision highp sampler2D;
precision highp sampler3D;
`;

/** One triangle that covers the viewport; no vertex buffers. */
export const FULLSCREEN_VERTEX = `#version 300 es
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
`;

/** The source pixel for output pixel p: exact when sizes match, bilinear when PROGRAM is smaller. */
const SOURCE = `
uniform sampler2D u_source;
uniform bool u_sourceScaled;
uniform ivec2 u_size;
vec4 sourcePixel(ivec2 p) {
  if (!u_sourceScaled) return texelFetch(u_source, p, 0);
  return texture(u_source, (vec2(p) + 0.5) / vec2(u_size));
}
`;

/**
 * Tetrahedral interpolation in a size³ RGB float LUT (red along x, green along y, blue along z),
 * entries read with texelFetch: the cube cell is split along its black-white diagonal and the
 * tetrahedron is chosen by the order of the fractions, with the same strict comparisons as
 * apply-lut.ts and ffmpeg's interp_tetrahedral. A LUT with a shaper (an imported LUT's 1D stage,
 * u_shaperSize points in a row of RGB floats; 0 for none) is indexed by the shaper's output: the
 * colour clamped to 0..1, then linear between the shaper's two neighbouring points, as apply-lut.ts's
 * shapeChannel and ffmpeg's lut1d interp_1d_linear.
 */
const LUT = `
uniform sampler3D u_lut;
uniform int u_lutSize;
uniform sampler2D u_shaper;
uniform int u_shaperSize;
vec3 lutEntry(ivec3 i) { return texelFetch(u_lut, i, 0).rgb; }
vec3 shape(vec3 colour) {
  if (u_shaperSize == 0) return colour;
  vec3 x = clamp(colour, 0.0, 1.0) * float(u_shaperSize - 1);
  ivec3 i = min(ivec3(x), ivec3(u_shaperSize - 2));
  vec3 f = x - vec3(i);
  float r = texelFetch(u_shaper, ivec2(i.r, 0), 0).r;
  float g = texelFetch(u_shaper, ivec2(i.g, 0), 0).g;
  float b = texelFetch(u_shaper, ivec2(i.b, 0), 0).b;
  return vec3(
    r + (texelFetch(u_shaper, ivec2(i.r + 1, 0), 0).r - r) * f.r,
    g + (texelFetch(u_shaper, ivec2(i.g + 1, 0), 0).g - g) * f.g,
    b + (texelFetch(u_shaper, ivec2(i.b + 1, 0), 0).b - b) * f.b);
}
vec3 applyLut(vec3 colour) {
  float n1 = float(u_lutSize - 1);
  vec3 x = clamp(shape(colour), 0.0, 1.0) * n1;
  ivec3 i = min(ivec3(x), ivec3(u_lutSize - 2));
  vec3 f = x - vec3(i);
  vec3 c000 = lutEntry(i);
  vec3 c111 = lutEntry(i + ivec3(1, 1, 1));
  vec3 result;
  if (f.r > f.g) {
    if (f.g > f.b) {
      result = (1.0 - f.r) * c000 + (f.r - f.g) * lutEntry(i + ivec3(1, 0, 0)) + (f.g - f.b) * lutEntry(i + ivec3(1, 1, 0)) + f.b * c111;
    } else if (f.r > f.b) {
      result = (1.0 - f.r) * c000 + (f.r - f.b) * lutEntry(i + ivec3(1, 0, 0)) + (f.b - f.g) * lutEntry(i + ivec3(1, 0, 1)) + f.g * c111;
    } else {
      result = (1.0 - f.b) * c000 + (f.b - f.r) * lutEntry(i + ivec3(0, 0, 1)) + (f.r - f.g) * lutEntry(i + ivec3(1, 0, 1)) + f.g * c111;
    }
  } else if (f.b > f.g) {
    result = (1.0 - f.b) * c000 + (f.b - f.g) * lutEntry(i + ivec3(0, 0, 1)) + (f.g - f.r) * lutEntry(i + ivec3(0, 1, 1)) + f.r * c111;
  } else if (f.b > f.r) {
    result = (1.0 - f.g) * c000 + (f.g - f.b) * lutEntry(i + ivec3(0, 1, 0)) + (f.b - f.r) * lutEntry(i + ivec3(0, 1, 1)) + f.r * c111;
  } else {
    result = (1.0 - f.g) * c000 + (f.g - f.r) * lutEntry(i + ivec3(0, 1, 0)) + (f.r - f.b) * lutEntry(i + ivec3(1, 1, 0)) + f.b * c111;
  }
  return clamp(result, 0.0, 1.0);
}
`;

/** spatial.ts: gain = 1 − v·d⁴, d² = |p + ½ − centre|² / ((W/2)² + (H/2)²). v = 0 gives exactly 1. */
const VIGNETTE = `
uniform float u_vignetteAmount;
uniform vec2 u_vignetteCenter;
uniform float u_vignetteCornerDistanceSquared;
float vignetteGain(ivec2 p) {
  vec2 d = vec2(p) + 0.5 - u_vignetteCenter;
  float d2 = dot(d, d) / u_vignetteCornerDistanceSquared;
  return 1.0 - u_vignetteAmount * d2 * d2;
}
`;

/** Columns left of u_splitX show the ungraded source (bypass: all of them; off: none). */
const COMPARE = `
uniform float u_splitX;
bool showsSource(ivec2 p) { return float(p.x) + 0.5 < u_splitX; }
`;

/** No clarity: LUT, vignette and compare in one pass straight from the source. */
export const GRADE_INLINE_FRAGMENT = `${HEADER}${SOURCE}${LUT}${VIGNETTE}${COMPARE}
out vec4 outColour;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec4 source = sourcePixel(p);
  if (showsSource(p)) { outColour = source; return; }
  vec3 graded = applyLut(source.rgb);
  outColour = vec4(clamp(graded * vignetteGain(p), 0.0, 1.0), source.a);
}
`;

/** Clarity, pass 1: the LUT alone, into a float texture (A in spatial.ts). */
export const LUT_ONLY_FRAGMENT = `${HEADER}${SOURCE}${LUT}
out vec4 outColour;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec4 source = sourcePixel(p);
  outColour = vec4(applyLut(source.rgb), source.a);
}
`;

/**
 * Clarity, passes 2 and 3: the separable Gaussian along x, then y, with the engine's weights
 * (a float texture of 2·radius + 1 taps) and edges extended by repeating the border pixel.
 */
export const BLUR_FRAGMENT = `${HEADER}
uniform sampler2D u_input;
uniform sampler2D u_weights;
uniform int u_radius;
uniform ivec2 u_direction;
uniform ivec2 u_size;
out vec4 outColour;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec3 sum = vec3(0.0);
  for (int k = -u_radius; k <= u_radius; k++) {
    ivec2 q = clamp(p + u_direction * k, ivec2(0), u_size - 1);
    sum += texelFetch(u_weights, ivec2(k + u_radius, 0), 0).r * texelFetch(u_input, q, 0).rgb;
  }
  outColour = vec4(sum, 1.0);
}
`;

/** Clarity, pass 4: out = clamp(A + k·4B(1−B)·(A−B)), then the vignette and compare. */
export const GRADE_SPATIAL_FRAGMENT = `${HEADER}${SOURCE}${VIGNETTE}${COMPARE}
uniform sampler2D u_graded;
uniform sampler2D u_blurred;
uniform float u_clarityAmount;
out vec4 outColour;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  if (showsSource(p)) { outColour = sourcePixel(p); return; }
  vec4 a = texelFetch(u_graded, p, 0);
  vec3 b = texelFetch(u_blurred, p, 0).rgb;
  vec3 clarity = clamp(a.rgb + u_clarityAmount * 4.0 * b * (1.0 - b) * (a.rgb - b), 0.0, 1.0);
  outColour = vec4(clamp(clarity * vignetteGain(p), 0.0, 1.0), a.a);
}
`;

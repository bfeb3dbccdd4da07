/** Small WebGL2 helpers: programs with their uniform locations, textures, framebuffers. */

export class GlError extends Error {
  override name = 'GlError';
}

export interface GlProgram {
  readonly program: WebGLProgram;
  uniform(name: string): WebGLUniformLocation | null;
}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new GlError('The browser could not create a shader.');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS) && !gl.isContextLost()) {
    const log = gl.getShaderInfoLog(shader) ?? '';
    gl.deleteShader(shader);
    throw new GlError(`A PROGRAM shader did not compile: ${log}`);
  }
  return shader;
}

export function createProgram(gl: WebGL2RenderingContext, vertexSource: string, fragmentSource: string): GlProgram {
  const program = gl.createProgram();
  if (!program) throw new GlError('The browser could not create a shader program.');
  const vertex = compile(gl, gl.VERTEX_SHADER, vertexSource);
  const fragment = compile(gl, gl.FRAGMENT_SHADER, fragmentSource);
  gl.attachShader(program, vertex);
  gl.attachShader(program, fragment);
  gl.linkProgram(program);
  gl.deleteShader(vertex);
  gl.deleteShader(fragment);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS) && !gl.isContextLost()) {
    throw new GlError(`A PROGRAM shader did not link: ${gl.getProgramInfoLog(program) ?? ''}`);
  }
  const locations = new Map<string, WebGLUniformLocation | null>();
  return {
    program,
    uniform(name) {
      if (!locations.has(name)) locations.set(name, gl.getUniformLocation(program, name));
      return locations.get(name) ?? null;
    },
  };
}

/** A 2D texture with nearest filtering and clamped edges (LINEAR only where a pass scales). */
export function createTexture(gl: WebGL2RenderingContext, filter: number = gl.NEAREST): WebGLTexture {
  const texture = gl.createTexture();
  if (!texture) throw new GlError('The browser could not create a texture.');
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, filter);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, filter);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  return texture;
}

export interface RenderTarget {
  readonly texture: WebGLTexture;
  readonly framebuffer: WebGLFramebuffer;
  readonly width: number;
  readonly height: number;
}

/** A texture of `internalFormat` with a framebuffer drawing into it; throws if it is not renderable. */
export function createRenderTarget(gl: WebGL2RenderingContext, width: number, height: number, internalFormat: number): RenderTarget {
  const texture = createTexture(gl);
  gl.texStorage2D(gl.TEXTURE_2D, 1, internalFormat, width, height);
  const framebuffer = gl.createFramebuffer();
  if (!framebuffer) throw new GlError('The browser could not create a framebuffer.');
  gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
  const status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  if (status !== gl.FRAMEBUFFER_COMPLETE) {
    gl.deleteFramebuffer(framebuffer);
    gl.deleteTexture(texture);
    throw new GlError(`This graphics driver cannot render to that texture format (status 0x${status.toString(16)}).`);
  }
  return { texture, framebuffer, width, height };
}

export function deleteRenderTarget(gl: WebGL2RenderingContext, target: RenderTarget | null): void {
  if (!target) return;
  gl.deleteFramebuffer(target.framebuffer);
  gl.deleteTexture(target.texture);
}

/** Binds `texture` to texture unit `unit` and points the sampler uniform at it. */
export function bindSampler(gl: WebGL2RenderingContext, program: GlProgram, name: string, unit: number, texture: WebGLTexture, target: number = gl.TEXTURE_2D): void {
  gl.activeTexture(gl.TEXTURE0 + unit);
  gl.bindTexture(target, texture);
  gl.uniform1i(program.uniform(name), unit);
}

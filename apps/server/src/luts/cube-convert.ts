import { cubeToLut3D, parseCube, type Lut3D } from '@cinegrade/color';
import { MAX_IMPORTED_LUT_SIZE } from '@cinegrade/contract';

/** 1D files have no size of their own in 3D; they are resampled at the product's default. */
const ONE_D_RESAMPLE_SIZE = 33;

/** What reading a `.cube` gave: the stored table, or the reason it cannot be imported. */
export type ConvertedCube =
  | { ok: true; size: number; table: Uint8Array; warnings: string[] }
  | { ok: false; message: string };

/** Float32 triplets as little-endian bytes, the stored and served form of a table. */
export function tableToBytes(lut: Lut3D): Uint8Array {
  const bytes = new Uint8Array(lut.data.length * 4);
  const view = new DataView(bytes.buffer);
  lut.data.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return bytes;
}

/**
 * Reads a `.cube` with the engine's strict reader (the line at fault) and bakes it into the
 * stored table, refusing more than 65 points per side before any table is made.
 */
export function convertCube(text: string): ConvertedCube {
  const parsed = parseCube(text);
  if (!parsed.ok) return { ok: false, message: `This is not a valid .cube file: ${parsed.message}` };
  const { cube } = parsed;
  if (cube.lut3d && cube.lut3d.size > MAX_IMPORTED_LUT_SIZE) {
    return {
      ok: false,
      message: `This LUT has ${cube.lut3d.size} points per side; Cinegrade takes imported LUTs of up to ${MAX_IMPORTED_LUT_SIZE}. Export it at ${MAX_IMPORTED_LUT_SIZE} or 33 points and import it again.`,
    };
  }
  const table = cubeToLut3D(cube, cube.lut3d?.size ?? ONE_D_RESAMPLE_SIZE);
  return { ok: true, size: table.size, table: tableToBytes(table), warnings: parsed.warnings.map((w) => w.message) };
}

import { declaredLutSize, lutFileToTable, lutFormatName, parseLutFile, type Lut3D, type LutFormat } from '@cinegrade/color';
import { MAX_IMPORTED_LUT_SIZE } from '@cinegrade/contract';

/** What reading a LUT file gave: the stored table, or the reason it cannot be imported. */
export type ConvertedCube =
  | { ok: true; size: number; table: Uint8Array; warnings: string[]; resampled: boolean }
  | { ok: false; message: string };

/** Float32 triplets as little-endian bytes, the stored and served form of a table. */
export function tableToBytes(lut: Lut3D): Uint8Array {
  const bytes = new Uint8Array(lut.data.length * 4);
  const view = new DataView(bytes.buffer);
  lut.data.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return bytes;
}

function tooLarge(size: number): ConvertedCube {
  return {
    ok: false,
    message: `This LUT has ${size} points per side; Cinegrade takes imported LUTs of up to ${MAX_IMPORTED_LUT_SIZE}. Export it at ${MAX_IMPORTED_LUT_SIZE} or 33 points and import it again.`,
  };
}

/**
 * Reads a `.cube`, `.3dl` or `.csp` with the engine's strict readers (the line at fault) and
 * makes the stored table (`lutFileToTable`): a plain 3D file as written, at its size and
 * unclamped; a file with a shaper or another domain sampled at up to 65 points, with a warning
 * stating the largest difference from the file. More than 65 points per side is refused.
 */
export function convertCube(text: string, format: LutFormat = 'cube'): ConvertedCube {
  // The declared size is refused before the table is read: a LUT_3D_SIZE 256 line alone would
  // otherwise have the reader set aside 200 MB for it.
  const declared = declaredLutSize(text, format);
  if (declared !== null && declared > MAX_IMPORTED_LUT_SIZE) return tooLarge(declared);
  const parsed = parseLutFile(text, format);
  const name = lutFormatName(format);
  if (!parsed.ok) return { ok: false, message: `This is not a valid ${name} file: ${parsed.message}` };
  if (parsed.tableSize !== null && parsed.tableSize > MAX_IMPORTED_LUT_SIZE) return tooLarge(parsed.tableSize);
  const table = lutFileToTable(parsed.file);
  const warnings = [...parsed.warnings];
  if (table.resampled) {
    warnings.push(`This file's shaper or input range was sampled into a ${table.lut.size}-point table; it differs from the file by up to ${(table.maxError * 255).toFixed(2)}/255 per channel.`);
  }
  return { ok: true, size: table.lut.size, table: tableToBytes(table.lut), warnings, resampled: table.resampled };
}

import { declaredLutSize, lutFileToTable, lutFormatName, lutToBytes, parseLutFile, type LutFormat } from '@cinegrade/color';
import { MAX_IMPORTED_LUT_SIZE } from '@cinegrade/contract';

/** What reading a LUT file gave: the stored table, or the reason it cannot be imported. */
export type ConvertedCube =
  | { ok: true; size: number; table: Uint8Array; warnings: string[]; resampled: boolean }
  | { ok: false; message: string };

function tooLarge(size: number): ConvertedCube {
  return {
    ok: false,
    message: `This LUT has ${size} points per side; Cinegrade takes imported LUTs of up to ${MAX_IMPORTED_LUT_SIZE}. Export it at ${MAX_IMPORTED_LUT_SIZE} or 33 points and import it again.`,
  };
}

/**
 * Reads a `.cube`, `.3dl` or `.csp` with the engine's strict readers (the line at fault) and
 * makes the stored table (`lutFileToTable`, stored as `lutToBytes` writes it): a plain 3D file as
 * written, at its size and unclamped; a shaper file as its shaper stage and its own 3D table; any
 * other file with a shaper or another domain sampled at up to 65 points, with a warning stating the
 * largest difference from the file. More than 65 points per side is refused.
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
    const sampled = table.lut.shaper ? `This file's shaper was sampled at ${table.lut.shaper.size} points` : `This file's shaper or input range was sampled into a ${table.lut.size}-point table`;
    warnings.push(`${sampled}; it differs from the file by up to ${(table.maxError * 255).toFixed(2)}/255 per channel.`);
  }
  return { ok: true, size: table.lut.size, table: lutToBytes(table.lut), warnings, resampled: table.resampled };
}

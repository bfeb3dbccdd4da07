import { CDL_MAX_CHARS, CdlParseError, CdlRangeError, cdlToWheels, DEFAULT_WHEELS, parseCdl, wheelsToCdl, writeCdl, type Grade, type Wheels } from '@cinegrade/color';
import { safeFileName } from '../panels/lut-download';

/** CDL files the import offers. */
export const CDL_FILE_TYPES = '.cdl,.cc,.ccc';

export type CdlImport = { ok: true; wheels: Wheels; note: string } | { ok: false; message: string };

/**
 * Reads an ASC CDL file (`.cdl`, `.cc`, `.ccc`) into the colour wheels. A file that is not a CDL,
 * or holds values the wheels cannot reach, gives a message for a person and no wheels. A file with
 * several corrections gives the first, and says so.
 */
export function wheelsFromCdlFile(text: string, fileName: string): CdlImport {
  if (text.length > CDL_MAX_CHARS) return { ok: false, message: `${fileName} is too large for a CDL file (a CDL file is a few kilobytes).` };
  try {
    const parsed = parseCdl(text);
    const first = parsed.corrections[0]!;
    const wheels = cdlToWheels(first.cdl);
    const count = parsed.corrections.length;
    const named = first.id ? ` "${first.id}"` : '';
    const note = count > 1 ? `Applied the first of ${count} corrections${named} from ${fileName} to the colour wheels.` : `Applied ${fileName} to the colour wheels.`;
    return { ok: true, wheels, note };
  } catch (error) {
    if (error instanceof CdlParseError) return { ok: false, message: `${fileName} is not a CDL file this editor can read: ${error.message}` };
    if (error instanceof CdlRangeError) return { ok: false, message: `${fileName} cannot be applied: ${error.message}` };
    throw error;
  }
}

/**
 * The grade's colour wheels as an ASC CDL decision list (`.cdl`). A CDL holds slope, offset, power
 * and saturation only, so the look, sliders and curves are not in it.
 */
export function cdlFileOfGrade(grade: Grade, assetName: string): { fileName: string; text: string } {
  const name = safeFileName(assetName.replace(/\.[A-Za-z0-9]{1,5}$/, ''));
  const text = writeCdl([{ id: name, descriptions: ['Cinegrade colour wheels'], cdl: wheelsToCdl(grade.wheels ?? DEFAULT_WHEELS) }], 'cdl');
  return { fileName: `${name}.cdl`, text };
}

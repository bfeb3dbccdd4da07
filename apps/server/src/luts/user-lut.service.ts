import { lutFromBytes, type Lut3D, type LutFormat } from '@cinegrade/color';
import { stripUnsafeNameCharacters, userLutLimit, userLutLimitMessage, type ImportLutRequest, type UserLut } from '@cinegrade/contract';
import type { ProfileRepository } from '../account/profile.repository';
import { forbidden, invalidField, notFound } from '../http/http-error';
import { convertCubeOffThread } from './cube-convert.adapter';
import type { ConvertedCube } from './cube-convert';
import type { UserLutRepository, UserLutSummaryRow } from './user-lut.repository';

/** A stored table (`lutToBytes`' form: the 3D table, then the shaper's points when it has one). */
export function tableFromBytes(size: number, bytes: Uint8Array): Lut3D {
  return lutFromBytes(size, bytes);
}

/**
 * The rules of imported LUTs: the file must be a valid `.cube`, `.3dl` or `.csp` (the engine's
 * strict readers, with the line at fault), at most 65 points per side, and within the plan's count. The count is
 * checked before the file is read (`checkRoom`), and the file is read off the event loop.
 */
export class UserLutService {
  constructor(
    private readonly luts: UserLutRepository,
    private readonly profiles: ProfileRepository,
    private readonly convert: (text: string, format: LutFormat) => Promise<ConvertedCube> = convertCubeOffThread,
  ) {}

  /** Refuses an import when the user already keeps as many LUTs as their plan allows, before the body is read. */
  async checkRoom(userId: string): Promise<void> {
    const { tier } = await this.profiles.subscription(userId);
    if ((await this.luts.count(userId)) >= userLutLimit(tier)) throw forbidden(userLutLimitMessage(tier));
  }

  async list(userId: string): Promise<UserLut[]> {
    return (await this.luts.list(userId)).map(toApi);
  }

  async import(userId: string, request: ImportLutRequest): Promise<UserLut> {
    const converted = await this.convert(request.cube, request.format ?? 'cube');
    if (!converted.ok) throw invalidField('cube', converted.message);
    const { tier } = await this.profiles.subscription(userId);
    // Counted again under a lock: two imports at once cannot both slip under the limit.
    // A resampled file is kept as the author wrote it too (user_luts.source_text).
    const source = converted.resampled ? { text: request.cube, format: request.format ?? 'cube' } : null;
    const row = await this.luts.insertWithinLimit(userId, userLutLimit(tier), { name: request.name, size: converted.size, table: converted.table, source });
    if (!row) throw forbidden(userLutLimitMessage(tier));
    return { ...toApi(row), ...(converted.warnings.length > 0 ? { warnings: converted.warnings } : {}) };
  }

  /** The stored table, for the editor's preview and the export. */
  async table(userId: string, id: string): Promise<{ size: number; bytes: Uint8Array }> {
    const row = await this.luts.get(userId, id);
    if (!row) throw notFound('No such LUT.');
    return { size: row.size, bytes: row.table_data };
  }

  /** The table as a LUT, or null when the user has no such LUT (deleted since the grade was made). */
  async load(userId: string, id: string): Promise<Lut3D | null> {
    const row = await this.luts.get(userId, id);
    return row ? tableFromBytes(row.size, row.table_data) : null;
  }

  exists(userId: string, id: string): Promise<boolean> {
    return this.luts.exists(userId, id);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.luts.delete(userId, id))) throw notFound('No such LUT.');
  }
}

function toApi(row: UserLutSummaryRow): UserLut {
  return { id: row.id, name: stripUnsafeNameCharacters(row.name), size: row.size, created_at: new Date(row.created_at).toISOString() };
}

import { cubeToLut3D, parseCube, type Lut3D } from '@cinegrade/color';
import { MAX_IMPORTED_LUT_SIZE, userLutLimit, userLutLimitMessage, type ImportLutRequest, type UserLut } from '@cinegrade/contract';
import type { ProfileRepository } from '../account/profile.repository';
import { forbidden, invalidField, notFound } from '../http/http-error';
import type { UserLutRepository, UserLutSummaryRow } from './user-lut.repository';

/** 1D files have no size of their own in 3D; they are resampled at the product's default. */
const ONE_D_RESAMPLE_SIZE = 33;

/** Float32 triplets as little-endian bytes, the stored and served form of a table. */
export function tableToBytes(lut: Lut3D): Uint8Array {
  const bytes = new Uint8Array(lut.data.length * 4);
  const view = new DataView(bytes.buffer);
  lut.data.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return bytes;
}

export function tableFromBytes(size: number, bytes: Uint8Array): Lut3D {
  const expected = size ** 3 * 3 * 4;
  if (bytes.byteLength !== expected) throw new Error(`A stored LUT of size ${size} holds ${bytes.byteLength} bytes, expected ${expected}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data = new Float32Array(size ** 3 * 3);
  for (let i = 0; i < data.length; i++) data[i] = view.getFloat32(i * 4, true);
  return { size, data };
}

/**
 * The rules of imported LUTs: the file must be a valid `.cube` (the engine's strict reader, with
 * the line at fault), at most 65 points per side, and within the plan's count.
 */
export class UserLutService {
  constructor(
    private readonly luts: UserLutRepository,
    private readonly profiles: ProfileRepository,
  ) {}

  async list(userId: string): Promise<UserLut[]> {
    return (await this.luts.list(userId)).map(toApi);
  }

  async import(userId: string, request: ImportLutRequest): Promise<UserLut> {
    const parsed = parseCube(request.cube);
    if (!parsed.ok) throw invalidField('cube', `This is not a valid .cube file: ${parsed.message}`);
    const { cube } = parsed;
    if (cube.lut3d && cube.lut3d.size > MAX_IMPORTED_LUT_SIZE) {
      throw invalidField(
        'cube',
        `This LUT has ${cube.lut3d.size} points per side; Cinegrade takes imported LUTs of up to ${MAX_IMPORTED_LUT_SIZE}. Export it at ${MAX_IMPORTED_LUT_SIZE} or 33 points and import it again.`,
      );
    }
    const table = cubeToLut3D(cube, cube.lut3d?.size ?? ONE_D_RESAMPLE_SIZE);
    const { tier } = await this.profiles.subscription(userId);
    const row = await this.luts.insertWithinLimit(userId, userLutLimit(tier), { name: request.name, size: table.size, table: tableToBytes(table) });
    if (!row) throw forbidden(userLutLimitMessage(tier));
    const warnings = parsed.warnings.map((w) => w.message);
    return { ...toApi(row), ...(warnings.length > 0 ? { warnings } : {}) };
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
  return { id: row.id, name: row.name, size: row.size, created_at: new Date(row.created_at).toISOString() };
}

import { useEffect, useState } from 'react';
import { API, type UserLut } from '@cinegrade/contract';
import type { Lut3D } from '@cinegrade/color';
import { ApiError, toApiError } from '../api/client';

/**
 * The tables of the signed-in user's imported LUTs, fetched once each (a LUT never changes after
 * import) and shared by everything that bakes a grade in the browser: the PROGRAM renderer, the
 * look swatches, the `.cube` download.
 */
export type LutTableState = { status: 'loading' } | { status: 'ready'; lut: Lut3D } | { status: 'missing' } | { status: 'failed'; message: string };

const tables = new Map<string, Promise<Lut3D | null>>();

function tablePath(id: string): string {
  return API.userLutTable.path.replace('{id}', encodeURIComponent(id));
}

/** Parses the served form: size³ RGB float32 triplets, little-endian, red fastest. */
export function lutFromBytes(size: number, buffer: ArrayBuffer): Lut3D {
  const expected = size ** 3 * 3 * 4;
  if (!Number.isInteger(size) || size < 2 || buffer.byteLength !== expected) {
    throw new Error(`The LUT table has ${buffer.byteLength} bytes; a ${size}-point table has ${expected}.`);
  }
  const view = new DataView(buffer);
  const data = new Float32Array(size ** 3 * 3);
  for (let i = 0; i < data.length; i++) data[i] = view.getFloat32(i * 4, true);
  return { size, data };
}

/** The table of an imported LUT; null when the user no longer has it (404). */
export function fetchLutTable(id: string): Promise<Lut3D | null> {
  let pending = tables.get(id);
  if (!pending) {
    pending = (async () => {
      const response = await fetch(tablePath(id), { credentials: 'same-origin' });
      if (response.status === 404) return null;
      if (!response.ok) throw await toApiError(response);
      return lutFromBytes(Number(response.headers.get('X-Lut-Size')), await response.arrayBuffer());
    })();
    // A failed fetch is not remembered, so the next use tries again.
    pending.catch(() => tables.delete(id));
    tables.set(id, pending);
  }
  return pending;
}

/** Seeds the cache with a table the browser already has (a file just imported). */
export function rememberLutTable(lut: UserLut, table: Lut3D): void {
  tables.set(lut.id, Promise.resolve(table));
}

/** Forgets a deleted LUT. */
export function forgetLutTable(id: string): void {
  tables.delete(id);
}

/** The table of `id` for rendering, or null when the grade has no imported LUT. */
export function useLutTable(id: string | null): LutTableState | null {
  const [state, setState] = useState<{ id: string; value: LutTableState } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let current = true;
    fetchLutTable(id).then(
      (lut) => current && setState({ id, value: lut ? { status: 'ready', lut } : { status: 'missing' } }),
      (error: unknown) =>
        current && setState({ id, value: { status: 'failed', message: error instanceof ApiError ? error.message : 'The imported LUT could not be loaded.' } }),
    );
    return () => {
      current = false;
    };
  }, [id]);
  if (id === null) return null;
  return state?.id === id ? state.value : { status: 'loading' };
}

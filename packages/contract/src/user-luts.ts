import { stripUnsafeNameCharacters } from './names';
import { z } from 'zod';
import { defineRoutes } from './api-route';
import { normaliseTier, type SubscriptionTier } from './tiers';

/**
 * Imported LUTs (".cube in and out"): a person's own `.cube` files, kept per user and
 * offered under "My LUTs" next to the catalogue. A grade uses one through `customLook` (saved on
 * an asset as `selected_lut = "custom:{id}"`). The server parses every file with the colour
 * engine's strict reader; the table the renderers use is the file resampled to a 0..1 3D LUT.
 */

/** Everyone may import LUTs; how many they keep depends on the tier (the server enforces it). */
export const USER_LUT_LIMITS: Readonly<Record<SubscriptionTier, number>> = { Free: 3, Premium: 50, Enterprise: 200 };

export function userLutLimit(tier: string | null | undefined): number {
  return USER_LUT_LIMITS[normaliseTier(tier)];
}

export function userLutLimitMessage(tier: string | null | undefined): string {
  const normalised = normaliseTier(tier);
  const limit = USER_LUT_LIMITS[normalised];
  return normalised === 'Free'
    ? `Free accounts can keep ${limit} imported LUTs. Delete one, or upgrade to Premium to keep up to ${USER_LUT_LIMITS.Premium}.`
    : `You can keep ${limit} imported LUTs. Delete one to import another.`;
}

/** Largest 3D table we keep (points per side): the size of the largest LUTs grading tools write. */
export const MAX_IMPORTED_LUT_SIZE = 65;

/** A 65-point `.cube` written with 7 decimals is about 8.5 MB of text. */
export const MAX_CUBE_FILE_BYTES = 12 * 1024 * 1024;

export const UserLut = z
  .object({
    id: z.uuid(),
    name: z.string(),
    size: z.number().int().describe('Points per side of the stored 3D table'),
    created_at: z.string(),
    warnings: z
      .array(z.string())
      .optional()
      .describe('On import: keywords of the file this reader does not use, with their lines, and the largest difference from the file when it was resampled'),
  })
  .meta({ id: 'UserLut' });
export type UserLut = z.infer<typeof UserLut>;

export const UserLutList = z.object({ luts: z.array(UserLut) }).meta({ id: 'UserLutList' });

export const ImportLutRequest = z
  .object({
    name: z.string().overwrite(stripUnsafeNameCharacters).trim().min(1, 'Please give the LUT a name').max(100, 'Please keep the name under 100 characters'),
    cube: z.string().min(1, 'The file is empty').max(MAX_CUBE_FILE_BYTES, 'The file is larger than 12 MB, too large for a LUT file').describe('The text of the LUT file'),
    format: z.enum(['cube', '3dl', 'csp']).optional().describe('The file\'s format (by its extension); .cube when absent'),
  })
  .strict()
  .meta({ id: 'ImportLutRequest' });
export type ImportLutRequest = z.infer<typeof ImportLutRequest>;

export const UserLutParams = z.object({ id: z.uuid('Not a LUT id') });

export const userLutRoutes = defineRoutes({
  listUserLuts: {
    method: 'get',
    path: '/api/luts',
    summary: 'Your imported LUTs, newest first.',
    tag: 'luts',
    auth: 'user',
    response: UserLutList,
  },
  importUserLut: {
    method: 'post',
    path: '/api/luts',
    summary:
      'Import a LUT file: .cube (Adobe Cube LUT Specification 1.0, with DaVinci Resolve shaper files), .3dl (Lustre/Flame) or .csp (cineSpace). A malformed file answers 400 with the line at fault; more LUTs than your plan keeps answers 403.',
    tag: 'luts',
    auth: 'user',
    body: ImportLutRequest,
    response: UserLut,
    status: 201,
    errors: [403, 413],
  },
  userLutTable: {
    method: 'get',
    path: '/api/luts/{id}/table',
    summary: 'The LUT as size³ RGB triplets of little-endian float32, red fastest (size from the list or X-Lut-Size), then, for a file with a shaper, the shaper\'s points as RGB triplets (inputs evenly spaced over 0..1; as many as the remaining bytes hold).',
    tag: 'luts',
    auth: 'user',
    params: UserLutParams,
    produces: 'application/octet-stream',
    errors: [404],
  },
  deleteUserLut: {
    method: 'delete',
    path: '/api/luts/{id}',
    summary: 'Delete an imported LUT. Assets graded with it keep their other settings and show no look.',
    tag: 'luts',
    auth: 'user',
    params: UserLutParams,
    errors: [404],
  },
});

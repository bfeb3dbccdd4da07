import { z } from 'zod';
import { defineRoutes } from './api-route';
import { ColorSettings } from './assets';
import { stripUnsafeNameCharacters } from './names';

/**
 * Grade versions: named snapshots of an asset's grade, kept with the asset on the server (deleted
 * with it). A version holds the grade in the saved form (`selected_lut`, `color_settings`, the
 * same fields and validation as the asset's own grade); switching to one loads it into the
 * editor, which then saves it as the asset's grade (docs/product-rules.md, 'Grade versions').
 */
export const MAX_GRADE_VERSIONS_PER_ASSET = 20;

export const GRADE_VERSION_LIMIT_MESSAGE = `This asset already keeps ${MAX_GRADE_VERSIONS_PER_ASSET} grade versions. Delete one to save another.`;

export const MAX_GRADE_VERSION_NAME = 80;

const versionName = z
  .string()
  .overwrite(stripUnsafeNameCharacters)
  .trim()
  .min(1, 'Please give the version a name')
  .max(MAX_GRADE_VERSION_NAME, `Please keep the version name under ${MAX_GRADE_VERSION_NAME} characters`);

export const GradeVersion = z
  .object({
    id: z.uuid(),
    asset_id: z.uuid(),
    name: z.string(),
    selected_lut: z.string().nullable(),
    color_settings: ColorSettings,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'GradeVersion' });
export type GradeVersion = z.infer<typeof GradeVersion>;

export const GradeVersionList = z.object({ versions: z.array(GradeVersion).describe('Oldest first') }).meta({ id: 'GradeVersionList' });
export type GradeVersionList = z.infer<typeof GradeVersionList>;

export const CreateGradeVersionRequest = z
  .object({
    name: versionName,
    selected_lut: z.string().max(100).nullable(),
    color_settings: ColorSettings,
  })
  .strict()
  .meta({ id: 'CreateGradeVersionRequest' });
export type CreateGradeVersionRequest = z.infer<typeof CreateGradeVersionRequest>;

export const RenameGradeVersionRequest = z.object({ name: versionName }).strict().meta({ id: 'RenameGradeVersionRequest' });
export type RenameGradeVersionRequest = z.infer<typeof RenameGradeVersionRequest>;

export const GradeVersionParams = z.object({ id: z.uuid('Not an asset id'), versionId: z.uuid('Not a version id') });

export const gradeVersionRoutes = defineRoutes({
  listGradeVersions: {
    method: 'get',
    path: '/api/assets/{id}/versions',
    summary: 'The named grade versions of one of your assets, oldest first.',
    tag: 'assets',
    auth: 'user',
    params: z.object({ id: z.uuid('Not an asset id') }),
    response: GradeVersionList,
    errors: [404],
  },
  createGradeVersion: {
    method: 'post',
    path: '/api/assets/{id}/versions',
    summary: `Save a grade as a named version of the asset. The grade is validated like the asset's own (400 naming the field); more than ${MAX_GRADE_VERSIONS_PER_ASSET} versions of one asset answers 403.`,
    tag: 'assets',
    auth: 'user',
    params: z.object({ id: z.uuid('Not an asset id') }),
    body: CreateGradeVersionRequest,
    response: GradeVersion,
    status: 201,
    errors: [403, 404],
  },
  renameGradeVersion: {
    method: 'patch',
    path: '/api/assets/{id}/versions/{versionId}',
    summary: 'Rename a grade version.',
    tag: 'assets',
    auth: 'user',
    params: GradeVersionParams,
    body: RenameGradeVersionRequest,
    response: GradeVersion,
    errors: [404],
  },
  deleteGradeVersion: {
    method: 'delete',
    path: '/api/assets/{id}/versions/{versionId}',
    summary: 'Delete a grade version. The asset and its current grade stay as they are.',
    tag: 'assets',
    auth: 'user',
    params: GradeVersionParams,
    errors: [404],
  },
});

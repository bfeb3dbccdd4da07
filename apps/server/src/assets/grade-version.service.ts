import {
  canUsePremiumLooks,
  GRADE_VERSION_LIMIT_MESSAGE,
  gradeNeedsPremium,
  gradeFromSavedGrade,
  knownSettings,
  MAX_GRADE_VERSIONS_PER_ASSET,
  PREMIUM_LOOK_REFUSAL_MESSAGE,
  savedGradeField,
  type CreateGradeVersionRequest,
  type GradeVersion,
} from '@cinegrade/contract';
import type { ProfileRepository } from '../account/profile.repository';
import { forbidden, invalidField, notFound } from '../http/http-error';
import type { UserLutService } from '../luts/user-lut.service';
import type { AssetRepository } from './asset.repository';
import type { GradeVersionRepository, GradeVersionRow } from './grade-version.repository';

const NO_ASSET = 'No such asset.';
const NO_VERSION = 'No such grade version.';

/** Named grade versions of an asset (docs/product-rules.md, 'Grade versions'). */
export class GradeVersionService {
  constructor(
    private readonly versions: GradeVersionRepository,
    private readonly assets: AssetRepository,
    private readonly rules: { profiles: ProfileRepository; userLuts: Pick<UserLutService, 'exists'> },
  ) {}

  async list(userId: string, assetId: string): Promise<GradeVersion[]> {
    if (!(await this.assets.get(userId, assetId))) throw notFound(NO_ASSET);
    return (await this.versions.list(userId, assetId)).map(toApi);
  }

  /**
   * The grade is checked like the asset's own before the count is: values in range (400 naming
   * the field), an imported LUT the user still has, and a premium look only for a tier that may
   * use it, or when it is the look the asset already holds (a plan that ended keeps what was
   * saved, as for the asset itself; docs/product-rules.md, 'Looks').
   */
  async create(userId: string, assetId: string, request: CreateGradeVersionRequest): Promise<GradeVersion> {
    const parsed = gradeFromSavedGrade(request);
    if (!parsed.ok) throw invalidField(savedGradeField(parsed.field, { look: 'selected_lut', settings: 'color_settings' }), parsed.message);
    const { grade } = parsed;
    if (grade.customLook !== null && !(await this.rules.userLuts.exists(userId, grade.customLook))) {
      throw invalidField('selected_lut', 'That imported LUT no longer exists. Choose another look.');
    }
    if (gradeNeedsPremium(grade) && !canUsePremiumLooks((await this.rules.profiles.subscription(userId)).tier)) {
      const asset = await this.assets.get(userId, assetId);
      if (!asset) throw notFound(NO_ASSET);
      if (asset.selected_lut !== request.selected_lut) throw forbidden(PREMIUM_LOOK_REFUSAL_MESSAGE);
    }
    const row = await this.versions.insertWithinLimit(userId, assetId, MAX_GRADE_VERSIONS_PER_ASSET, {
      name: request.name,
      selected_lut: request.selected_lut,
      color_settings: JSON.stringify(knownSettings(request.color_settings)),
    });
    if (row === 'no-asset') throw notFound(NO_ASSET);
    if (row === 'full') throw forbidden(GRADE_VERSION_LIMIT_MESSAGE);
    return toApi(row);
  }

  async rename(userId: string, assetId: string, id: string, name: string): Promise<GradeVersion> {
    const row = await this.versions.rename(userId, assetId, id, name);
    if (!row) throw notFound(NO_VERSION);
    return toApi(row);
  }

  async delete(userId: string, assetId: string, id: string): Promise<void> {
    if (!(await this.versions.delete(userId, assetId, id))) throw notFound(NO_VERSION);
  }
}

function toApi(row: GradeVersionRow): GradeVersion {
  return {
    id: row.id,
    asset_id: row.asset_id,
    name: row.name,
    selected_lut: row.selected_lut,
    color_settings: (row.color_settings ?? {}) as GradeVersion['color_settings'],
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

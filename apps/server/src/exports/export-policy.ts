import type { Grade } from '@cinegrade/color';
import {
  canUsePremiumLooks,
  exportTierRefusal,
  exportUnavailableReason,
  gradeNeedsPremium,
  gradeUsesClarityOrVignette,
  needsToneMapping,
  PREMIUM_LOOK_REFUSAL_MESSAGE,
  type AnyExportFormat,
  type ExportSize,
  type MediaMetadata,
  type MediaStatus,
} from '@cinegrade/contract';
import type { ProfileRepository } from '../account/profile.repository';
import type { UserLutService } from '../luts/user-lut.service';

/** What is asked: the format and quality, the grade, and the source's colour (HDR is tone-mapped). */
export interface ExportAsk {
  format: AnyExportFormat;
  quality: ExportSize;
  grade: Grade;
  metadata: Pick<MediaMetadata, 'hdr' | 'colorTransfer'>;
}

/**
 * Why an export may not run: this server's ffmpeg cannot render it (`server`), or the user's plan
 * or LUT library does not allow it (`account`).
 */
export interface ExportRefusal {
  kind: 'server' | 'account';
  message: string;
}

export type ExportVerdict = { allowed: true; customLookName: string | null } | { allowed: false; refusal: ExportRefusal };

/**
 * Who may export what, and what this process's ffmpeg can render. Checked when an export is asked
 * for (ExportService.start) and again when its render starts (ExportRenderer), since the plan can
 * be downgraded, an imported LUT deleted, or the render run by a worker with another ffmpeg in
 * between. What the server cannot do is said first: upgrading would not help with it.
 */
export class ExportPolicy {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly userLuts: UserLutService,
    private readonly media: MediaStatus,
  ) {}

  async check(userId: string, ask: ExportAsk): Promise<ExportVerdict> {
    const unavailable = exportUnavailableReason(this.media.features, {
      format: ask.format,
      usesClarityOrVignette: gradeUsesClarityOrVignette(ask.grade),
      toneMapping: needsToneMapping(ask.metadata),
    });
    if (unavailable) return refused('server', unavailable);
    const { tier } = await this.profiles.subscription(userId);
    const tierRefusal = exportTierRefusal(tier, ask.format, ask.quality);
    if (tierRefusal) return refused('account', tierRefusal);
    if (gradeNeedsPremium(ask.grade) && !canUsePremiumLooks(tier)) return refused('account', PREMIUM_LOOK_REFUSAL_MESSAGE);
    if (ask.grade.customLook === null) return { allowed: true, customLookName: null };
    const lut = (await this.userLuts.list(userId)).find((l) => l.id === ask.grade.customLook);
    if (!lut) return refused('account', 'That imported LUT is not in your library. Choose another look, or import the .cube file again.');
    return { allowed: true, customLookName: lut.name };
  }
}

function refused(kind: ExportRefusal['kind'], message: string): ExportVerdict {
  return { allowed: false, refusal: { kind, message } };
}

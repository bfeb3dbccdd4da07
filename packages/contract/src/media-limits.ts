import { normaliseTier, type SubscriptionTier } from './tiers';

/**
 * How much video a tier may upload and have prepared, as the source's pixels × seconds
 * (docs/product-rules.md, 'Limits'). A file is small on disk yet costly to decode when it is long
 * and large (an hour of black 4K compresses to a few MB); this bounds the work, not the bytes.
 * Each is a picture size for a length, and the same work at other sizes: Free takes 10 minutes of
 * 1080p (or 40 of 540p), Premium 30 minutes of 4K, Enterprise 60 minutes of 4K.
 */
export const SOURCE_WORK_LIMITS: Record<SubscriptionTier, { width: number; height: number; minutes: number }> = {
  Free: { width: 1920, height: 1080, minutes: 10 },
  Premium: { width: 3840, height: 2160, minutes: 30 },
  Enterprise: { width: 3840, height: 2160, minutes: 60 },
};

/** The pixel-seconds a tier may upload. */
export function sourcePixelSecondsLimit(tier: string | null | undefined): number {
  const limit = SOURCE_WORK_LIMITS[normaliseTier(tier)];
  return limit.width * limit.height * limit.minutes * 60;
}

function minutesText(seconds: number): string {
  const minutes = seconds / 60;
  return minutes >= 10 ? `${Math.round(minutes)} minutes` : `${Math.round(minutes * 10) / 10} minutes`;
}

/**
 * Why a video of this size and length is refused for the tier, or null when it is accepted. The
 * message names the limit and, for this picture size, the longest clip the tier accepts.
 */
export function sourceWorkRefusal(tier: string | null | undefined, source: { width: number; height: number; durationSeconds: number | null }): string | null {
  const seconds = source.durationSeconds ?? 0;
  const pixels = source.width * source.height;
  if (seconds <= 0 || pixels <= 0) return null;
  const limit = sourcePixelSecondsLimit(tier);
  if (pixels * seconds <= limit) return null;
  const plan = SOURCE_WORK_LIMITS[normaliseTier(tier)];
  return (
    `This video is too long for your plan at its size: ${minutesText(seconds)} at ${source.width}×${source.height}. ` +
    `Your plan (${normaliseTier(tier)}) accepts up to ${plan.minutes} minutes at ${plan.width}×${plan.height}, or the same amount of video at other sizes — ` +
    `at this size, up to ${minutesText(limit / pixels)}. Trim it or lower its resolution, then upload it again.`
  );
}

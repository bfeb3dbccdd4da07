import { z } from 'zod';
import { defineRoutes } from './api-route';
import { normaliseTier, SUBSCRIPTION_TIERS, type SubscriptionTier } from './tiers';

/**
 * Storage quotas (docs/product-rules.md, 'Limits'). What counts: every asset's original, its
 * derived files (thumbnail and preview copy), every export's file, and the declared length of
 * each upload still arriving. The server enforces these when an upload is created and while it
 * grows, and refuses an export asked for once the use is at or above the quota; the web app only
 * shows them.
 */

const GIB = 1024 * 1024 * 1024;

/** Bytes each tier may keep. */
export const STORAGE_QUOTAS: Readonly<Record<SubscriptionTier, number>> = { Free: 2 * GIB, Premium: 50 * GIB, Enterprise: 500 * GIB };

/** Unfinished uploads one user may have at once (each lives a day unless finished or cancelled). */
export const MAX_PENDING_UPLOADS_PER_USER = 5;

export function storageQuota(tier: string | null | undefined): number {
  return STORAGE_QUOTAS[normaliseTier(tier)];
}

/** "1.2 GB", "500 MB", "2 GB": binary units (1 GB = 1024³ bytes) with the short names people read. */
export function formatStorageSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} bytes`;
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} ${units[unit]}`;
}

/** "your 2 GB of storage on the Free plan": the plan's quota as a person reads it. */
function planStorage(tier: SubscriptionTier): string {
  return `your ${formatStorageSize(STORAGE_QUOTAS[tier])} of storage on the ${tier} plan`;
}

/** What a person can do about a full storage: delete `what`, or upgrade where a larger plan can be bought (Free only). */
function makeRoom(tier: SubscriptionTier, what: string): string {
  return tier === 'Free'
    ? `Delete ${what} to make room, or upgrade to Premium for ${formatStorageSize(STORAGE_QUOTAS.Premium)}.`
    : `Delete ${what} to make room.`;
}

/** The 413 answer to an upload that would take a user past their plan's storage. */
export function storageQuotaMessage(tier: string | null | undefined): string {
  const normalised = normaliseTier(tier);
  return `This upload would go over ${planStorage(normalised)}. ${makeRoom(normalised, 'assets or exports')}`;
}

/**
 * The 413 answer to an export (or a batch file's render) asked for while the user's storage use
 * is at or above their plan's quota. An export's size is not known before it is rendered, so
 * one asked for under the quota is made even if its file takes the use past it.
 */
export function exportStorageQuotaMessage(tier: string | null | undefined): string {
  const normalised = normaliseTier(tier);
  return `You have used all of ${planStorage(normalised)}, so nothing more can be exported. ${makeRoom(normalised, 'assets or old exports')}`;
}

/** The 429 answer to one upload too many in progress. */
export const PENDING_UPLOADS_MESSAGE = `You can have ${MAX_PENDING_UPLOADS_PER_USER} uploads in progress at once. Let one finish or cancel it, then try again.`;

export const StorageUsage = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  used_bytes: z.number().int().describe('Originals, derived files, exports and the declared length of unfinished uploads'),
  quota_bytes: z.number().int(),
  pending_uploads: z.number().int().describe('Unfinished uploads'),
  max_pending_uploads: z.number().int(),
});
export type StorageUsage = z.infer<typeof StorageUsage>;

export const storageRoutes = defineRoutes({
  getStorageUsage: {
    method: 'get',
    path: '/api/storage',
    summary: "The signed-in user's storage use and their plan's quota.",
    tag: 'account',
    auth: 'user',
    response: StorageUsage,
  },
});

/**
 * Subscription tiers and what each may do (spec part 1 §5, §6; DESIGN.md §1.3 and §6).
 * The server enforces these; the web app only mirrors them.
 */
export const SUBSCRIPTION_TIERS = ['Free', 'Premium', 'Enterprise'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** A missing or unknown tier counts as Free (spec part 1 §3 Profile). */
export function normaliseTier(tier: string | null | undefined): SubscriptionTier {
  return (SUBSCRIPTION_TIERS as readonly string[]).includes(tier ?? '') ? (tier as SubscriptionTier) : 'Free';
}

/** For looks, anything other than Free is premium (spec part 1 §5, "Premium determination"). */
export function canUsePremiumLooks(tier: string | null | undefined): boolean {
  return normaliseTier(tier) !== 'Free';
}

/** For batch features the tier must be exactly Premium or Enterprise (spec part 1 §5). */
export function hasBatchAccess(tier: string | null | undefined): boolean {
  return tier === 'Premium' || tier === 'Enterprise';
}

export function isTier(value: string): value is SubscriptionTier {
  return (SUBSCRIPTION_TIERS as readonly string[]).includes(value);
}

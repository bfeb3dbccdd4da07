/**
 * Subscription tiers and what each may do (docs/product-rules.md, 'Tiers').
 * The server enforces these; the web app only mirrors them.
 */
export const SUBSCRIPTION_TIERS = ['Free', 'Premium', 'Enterprise'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** A missing or unknown tier counts as Free. */
export function normaliseTier(tier: string | null | undefined): SubscriptionTier {
  return (SUBSCRIPTION_TIERS as readonly string[]).includes(tier ?? '') ? (tier as SubscriptionTier) : 'Free';
}

/** For looks, anything other than Free is premium (docs/product-rules.md, 'Premium determination'). */
export function canUsePremiumLooks(tier: string | null | undefined): boolean {
  return normaliseTier(tier) !== 'Free';
}

/** For batch features the tier must be exactly Premium or Enterprise, as given (not normalised). */
export function hasBatchAccess(tier: string | null | undefined): boolean {
  return tier === 'Premium' || tier === 'Enterprise';
}

export function isTier(value: string): value is SubscriptionTier {
  return (SUBSCRIPTION_TIERS as readonly string[]).includes(value);
}

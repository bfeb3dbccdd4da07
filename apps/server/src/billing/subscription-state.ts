import { normaliseTier, type SubscriptionTier } from '@cinegrade/contract';

/** A subscription as its provider last reported it: the `subscriptions` row. */
export interface SubscriptionRecord {
  provider: 'stripe' | 'builtin';
  customerId: string | null;
  subscriptionId: string | null;
  /** The provider's status word (Stripe's: active, trialing, past_due, canceled, ...). */
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** Statuses that pay for Premium, while the paid period lasts. */
const PAYING_STATUSES = new Set(['active', 'trialing']);

/** Whether a subscription unlocks Premium at `now`: a paying status and a period that has not ended. */
export function isPaying(record: Pick<SubscriptionRecord, 'status' | 'currentPeriodEnd'> | null, now: Date): boolean {
  return !!record && PAYING_STATUSES.has(record.status) && !!record.currentPeriodEnd && record.currentPeriodEnd.getTime() > now.getTime();
}

export interface EffectiveSubscription {
  tier: SubscriptionTier;
  end: Date | null;
  /** Premium comes from a paid subscription (not from an administrator). */
  paid: boolean;
  /** A paid subscription that renews at `end`; false when it was cancelled and ends there, or when nothing is paid. */
  renews: boolean;
}

/**
 * The tier every server check uses (docs/product-rules.md, 'Premium determination'): the tier an
 * administrator granted, raised to Premium while a paid subscription's period lasts. Computed at
 * each check, so a subscription that ends makes its user Free with nobody having to act.
 */
export function effectiveSubscription(granted: string | null | undefined, grantedEnd: Date | null, record: SubscriptionRecord | null, now: Date): EffectiveSubscription {
  const tier = normaliseTier(granted);
  if (tier === 'Enterprise') return { tier, end: grantedEnd, paid: false, renews: false };
  if (isPaying(record, now)) return { tier: 'Premium', end: record!.currentPeriodEnd, paid: true, renews: !record!.cancelAtPeriodEnd };
  return { tier, end: grantedEnd, paid: false, renews: false };
}

import type { SubscriptionRecord } from './subscription-state';

/** Who is buying: the signed-in user, and the customer the provider already knows them as. */
export interface Buyer {
  userId: string;
  email: string;
  customerId: string | null;
}

/**
 * Where Premium is bought (docs/product-rules.md, 'Premium determination'). Both providers answer
 * a page to send the person to; neither changes a tier here: that happens only when a verified
 * payment event reaches `BillingService.applyVerifiedEvent`.
 */
export interface BillingProvider {
  readonly kind: SubscriptionRecord['provider'];
  /** A checkout page for one month of Premium, renewing where the provider renews. */
  createCheckout(buyer: Buyer): Promise<{ url: string }>;
  /** A page where the customer manages (and cancels) their subscription. */
  createPortal(customerId: string): Promise<{ url: string }>;
}

/** The addresses checkout returns to (the editor's `payment` parameter) and the portal returns to. */
export function returnUrls(publicUrl: string) {
  return { success: `${publicUrl}/?payment=success`, cancel: `${publicUrl}/?payment=cancelled`, plans: `${publicUrl}/subscriptions` };
}

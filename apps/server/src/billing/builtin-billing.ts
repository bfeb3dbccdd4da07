import type { Buyer, BillingProvider } from './billing-provider';
import type { Clock } from './clock';
import type { SubscriptionRepository } from './subscription.repository';

/** How long a test checkout page stays usable. */
const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;
export const BUILTIN_CHECKOUT_PATH = '/billing/test-checkout';
export const BUILTIN_PORTAL_PATH = '/billing/test-portal';

/** The built-in provider's customer id for a user. */
export const builtinCustomerId = (userId: string) => `builtin_${userId}`;

/**
 * The embedded default when Stripe is not configured: a local checkout page marked as a test
 * payment page, where confirming records one month of Premium that does not renew, without taking any money, and a
 * local portal that cancels at period end (docs/product-rules.md, 'Premium determination').
 */
export class BuiltinBilling implements BillingProvider {
  readonly kind = 'builtin' as const;

  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly publicUrl: string,
    private readonly clock: Clock,
  ) {}

  async createCheckout(buyer: Buyer): Promise<{ url: string }> {
    const now = this.clock.now();
    const id = await this.subscriptions.createCheckout(buyer.userId, new Date(now.getTime() + CHECKOUT_LIFETIME_MS));
    return { url: `${this.publicUrl}${BUILTIN_CHECKOUT_PATH}/${id}` };
  }

  createPortal(): Promise<{ url: string }> {
    return Promise.resolve({ url: `${this.publicUrl}${BUILTIN_PORTAL_PATH}` });
  }

  /** A checkout the buyer cancelled on its page: gone, so it can never be confirmed. */
  cancelCheckout(userId: string, checkoutId: string): Promise<void> {
    return this.subscriptions.deleteCheckout(userId, checkoutId);
  }

  /** An open checkout of this user, or null when it does not exist, is used, or has expired. */
  openCheckout(userId: string, checkoutId: string): Promise<{ id: string } | null> {
    return this.subscriptions.openCheckout(userId, checkoutId, this.clock.now());
  }
}

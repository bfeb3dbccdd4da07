import { BILLING_MESSAGES, type SubscriptionStatus } from '@cinegrade/contract';
import type { ProfileRepository } from '../account/profile.repository';
import { HttpError, notFound } from '../http/http-error';
import type { Logger } from '../platform/logger';
import type { BillingProvider } from './billing-provider';
import { builtinCustomerId, BuiltinBilling } from './builtin-billing';
import { oneMonthAfter, type Clock } from './clock';
import { StripeBilling } from './stripe-billing';
import { isPaying, type SubscriptionRecord } from './subscription-state';
import type { EventScope, SubscriptionRepository } from './subscription.repository';

/** What a verified event does: for which user, and the subscription's state now. */
export interface EventOutcome {
  userId: string;
  record: SubscriptionRecord;
}

export type EventResult = 'applied' | 'duplicate' | 'ignored';

/**
 * Subscriptions (docs/product-rules.md, 'Premium determination'): checkout and portal pages from
 * the provider, and the one path that changes a subscription, `applyVerifiedEvent`, taken by
 * Stripe's signed webhooks and by the built-in provider's confirmation alike.
 */
export class BillingService {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly profiles: ProfileRepository,
    readonly provider: BillingProvider,
    readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** check-subscription: from the server's own record, for the caller only. */
  async status(userId: string): Promise<SubscriptionStatus> {
    const { tier, end, renews } = await this.profiles.subscription(userId);
    return { subscribed: tier !== 'Free', subscription_tier: tier, subscription_end: end?.toISOString() ?? null, renews };
  }

  subscriptionRecord(userId: string): Promise<SubscriptionRecord | null> {
    return this.profiles.subscriptionRecord(userId);
  }

  async checkout(user: { id: string; email: string }): Promise<{ url: string }> {
    const current = await this.profiles.subscription(user.id);
    if (current.tier !== 'Free') throw new HttpError(409, 'conflict', current.paid ? BILLING_MESSAGES.alreadySubscribed : BILLING_MESSAGES.grantedPlan);
    const record = await this.profiles.subscriptionRecord(user.id);
    const customerId = record?.provider === this.provider.kind ? record.customerId : null;
    try {
      return await this.provider.createCheckout({ userId: user.id, email: user.email, customerId: customerId ?? (this.provider.kind === 'builtin' ? builtinCustomerId(user.id) : null) });
    } catch (error) {
      this.logger.error('Creating a checkout session failed', { error, userId: user.id });
      throw new HttpError(503, 'unavailable', BILLING_MESSAGES.checkoutFailed);
    }
  }

  async portal(userId: string): Promise<{ url: string }> {
    const record = await this.profiles.subscriptionRecord(userId);
    if (!record || record.provider !== this.provider.kind || !record.customerId) {
      const { tier, paid } = await this.profiles.subscription(userId);
      throw notFound(tier !== 'Free' && !paid ? BILLING_MESSAGES.grantedPlan : BILLING_MESSAGES.noSubscription);
    }
    try {
      return await this.provider.createPortal(record.customerId);
    } catch (error) {
      this.logger.error('Opening the customer portal failed', { error, userId });
      throw new HttpError(503, 'unavailable', BILLING_MESSAGES.portalFailed);
    }
  }

  /**
   * Applies a verified payment event once: its id is recorded in the same transaction that writes
   * the subscription, so a redelivered (or concurrently delivered) event finds the id taken and
   * changes nothing. `resolve` reads what the event means now; null means "nothing to change".
   */
  async applyVerifiedEvent(event: { id: string; type: string }, resolve: (scope: EventScope) => Promise<EventOutcome | null>): Promise<EventResult> {
    return this.subscriptions.withNewEvent(event, async (scope): Promise<EventResult> => {
      const outcome = await resolve(scope);
      if (!outcome) return 'ignored';
      if (!(await scope.userExists(outcome.userId))) {
        this.logger.warn('A payment event names no known user', { eventId: event.id, userId: outcome.userId });
        return 'ignored';
      }
      await scope.assignUser(outcome.userId);
      const existing = await scope.current(outcome.userId);
      const now = this.clock.now();
      const { record } = outcome;
      // A late event about an older, finished subscription must not end a newer paid one.
      if (existing && existing.subscriptionId !== record.subscriptionId && isPaying(existing, now) && !isPaying(record, now)) return 'ignored';
      await scope.save(outcome.userId, record, now);
      this.logger.info('Subscription updated by a payment event', { eventId: event.id, type: event.type, userId: outcome.userId, status: record.status });
      return 'applied';
    });
  }

  /** Stripe's webhook: verified on the raw body, then applied once. */
  async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<EventResult> {
    const stripe = this.provider;
    if (!(stripe instanceof StripeBilling)) throw notFound('Stripe is not configured on this server.');
    let event;
    try {
      event = stripe.verify(rawBody, signature);
    } catch {
      throw new HttpError(400, 'validation_failed', 'The webhook signature could not be verified.');
    }
    const target = stripe.target(event);
    return this.applyVerifiedEvent({ id: event.id, type: event.type }, async (scope) => {
      if (!target) return null;
      const record = await stripe.currentState(target.subscriptionId);
      const userId = target.userId ?? record.userId ?? (record.customerId ? await scope.userOfStripeCustomer(record.customerId) : null);
      return userId ? { userId, record } : null;
    });
  }

  /**
   * The built-in provider's confirmation: one month of Premium that does not renew (it ends at its
   * period's end, as a cancelled subscription does), through the same path as a Stripe event. Only
   * the user's open checkout counts: one cancelled on its page, superseded by a newer checkout or
   * by another confirmed one, or confirmed while Premium is already paid for, changes nothing.
   */
  async confirmBuiltinCheckout(userId: string, checkoutId: string): Promise<EventResult> {
    this.builtin();
    return this.applyVerifiedEvent({ id: `builtin:checkout:${checkoutId}:${userId}`, type: 'checkout.completed' }, async (scope) => {
      const now = this.clock.now();
      if (!(await scope.completeCheckout(userId, checkoutId, now))) return null;
      if (isPaying(await scope.current(userId), now)) return null;
      return {
        userId,
        record: {
          provider: 'builtin',
          customerId: builtinCustomerId(userId),
          subscriptionId: `builtin_sub_${checkoutId}`,
          status: 'active',
          currentPeriodEnd: oneMonthAfter(now),
          cancelAtPeriodEnd: true,
        },
      };
    });
  }

  /** The built-in checkout page's Cancel: that checkout can no longer be confirmed. */
  async cancelBuiltinCheckout(userId: string, checkoutId: string): Promise<void> {
    await this.builtin().cancelCheckout(userId, checkoutId);
  }

  /** The built-in portal's cancel: the subscription runs to the end of its period and is not renewed. */
  async cancelBuiltinSubscription(userId: string): Promise<EventResult> {
    this.builtin();
    const record = await this.profiles.subscriptionRecord(userId);
    if (!record || record.provider !== 'builtin' || !record.subscriptionId) throw notFound(BILLING_MESSAGES.noSubscription);
    return this.applyVerifiedEvent({ id: `builtin:cancel:${record.subscriptionId}`, type: 'subscription.cancel_at_period_end' }, () =>
      Promise.resolve({ userId, record: { ...record, cancelAtPeriodEnd: true } }),
    );
  }

  private builtin(): BuiltinBilling {
    if (!(this.provider instanceof BuiltinBilling)) throw notFound('The built-in test checkout is off: this server takes payments through Stripe.');
    return this.provider;
  }
}

import Stripe from 'stripe';
import type { StripeConfig } from '../config';
import { returnUrls, type Buyer, type BillingProvider } from './billing-provider';
import type { SubscriptionRecord } from './subscription-state';

/** Where the SDK sends its requests; only tests change it (a local stand-in for Stripe's API). */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** Stripe events that may change a subscription, and how long a signed event stays valid. */
const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** What a verified event says about whose subscription to read again. */
export interface StripeEventTarget {
  userId: string | null;
  customerId: string | null;
  subscriptionId: string;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** Stripe as the billing provider, through its own SDK. */
export class StripeBilling implements BillingProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly config: StripeConfig,
    private readonly publicUrl: string,
    address?: StripeApiAddress,
  ) {
    this.stripe = new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...(address ?? {}) });
  }

  async createCheckout(buyer: Buyer): Promise<{ url: string }> {
    const urls = returnUrls(this.publicUrl);
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: this.config.priceId, quantity: 1 }],
      client_reference_id: buyer.userId,
      ...(buyer.customerId ? { customer: buyer.customerId } : { customer_email: buyer.email }),
      metadata: { user_id: buyer.userId },
      subscription_data: { metadata: { user_id: buyer.userId } },
      success_url: urls.success,
      cancel_url: urls.cancel,
    });
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
    return { url: session.url };
  }

  async createPortal(customerId: string): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrls(this.publicUrl).plans });
    return { url: session.url };
  }

  /** Checks the signature on the raw body (throws when it is missing, wrong or too old). */
  verify(rawBody: string | Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new Error('No Stripe-Signature header');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  }

  /** The subscription a verified event is about, or null for events that change none. */
  target(event: Stripe.Event): StripeEventTarget | null {
    if (!SUBSCRIPTION_EVENTS.has(event.type)) return null;
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== 'subscription' || !subscriptionId) return null;
      return { userId: session.client_reference_id ?? session.metadata?.user_id ?? null, customerId: idOf(session.customer), subscriptionId };
    }
    const subscription = event.data.object as Stripe.Subscription;
    return { userId: subscription.metadata?.user_id ?? null, customerId: idOf(subscription.customer), subscriptionId: subscription.id };
  }

  /**
   * The subscription's state now, read from Stripe rather than taken from the event, so events
   * that arrive late or out of order cannot leave a stale state behind.
   */
  async currentState(subscriptionId: string): Promise<SubscriptionRecord & { userId: string | null }> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const periodEnd = subscription.items.data.reduce<number | null>((latest, item) => Math.max(latest ?? 0, item.current_period_end), null);
    return {
      provider: 'stripe',
      userId: subscription.metadata?.user_id ?? null,
      customerId: idOf(subscription.customer),
      subscriptionId: subscription.id,
      status: subscription.status,
      currentPeriodEnd: periodEnd === null ? null : new Date(periodEnd * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  }
}

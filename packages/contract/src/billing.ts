import { z } from 'zod';
import { defineRoutes } from './api-route';

/** Where checkout or the portal sends the person next: a page of the billing provider (or of the built-in one). */
export const BillingRedirect = z.object({ url: z.string() }).meta({ id: 'BillingRedirect' });
export type BillingRedirect = z.infer<typeof BillingRedirect>;

/** Wording of the plans page and its server calls (docs/product-rules.md, 'Plans'). */
export const BILLING_MESSAGES = {
  checkoutFailed: 'Failed to create checkout session',
  portalFailed: 'Failed to open customer portal',
  upgradeThrown: 'Failed to start upgrade process',
  manageThrown: 'Failed to open subscription management',
  alreadySubscribed: 'You already have an active subscription. Use Manage Subscription to change it.',
  noSubscription: 'No subscription found. Upgrade to Premium first.',
  grantedPlan: 'Your plan was set by an administrator, so there is no subscription to manage or buy here.',
} as const;

/** The payment toasts of `?payment=` (docs/product-rules.md, 'Messages'). */
export const PAYMENT_MESSAGES = {
  success: { title: 'Payment Successful!', description: 'Welcome to Premium! Your subscription is now active.' },
  confirming: { title: 'Confirming your payment…', description: 'We are waiting for the payment provider to confirm your subscription. This page updates by itself.' },
  notFound: {
    title: 'Payment not confirmed yet',
    description: 'We have not received a confirmation of your payment. If you were charged, press Refresh Status on the plans page in a few minutes or contact support.',
  },
  cancelled: { title: 'Payment Cancelled', description: 'Your payment process was cancelled. You can try again anytime.' },
} as const;

/** The webhook's path: point the payment provider's webhook here (README, 'Configuration'). */
export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

export const billingRoutes = defineRoutes({
  createCheckout: {
    method: 'post',
    path: '/api/functions/create-checkout',
    summary: 'Start buying Premium: answers the checkout page to send the signed-in user to.',
    tag: 'billing',
    auth: 'user',
    response: BillingRedirect,
    errors: [409, 503],
  },
  customerPortal: {
    method: 'post',
    path: '/api/functions/customer-portal',
    summary: "The signed-in user's subscription management page.",
    tag: 'billing',
    auth: 'user',
    response: BillingRedirect,
    errors: [404, 503],
  },
  stripeWebhook: {
    method: 'post',
    path: STRIPE_WEBHOOK_PATH,
    summary: "Stripe's payment events, verified by their signature (Stripe-Signature header) on the raw body.",
    tag: 'billing',
    auth: 'none',
    produces: 'application/json',
    errors: [404],
  },
});

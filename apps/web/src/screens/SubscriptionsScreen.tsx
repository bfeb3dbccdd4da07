import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { API, BILLING_MESSAGES, PLANS, PREMIUM_REASONS, SMART_ENHANCEMENT_STATUS, normaliseTier } from '@cinegrade/contract';
import { formatDate } from '../lib/format-date';
import { ApiError, callApi } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { usePageTitle } from '../ui/primitives';
import { toast } from '../ui/toast-store';
import './subscriptions.css';

/** Where the browser goes next; a seam for tests, which cannot leave the page. */
export const browser = {
  assign: (url: string) => window.location.assign(url),
  openTab: (url: string) => window.open(url, '_blank', 'noopener'),
};

/** The server's message when it answered one; the spec's wording when the call itself failed. */
function billingError(error: unknown, thrown: string): void {
  const description = error instanceof ApiError && error.code !== 'network' ? error.message : thrown;
  toast({ title: 'Error', description, variant: 'destructive' });
}

/** /subscriptions: the Free and Premium plans (docs/product-rules.md, 'Plans'). */
export function SubscriptionsScreen() {
  usePageTitle('Subscription Plans');
  const { user, profile, subscription, refresh, loading } = useAuth();
  const [refreshing, setRefreshing] = useState(false);
  const tier = subscription.subscription_tier ?? normaliseTier(profile?.subscription_tier);
  const isFree = !subscription.subscribed || tier === 'Free';

  const checkout = useMutation({
    mutationFn: () => callApi(API.createCheckout),
    onSuccess: ({ url }) => browser.assign(url),
    onError: (error) => billingError(error, BILLING_MESSAGES.upgradeThrown),
  });
  const portal = useMutation({
    mutationFn: () => callApi(API.customerPortal),
    onSuccess: ({ url }) => {
      browser.openTab(url);
    },
    onError: (error) => billingError(error, BILLING_MESSAGES.manageThrown),
  });

  const upgrade = () => {
    if (!user) {
      toast({ title: 'Sign in to upgrade', description: 'Create an account or sign in first.' });
      return;
    }
    checkout.mutate();
  };
  // Checkout redirects away on success, so the button stays on 'Processing...' until the page goes.
  const processing = checkout.isPending || checkout.isSuccess;
  // Until the session is read, Upgrade would tell a signed-in person to sign in: it waits, disabled.
  const undecided = loading;

  return (
    <div className="page plans-page">
      <header className="page-header">
        <div className="row row-wrap">
          <Link to="/" className="btn btn-ghost">
            ← Back to Dashboard
          </Link>
          <span className="spacer" />
          {user && (
            <button
              className="btn"
              disabled={refreshing}
              onClick={() => {
                setRefreshing(true);
                void refresh().finally(() => setRefreshing(false));
              }}
            >
              {refreshing ? 'Refreshing…' : 'Refresh Status'}
            </button>
          )}
        </div>
        <h1>Subscription Plans</h1>
        <p className="muted">Grade for free, or unlock every look and professional export.</p>
        {user && subscription.subscribed && subscription.subscription_end && (
          <p className="plans-expiry">
            {/* A subscription that renews does not expire then; one that does not (cancelled, the built-in test month) does. */}
            Current subscription {subscription.renews ? 'renews' : 'expires'} on: {formatDate(subscription.subscription_end)}
          </p>
        )}
      </header>
      <div className="plans-grid">
        {PLANS.map((plan) => {
          const current = user ? (plan.id === 'Free' ? isFree : !isFree) : false;
          return (
            <section key={plan.id} className={`card stack plan-card${current ? ' plan-card-current' : ''}`} aria-labelledby={`plan-${plan.id}`}>
              <div className="row">
                <h2 id={`plan-${plan.id}`} className="plan-name">
                  {plan.name}
                </h2>
                {current && <span className="badge badge-accent">Current Plan</span>}
                {plan.id === 'Premium' && isFree && <span className="badge badge-premium">Recommended</span>}
              </div>
              <div>
                <span className="plan-price">{plan.price}</span>
                <span className="muted">{plan.period}</span>
              </div>
              <ul className="stack plan-features">
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <span className="spacer" />
              {plan.id === 'Free' ? (
                <button className="btn" disabled>
                  {isFree ? 'Current Plan' : 'Downgrade'}
                </button>
              ) : isFree ? (
                <button className="btn btn-primary" onClick={upgrade} disabled={processing || undecided}>
                  {processing ? 'Processing...' : 'Upgrade to Premium'}
                </button>
              ) : (
                <button className="btn" onClick={() => portal.mutate()} disabled={portal.isPending}>
                  {portal.isPending ? 'Loading...' : 'Manage Subscription'}
                </button>
              )}
            </section>
          );
        })}
      </div>
      <section className="card plans-why">
        <h2>Why Upgrade to Premium?</h2>
        <div className="plans-grid">
          {PREMIUM_REASONS.map((reason) => (
            <div key={reason.title}>
              <h3>{reason.title}</h3>
              <p className="muted">{reason.text}</p>
            </div>
          ))}
        </div>
        <p className="small faint" data-testid="plans-enhancement-note">
          {SMART_ENHANCEMENT_STATUS.title}. {SMART_ENHANCEMENT_STATUS.text}
        </p>
      </section>
    </div>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { PLANS, normaliseTier } from '@cinegrade/contract';
import { useAuth } from '../auth/AuthProvider';
import { usePageTitle } from '../ui/primitives';
import { toast } from '../ui/toast-store';

/** /subscriptions: the Free and Premium plans (docs/product-rules.md, 'Plans'). */
export function SubscriptionsScreen() {
  usePageTitle('Subscription Plans');
  const { user, profile, subscription, refresh } = useAuth();
  const [refreshing, setRefreshing] = useState(false);
  const tier = subscription.subscription_tier ?? normaliseTier(profile?.subscription_tier);
  const isFree = tier === 'Free';

  const upgrade = () => {
    if (!user) {
      toast({ title: 'Sign in to upgrade', description: 'Create an account or sign in first.' });
      return;
    }
    // Online checkout arrives with the billing work; until then an administrator sets the tier.
    toast({ title: 'Error', description: 'Online checkout is not available yet. Please contact support to upgrade.', variant: 'destructive' });
  };

  return (
    <div className="page">
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
        <p className="muted">Grade for free, or unlock every look, pro formats and batch processing.</p>
        {subscription.subscribed && subscription.subscription_end && (
          <p>Current subscription expires on: {new Date(subscription.subscription_end).toLocaleDateString()}</p>
        )}
      </header>
      <div className="grid-2">
        {PLANS.map((plan) => {
          const current = user ? (plan.id === 'Free' ? isFree : !isFree) : false;
          return (
            <section key={plan.id} className="card stack" aria-labelledby={`plan-${plan.id}`}>
              <div className="row">
                <h2 id={`plan-${plan.id}`} style={{ margin: 0 }}>
                  {plan.name}
                </h2>
                {current && <span className="badge badge-accent">Current Plan</span>}
                {plan.id === 'Premium' && isFree && <span className="badge badge-premium">Recommended</span>}
              </div>
              <div>
                <span style={{ fontSize: '2rem', fontWeight: 700 }}>{plan.price}</span>
                <span className="muted">{plan.period}</span>
              </div>
              <ul className="stack" style={{ gap: 6, paddingLeft: 18, margin: 0 }}>
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
                <button className="btn btn-primary" onClick={upgrade}>
                  Upgrade to Premium
                </button>
              ) : (
                <button className="btn" onClick={() => toast({ title: 'Manage Subscription', description: 'Your plan is managed by your administrator. Contact support for changes.' })}>
                  Manage Subscription
                </button>
              )}
            </section>
          );
        })}
      </div>
      <section className="card" style={{ marginTop: 16 }}>
        <h2>Why Upgrade to Premium?</h2>
        <div className="grid-2">
          <div>
            <h3>Enhanced Performance</h3>
            <p className="muted">Batch-grade many clips at once on the server and export at up to 16K without tying up your browser.</p>
          </div>
          <div>
            <h3>Professional Tools</h3>
            <p className="muted">Cinema, film emulation and skin-tone looks, ProRes and uncompressed delivery, and scene analysis that explains its picks.</p>
          </div>
        </div>
      </section>
    </div>
  );
}

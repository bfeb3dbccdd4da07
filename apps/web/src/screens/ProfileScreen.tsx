import { Link } from 'react-router';
import { formatStorageSize, normaliseTier } from '@cinegrade/contract';
import { useAuth } from '../auth/AuthProvider';
import { formatDate } from '../lib/format-date';
import { PageLayout } from '../ui/primitives';
import { useStorageUsage } from './storage-usage-query';

/** /profile: account information and subscription details (signed in only; see RequireUser). */
export function ProfileScreen() {
  const { user, profile, subscription } = useAuth();
  const storage = useStorageUsage();
  if (!user) return null;
  const tier = subscription.subscription_tier ?? normaliseTier(profile?.subscription_tier);
  return (
    <PageLayout title="Profile" backTo="/" backLabel="Back to Dashboard" narrow>
      <div className="stack" style={{ gap: 16 }}>
        <section className="card" aria-labelledby="account-heading">
          <h2 id="account-heading">Account</h2>
          <dl className="dl">
            <dt>Full name</dt>
            <dd>{profile?.full_name ?? user.user_metadata.full_name ?? '—'}</dd>
            <dt>Email</dt>
            <dd>
              {user.email}{' '}
              {user.email_confirmed_at ? <span className="badge badge-success">Verified</span> : <span className="badge">Not verified</span>}
            </dd>
            <dt>Member since</dt>
            <dd>{formatDate(user.created_at)}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="subscription-heading">
          <h2 id="subscription-heading">Subscription</h2>
          <dl className="dl">
            <dt>Plan</dt>
            <dd data-testid="profile-tier">
              {tier} {tier !== 'Free' && <span className="badge badge-premium">Premium features</span>}
            </dd>
            <dt>Status</dt>
            <dd>{subscription.loading ? 'Checking…' : subscription.subscribed ? 'Active' : 'Not subscribed'}</dd>
            <dt>Storage</dt>
            <dd data-testid="profile-storage">
              {storage.data ? (
                <>
                  {formatStorageSize(storage.data.used_bytes)} of {formatStorageSize(storage.data.quota_bytes)}
                  <progress
                    className="storage-meter"
                    aria-label="Storage used"
                    max={storage.data.quota_bytes}
                    value={Math.min(storage.data.used_bytes, storage.data.quota_bytes)}
                    style={{ display: 'block', width: '100%', marginTop: 4 }}
                  />
                </>
              ) : storage.isError ? (
                'Could not be read'
              ) : (
                'Checking…'
              )}
            </dd>
            {subscription.subscription_end && (
              <>
                <dt>{subscription.renews ? 'Renews on' : 'Ends on'}</dt>
                <dd>{formatDate(subscription.subscription_end)}</dd>
              </>
            )}
          </dl>
          <div className="row" style={{ marginTop: 16 }}>
            <Link to="/subscriptions" className="btn">
              {tier === 'Free' ? 'See plans' : 'Manage subscription'}
            </Link>
            <Link to="/settings" className="btn btn-ghost">
              Settings
            </Link>
          </div>
        </section>
      </div>
    </PageLayout>
  );
}

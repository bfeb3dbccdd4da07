import { hasBatchAccess } from '@cinegrade/contract';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';

const FEATURES = [
  'Grade many videos at once with one look',
  'A batch library of your processed collections',
  'The professional batch editor',
  'Download every processed file in one go',
] as const;

/**
 * What the Batch view of the My Assets area (and the header's Batch Process toggle) shows. Batch
 * needs a tier of exactly Premium or Enterprise (docs/product-rules.md, 'Premium determination'); others see the
 * locked panel. No batch processor exists in this version yet, so subscribers are told so plainly.
 */
export function BatchArea() {
  const { profile } = useAuth();
  const navigate = useNavigate();
  if (!hasBatchAccess(profile?.subscription_tier)) {
    return (
      <section className="batch-locked" aria-labelledby="batch-locked-title" data-testid="batch-locked">
        <h3 id="batch-locked-title">Batch Processing - Premium Only</h3>
        <p className="muted small">Process whole shoots at once with Premium:</p>
        <ul className="batch-features">
          {FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void navigate('/subscriptions')}>
          Upgrade to Premium
        </button>
      </section>
    );
  }
  return (
    <section className="batch-locked" aria-labelledby="batch-unavailable-title" data-testid="batch-unavailable">
      <h3 id="batch-unavailable-title">Batch Processing</h3>
      <p className="muted small">Batch processing is not available in this version of Cinegrade yet. Your plan includes it, and it will appear here when it is ready.</p>
    </section>
  );
}

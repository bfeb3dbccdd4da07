import { hasBatchAccess } from '@cinegrade/contract';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { BatchLibraryTab } from '../../batch/BatchLibraryTab';
import { ProcessFilesTab } from '../../batch/ProcessFilesTab';
import '../../batch/batch.css';

const FEATURES = [
  'Grade many videos at once with one look',
  'A batch library of your processed collections',
  'The professional batch editor',
  'Download every processed file in one go',
] as const;

type Tab = 'process' | 'library';

/**
 * What the Batch view of the My Assets area (and the header's Batch Process toggle, and the empty
 * workspace's side panel) shows. Batch needs a tier of exactly Premium or Enterprise
 * (docs/product-rules.md, 'Premium determination'); others see the locked panel. The server
 * decides again on every call.
 */
export function BatchArea() {
  const { profile } = useAuth();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('process');
  const showLibrary = useCallback(() => setTab('library'), []);
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
    <section className="batch-area" aria-labelledby="batch-title" data-testid="batch-area">
      <h3 id="batch-title" className="batch-title">
        Batch Processing
      </h3>
      <div className="segmented segmented-2" role="tablist" aria-label="Batch">
        <button type="button" role="tab" aria-selected={tab === 'process'} aria-pressed={tab === 'process'} onClick={() => setTab('process')}>
          Process Files
        </button>
        <button type="button" role="tab" aria-selected={tab === 'library'} aria-pressed={tab === 'library'} onClick={showLibrary}>
          Library
        </button>
      </div>
      <div role="tabpanel">{tab === 'process' ? <ProcessFilesTab onShowLibrary={showLibrary} /> : <BatchLibraryTab onStart={() => setTab('process')} />}</div>
    </section>
  );
}

import { LockIcon } from './LockIcon';

/** The product's alert, word for word (docs/product-rules.md, 'Smart Enhancement'). */
export const SMART_ENHANCEMENT_ALERT = 'Upgrade to Premium to access Smart Enhancement features!';

/**
 * The Smart Enhancement suite, locked for every user including Premium
 * (docs/product-rules.md, 'Smart Enhancement'): the controls are shown blurred and inert behind a 'Premium Feature' lock whose
 * upgrade button only raises the alert. Nothing else happens, and nothing here is processed.
 */
export function SmartEnhancementPanel() {
  return (
    <div className="smart-enhancement" data-testid="smart-enhancement">
      <div className="smart-enhancement-preview" aria-hidden inert>
        <p className="label">AI Upscaling</p>
        <p className="small">Model: Real-ESRGAN · Factor: 2×</p>
        <p className="label">Frame Interpolation</p>
        <p className="small">Off · Target 60 FPS (up to 120)</p>
        <p className="label">Noise Reduction</p>
        <div className="fake-slider" />
        <p className="label">Sharpening</p>
        <div className="fake-slider" />
      </div>
      <div className="smart-enhancement-lock" role="region" aria-label="Premium Feature">
        <LockIcon size="28px" />
        <span className="small faint">Smart Enhancement</span>
        <strong>Premium Feature</strong>
        <p className="small muted">AI upscaling, frame interpolation, noise reduction and sharpening.</p>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.alert(SMART_ENHANCEMENT_ALERT)}>
          Upgrade to Premium
        </button>
      </div>
    </div>
  );
}

import { SMART_ENHANCEMENT_STATUS } from '@cinegrade/contract';

/**
 * The Color Grading area's Smart mode (docs/product-rules.md, 'Smart Enhancement'): Smart
 * Enhancement does not exist yet, for any plan, so the panel says so plainly — no controls that do
 * nothing, and no upgrade offer, since no plan has it.
 */
export function SmartEnhancementPanel() {
  return (
    <div className="smart-enhancement" data-testid="smart-enhancement" role="note" aria-label="Smart Enhancement">
      <strong>{SMART_ENHANCEMENT_STATUS.title}</strong>
      <p className="small muted">{SMART_ENHANCEMENT_STATUS.text}</p>
    </div>
  );
}

import { SMART_ENHANCEMENT_STATUS } from '@cinegrade/contract';
import { DropdownMenu } from 'radix-ui';
import { Switch } from '../../ui/primitives';
import { useOpenMedia } from '../../workspace/open-media';
import { editorView, useEditorView } from './editor-view-store';
import { useScreenLayout } from './screen-layout';

/**
 * The header's Batch Process and Smart Enhance toggles (signed in). Batch
 * Process is the same switch as the Batch/Assets toggle of the My Assets area. Smart Enhance,
 * shown only with media loaded, is off and disabled for everyone, saying why: Smart Enhancement
 * does not exist yet on any plan, and a switch that turned on would claim it does
 * (docs/product-rules.md, 'Smart Enhancement'). On a desktop they sit in the header bar; on
 * tablets and phones, where the bar has no room, in the user menu (docs/product-rules.md, 'Editor and player').
 */
export function HeaderEditorToggles({ placement }: { placement: 'bar' | 'menu' }) {
  const media = useOpenMedia();
  const inBar = useScreenLayout() === 'desktop';
  const batch = useEditorView((view) => view.assetsArea === 'batch');
  const setBatch = (on: boolean) => editorView.setAssetsArea(on ? 'batch' : 'assets');
  if (inBar !== (placement === 'bar')) return null;
  if (placement === 'menu') {
    const item = (label: string, checked: boolean, set: (on: boolean) => void) => (
      <DropdownMenu.CheckboxItem
        className="menu-item menu-toggle"
        checked={checked}
        onCheckedChange={set}
        // The menu stays open, so the switch is seen to change.
        onSelect={(event) => event.preventDefault()}
      >
        <span className="switch" data-state={checked ? 'checked' : 'unchecked'} aria-hidden>
          <span className="switch-thumb" />
        </span>
        {label}
      </DropdownMenu.CheckboxItem>
    );
    return (
      <>
        {item('Batch Process', batch, setBatch)}
        {media && (
          <DropdownMenu.CheckboxItem className="menu-item menu-toggle" checked={false} disabled aria-description={SMART_ENHANCEMENT_STATUS.title}>
            <span className="switch" data-state="unchecked" data-disabled="" aria-hidden>
              <span className="switch-thumb" />
            </span>
            Smart Enhance <span className="small faint">not available yet</span>
          </DropdownMenu.CheckboxItem>
        )}
        <DropdownMenu.Separator className="menu-separator" />
      </>
    );
  }
  return (
    <>
      <label className="header-toggle">
        <Switch checked={batch} onCheckedChange={setBatch} label="Batch Process" />
        <span>Batch Process</span>
      </label>
      {media && (
        <label className="header-toggle header-toggle-off" title={`${SMART_ENHANCEMENT_STATUS.title}. ${SMART_ENHANCEMENT_STATUS.text}`}>
          <Switch checked={false} onCheckedChange={() => undefined} disabled label="Smart Enhance" description={SMART_ENHANCEMENT_STATUS.title} />
          <span>Smart Enhance</span>
          <span className="small faint">not available yet</span>
        </label>
      )}
    </>
  );
}

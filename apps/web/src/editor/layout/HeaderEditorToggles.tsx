import { DropdownMenu } from 'radix-ui';
import { Switch } from '../../ui/primitives';
import { useOpenMedia } from '../../workspace/open-media';
import { editorView, useEditorView } from './editor-view-store';
import { useScreenLayout } from './screen-layout';

/**
 * The header's Batch Process and Smart Enhance toggles (signed in). Batch
 * Process is the same switch as the Batch/Assets toggle of the My Assets area; Smart Enhance,
 * shown only with media loaded, is the Color Grading area's Smart/Basic toggle. On a desktop they
 * sit in the header bar; on tablets and phones, where the bar has no room, in the user menu
 * (docs/product-rules.md, 'Editor and player').
 */
export function HeaderEditorToggles({ placement }: { placement: 'bar' | 'menu' }) {
  const media = useOpenMedia();
  const inBar = useScreenLayout() === 'desktop';
  const batch = useEditorView((view) => view.assetsArea === 'batch');
  const smart = useEditorView((view) => view.colorMode === 'smart');
  const setBatch = (on: boolean) => editorView.setAssetsArea(on ? 'batch' : 'assets');
  const setSmart = (on: boolean) => editorView.setColorMode(on ? 'smart' : 'basic');
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
        {media && item('Smart Enhance', smart, setSmart)}
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
        <label className="header-toggle">
          <Switch checked={smart} onCheckedChange={setSmart} label="Smart Enhance" />
          <span>Smart Enhance</span>
        </label>
      )}
    </>
  );
}

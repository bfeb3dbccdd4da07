import { Switch } from '../../ui/primitives';
import { useOpenMedia } from '../../workspace/open-media';
import { editorView, useEditorView } from './editor-view-store';

/**
 * The header's Batch Process and Smart Enhance toggles (signed in). Batch
 * Process is the same switch as the Batch/Assets toggle of the My Assets area; Smart Enhance,
 * shown only with media loaded, is the Color Grading area's Smart/Basic toggle.
 */
export function HeaderEditorToggles() {
  const media = useOpenMedia();
  const batch = useEditorView((view) => view.assetsArea === 'batch');
  const smart = useEditorView((view) => view.colorMode === 'smart');
  return (
    <>
      <label className="header-toggle">
        <Switch checked={batch} onCheckedChange={(on) => editorView.setAssetsArea(on ? 'batch' : 'assets')} label="Batch Process" />
        <span>Batch Process</span>
      </label>
      {media && (
        <label className="header-toggle">
          <Switch checked={smart} onCheckedChange={(on) => editorView.setColorMode(on ? 'smart' : 'basic')} label="Smart Enhance" />
          <span>Smart Enhance</span>
        </label>
      )}
    </>
  );
}

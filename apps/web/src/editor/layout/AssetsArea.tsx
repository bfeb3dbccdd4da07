import { useAuth } from '../../auth/AuthProvider';
import { MyAssetsPanel } from '../../workspace/MyAssetsPanel';
import { BatchArea } from '../batch/BatchArea';
import { editorView, useEditorView } from './editor-view-store';

/** The bottom panel's left area (18rem): My Assets, or Batch Processing with the Batch/Assets toggle. */
export function AssetsArea() {
  const { user } = useAuth();
  const area = useEditorView((view) => view.assetsArea);
  if (!user) {
    return (
      <section className="assets-panel" aria-label="My Assets">
        <h2 className="assets-title">My Assets</h2>
        <p className="muted small">Sign up to keep your uploads here, with their grades.</p>
      </section>
    );
  }
  return (
    <div className="assets-area">
      <AssetsToggle />
      <div className="assets-area-body">{area === 'batch' ? <BatchArea /> : <MyAssetsPanel />}</div>
    </div>
  );
}

export function AssetsToggle() {
  const area = useEditorView((view) => view.assetsArea);
  return (
    <div className="segmented segmented-2" role="group" aria-label="My Assets or Batch Processing">
      <button type="button" aria-pressed={area === 'assets'} onClick={() => editorView.setAssetsArea('assets')}>
        Assets
      </button>
      <button type="button" aria-pressed={area === 'batch'} onClick={() => editorView.setAssetsArea('batch')}>
        Batch
      </button>
    </div>
  );
}

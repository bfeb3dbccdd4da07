import { Panel, PanelGroup } from 'react-resizable-panels';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { ColorGradingPanel, LooksPanel, SmartAutoGradePanel } from '../panels';
import { AssetsArea } from './AssetsArea';
import { editorView, useEditorView } from './editor-view-store';
import { ResizeHandle } from './ResizeHandle';

/**
 * The bottom panel's four areas (docs/product-rules.md, 'Editor and player'): My Assets (18rem), Smart Auto Grade,
 * Hollywood LUTs, Color Grading (20rem). The two middle areas share the rest in a resizable split.
 */
export function BottomPanel() {
  const colorMode = useEditorView((view) => view.colorMode);
  return (
    <div className="bottom-panel">
      <div className="bottom-area bottom-assets">
        <AssetsArea />
      </div>
      <PanelGroup direction="horizontal" autoSaveId="cinegrade.editor.bottom" className="bottom-middle">
        <Panel id="bottom-smart" order={1} defaultSize={50} minSize={25}>
          <div className="bottom-area">
            <ErrorBoundary name="Smart Auto Grade panel">
              <SmartAutoGradePanel />
            </ErrorBoundary>
          </div>
        </Panel>
        <ResizeHandle direction="horizontal" label="Resize Smart Auto Grade and Hollywood LUTs" />
        <Panel id="bottom-looks" order={2} defaultSize={50} minSize={25}>
          <div className="bottom-area">
            <ErrorBoundary name="Hollywood LUTs panel">
              <LooksPanel />
            </ErrorBoundary>
          </div>
        </Panel>
      </PanelGroup>
      <div className="bottom-area bottom-grading">
        <ErrorBoundary name="Color Grading panel">
          <ColorGradingPanel mode={colorMode} onModeChange={editorView.setColorMode} />
        </ErrorBoundary>
      </div>
    </div>
  );
}

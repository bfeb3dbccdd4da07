import { useState, type ReactNode } from 'react';
import { Panel, PanelGroup } from 'react-resizable-panels';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { ColorGradingPanel, LooksPanel, SmartAutoGradePanel } from '../panels';
import { AssetsArea } from './AssetsArea';
import { BOTTOM_TABS, editorView, useEditorView, type BottomTab } from './editor-view-store';
import { ResizeHandle } from './ResizeHandle';
import { minSizePercent, type ScreenLayout } from './screen-layout';
import { useElementSize } from './use-element-size';

const TAB_NAMES: Record<BottomTab, string> = {
  assets: 'My Assets',
  smart: 'Smart Auto Grade',
  looks: 'Hollywood LUTs',
  grading: 'Color Grading',
};

function AreaContent({ tab }: { tab: BottomTab }) {
  const colorMode = useEditorView((view) => view.colorMode);
  if (tab === 'assets') return <AssetsArea />;
  return (
    <ErrorBoundary name={`${TAB_NAMES[tab]} panel`}>
      {tab === 'smart' ? <SmartAutoGradePanel /> : tab === 'looks' ? <LooksPanel /> : <ColorGradingPanel mode={colorMode} onModeChange={editorView.setColorMode} />}
    </ErrorBoundary>
  );
}

/**
 * The bottom panel's four areas (docs/product-rules.md, 'Editor and player'): My Assets, Smart Auto
 * Grade, Hollywood LUTs, Color Grading. On a desktop side by side (My Assets 18rem, Color Grading
 * 20rem, the two middle areas sharing the rest in a resizable split, each at least a quarter and
 * 250 px while the other keeps 55 %); on tablets and phones one at a time under a tab bar.
 */
export function BottomPanel({ layout }: { layout: ScreenLayout }) {
  if (layout !== 'desktop') return <BottomTabs layout={layout} />;
  return <DesktopBottomPanel />;
}

/** The least width of each middle area, so its buttons and look names keep their room. */
const MIDDLE_MIN_PIXELS = 250;

function DesktopBottomPanel() {
  const [middle, setMiddle] = useState<HTMLDivElement | null>(null);
  const minSize = minSizePercent(MIDDLE_MIN_PIXELS, useElementSize(middle).width, 25, 45);
  return (
    <div className="bottom-panel">
      <div className="bottom-area bottom-assets">
        <AreaContent tab="assets" />
      </div>
      <div ref={setMiddle} className="bottom-middle">
        <PanelGroup direction="horizontal" autoSaveId="cinegrade.editor.bottom">
          <Panel id="bottom-smart" order={1} defaultSize={50} minSize={minSize}>
            <Area>
              <AreaContent tab="smart" />
            </Area>
          </Panel>
          <ResizeHandle direction="horizontal" label="Resize Smart Auto Grade and Hollywood LUTs" />
          <Panel id="bottom-looks" order={2} defaultSize={50} minSize={minSize}>
            <Area>
              <AreaContent tab="looks" />
            </Area>
          </Panel>
        </PanelGroup>
      </div>
      <div className="bottom-area bottom-grading">
        <AreaContent tab="grading" />
      </div>
    </div>
  );
}

function Area({ children }: { children: ReactNode }) {
  return <div className="bottom-area">{children}</div>;
}

/** The four areas as tabs (arrow keys move between tabs, as a tab list does). */
function BottomTabs({ layout }: { layout: ScreenLayout }) {
  const active = useEditorView((view) => view.bottomTab);
  const move = (step: number) => {
    const next = BOTTOM_TABS[(BOTTOM_TABS.indexOf(active) + step + BOTTOM_TABS.length) % BOTTOM_TABS.length]!;
    editorView.setBottomTab(next);
    document.getElementById(`bottom-tab-${next}`)?.focus();
  };
  return (
    <div className={`bottom-tabs bottom-tabs-${layout}`}>
      <div
        className="bottom-tab-bar"
        role="tablist"
        aria-label="Editor panels"
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') move(1);
          else if (event.key === 'ArrowLeft') move(-1);
          else return;
          event.preventDefault();
        }}
      >
        {BOTTOM_TABS.map((tab) => (
          <button
            key={tab}
            id={`bottom-tab-${tab}`}
            type="button"
            role="tab"
            className="bottom-tab"
            aria-selected={tab === active}
            aria-controls="bottom-tab-panel"
            tabIndex={tab === active ? 0 : -1}
            onClick={() => editorView.setBottomTab(tab)}
          >
            {TAB_NAMES[tab]}
          </button>
        ))}
      </div>
      <div id="bottom-tab-panel" className={`bottom-area bottom-tab-panel bottom-tab-panel-${active}`} role="tabpanel" aria-labelledby={`bottom-tab-${active}`}>
        <AreaContent tab={active} />
      </div>
    </div>
  );
}

import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Panel, PanelGroup } from 'react-resizable-panels';
import type { OpenMedia } from '../workspace/open-media';
import { EditorMediaProvider } from './editor-media';
import { BottomPanel } from './layout/BottomPanel';
import { ResizeHandle } from './layout/ResizeHandle';
import { minSizePercent, useScreenLayout, type ScreenLayout } from './layout/screen-layout';
import { useElementSize } from './layout/use-element-size';
import { MediaBridge } from './monitors/media-bridge';
import { mediaKeyOf } from './monitors/media-key';
import { PreviewArea } from './monitors/PreviewArea';
import { useGradeAutosave } from './panels';
import './editor.css';

/**
 * The editor (docs/product-rules.md, 'Editor and player'). On a desktop the preview over the bottom
 * panel, 55/45 (so the four colour wheels and the curve box fit the Color Grading area at
 * 1366×768), with a drag handle; on a tablet the same split, 55/45, with the bottom areas as
 * tabs; on a phone the preview (one monitor at a time) over the tabbed areas, no drag handle. The
 * preview keeps at least 40 % (35 % on a tablet); the bottom panel at least 25 % (30 %) and 230 px
 * as long as the preview keeps 5 points over its minimum. Split sizes are normalised by
 * react-resizable-panels and saved per group id in localStorage (debounced 100 ms). Provides
 * EditorMediaContext to the panels.
 */
export function EditorScreen({ media, restoring, onClose }: { media: OpenMedia | null; restoring: boolean; onClose: () => void }) {
  useGradeAutosave();
  const layout = useScreenLayout();
  const key = mediaKeyOf(media);
  const mediaType = media?.mediaType ?? null;
  // One bridge per open file (keyed on the file, not on the Asset object that live updates
  // replace), so a new file starts with no element and frame version 0. `key` is read by no code
  // here on purpose: it is what makes a new bridge.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const bridge = useMemo(() => new MediaBridge(mediaType), [key, mediaType]);
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const { height } = useElementSize(host);
  const preview = <PreviewArea key={key} media={media} restoring={restoring} onClose={onClose} bridge={bridge} layout={layout} />;
  return (
    <EditorMediaHost bridge={bridge}>
      <div ref={setHost} className={`editor editor-${layout}`} data-testid="editor" data-layout={layout}>
        {layout === 'phone' ? (
          <div className="editor-phone-stack">
            <div className="editor-phone-preview">{preview}</div>
            <BottomPanel layout={layout} />
          </div>
        ) : (
          <PanelGroup direction="vertical" autoSaveId={SPLIT[layout].id}>
            <Panel id="editor-preview" order={1} defaultSize={SPLIT[layout].preview} minSize={SPLIT[layout].minPreview}>
              {preview}
            </Panel>
            <ResizeHandle direction="vertical" label="Resize preview and panels" />
            <Panel id="editor-panels" order={2} defaultSize={100 - SPLIT[layout].preview} minSize={minSizePercent(PANELS_MIN_PIXELS, height, SPLIT[layout].minPanels, 100 - SPLIT[layout].minPreview - 5)}>
              <BottomPanel layout={layout} />
            </Panel>
          </PanelGroup>
        )}
      </div>
    </EditorMediaHost>
  );
}

/** The bottom panel's least height in pixels: a panel's title, first control and a slider stay in view. */
const PANELS_MIN_PIXELS = 230;

/** The preview/panels split per layout, in per cent of the editor's height. */
const SPLIT: Record<Exclude<ScreenLayout, 'phone'>, { id: string; preview: number; minPreview: number; minPanels: number }> = {
  desktop: { id: 'cinegrade.editor', preview: 55, minPreview: 40, minPanels: 25 },
  tablet: { id: 'cinegrade.editor.tablet', preview: 55, minPreview: 35, minPanels: 30 },
};

/** Re-renders only the context's consumers when a new frame arrives. */
function EditorMediaHost({ bridge, children }: { bridge: MediaBridge; children: ReactNode }) {
  const media = useSyncExternalStore(bridge.subscribe, bridge.getSnapshot, bridge.getSnapshot);
  return <EditorMediaProvider value={media}>{children}</EditorMediaProvider>;
}

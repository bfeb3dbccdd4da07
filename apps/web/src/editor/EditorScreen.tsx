import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Panel, PanelGroup } from 'react-resizable-panels';
import type { OpenMedia } from '../workspace/open-media';
import { EditorMediaProvider } from './editor-media';
import { BottomPanel } from './layout/BottomPanel';
import { ResizeHandle } from './layout/ResizeHandle';
import { MediaBridge } from './monitors/media-bridge';
import { mediaKeyOf } from './monitors/media-key';
import { PreviewArea } from './monitors/PreviewArea';
import { useGradeAutosave } from './panels';
import './editor.css';

/**
 * The editor (docs/product-rules.md, 'Editor and player'): the preview over the bottom panel, 65/35 with minimums
 * 40/25 and a drag handle; sizes are normalised by react-resizable-panels and saved per group id
 * in localStorage (debounced 100 ms). Provides EditorMediaContext to the panels.
 */
export function EditorScreen({ media, restoring, onClose }: { media: OpenMedia | null; restoring: boolean; onClose: () => void }) {
  useGradeAutosave();
  const key = mediaKeyOf(media);
  const mediaType = media?.mediaType ?? null;
  // One bridge per open file (keyed on the file, not on the Asset object that live updates
  // replace), so a new file starts with no element and frame version 0.
  const bridge = useMemo(() => new MediaBridge(mediaType), [key, mediaType]);
  return (
    <EditorMediaHost bridge={bridge}>
      <div className="editor" data-testid="editor">
        <PanelGroup direction="vertical" autoSaveId="cinegrade.editor">
          <Panel id="editor-preview" order={1} defaultSize={65} minSize={40}>
            <PreviewArea key={key} media={media} restoring={restoring} onClose={onClose} bridge={bridge} />
          </Panel>
          <ResizeHandle direction="vertical" label="Resize preview and panels" />
          <Panel id="editor-panels" order={2} defaultSize={35} minSize={25}>
            <BottomPanel />
          </Panel>
        </PanelGroup>
      </div>
    </EditorMediaHost>
  );
}

/** Re-renders only the context's consumers when a new frame arrives. */
function EditorMediaHost({ bridge, children }: { bridge: MediaBridge; children: ReactNode }) {
  const media = useSyncExternalStore(bridge.subscribe, bridge.getSnapshot, bridge.getSnapshot);
  return <EditorMediaProvider value={media}>{children}</EditorMediaProvider>;
}

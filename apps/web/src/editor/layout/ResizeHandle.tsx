import { PanelResizeHandle } from 'react-resizable-panels';

/**
 * A drag handle between two panels; also a keyboard separator (arrows move it 10 %, Shift+arrow
 * 100 %, Home/End to the limits: react-resizable-panels' behaviour).
 */
export function ResizeHandle({ direction, label }: { direction: 'horizontal' | 'vertical'; label: string }) {
  return (
    <PanelResizeHandle className={`resize-handle resize-handle-${direction}`} aria-label={label}>
      <span className="resize-grip" aria-hidden />
    </PanelResizeHandle>
  );
}

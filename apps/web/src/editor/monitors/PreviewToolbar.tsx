import { SCOPE_KINDS, editorView, useEditorView } from '../layout/editor-view-store';
import { SCOPE_LABELS } from '../scopes/ScopesPanel';

/** Above the monitors: the open file's name, compare (bypass, split wipe), scopes, help, Close. */
export function PreviewToolbar(props: { name: string | null; preparing: boolean; hasMedia: boolean; onClose: () => void }) {
  const compare = useEditorView((view) => view.compare.mode);
  const scopes = useEditorView((view) => view.scopes);
  return (
    <div className="preview-toolbar">
      <h2 className="media-title" data-testid="open-media-name" title={props.name ?? undefined}>
        {props.name ?? 'No Media'}
      </h2>
      {props.preparing && <span className="badge">Preparing preview…</span>}
      <span className="spacer" />
      <div className="toolbar-group" role="group" aria-label="Compare">
        <button
          type="button"
          className="btn btn-sm"
          aria-pressed={compare === 'bypass'}
          disabled={!props.hasMedia}
          onClick={() => editorView.setCompareMode(compare === 'bypass' ? 'off' : 'bypass')}
          title="Show PROGRAM without the grade (\)"
        >
          Bypass
        </button>
        <button
          type="button"
          className="btn btn-sm"
          aria-pressed={compare === 'split'}
          disabled={!props.hasMedia}
          onClick={() => editorView.setCompareMode(compare === 'split' ? 'off' : 'split')}
          title="Split wipe: original left of the divider, graded right"
        >
          Split
        </button>
      </div>
      <div className="toolbar-group" role="group" aria-label="Scopes">
        {SCOPE_KINDS.map((kind) => (
          <button key={kind} type="button" className="btn btn-sm" aria-pressed={scopes[kind]} disabled={!props.hasMedia} onClick={() => editorView.toggleScope(kind)}>
            {SCOPE_LABELS[kind]}
          </button>
        ))}
      </div>
      <button type="button" className="btn btn-sm btn-icon" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={() => editorView.setHelpOpen(true)}>
        ?
      </button>
      <button type="button" className="btn btn-sm" onClick={props.onClose}>
        Close
      </button>
    </div>
  );
}

import { SCOPE_KINDS, editorView, phoneMonitorChoice, useEditorView, type PhoneMonitorChoice } from '../layout/editor-view-store';
import { SCOPE_LABELS } from '../scopes/ScopesPanel';
import { VersionsMenu } from '../versions/VersionsMenu';

const PHONE_CHOICES: readonly { value: PhoneMonitorChoice; label: string }[] = [
  { value: 'source', label: 'SOURCE' },
  { value: 'program', label: 'PROGRAM' },
  { value: 'split', label: 'Split' },
];

/**
 * Above the monitors: the open file's name, compare (bypass, split wipe), scopes, help, Close. On a
 * phone the Split button gives way to the SOURCE/PROGRAM/Split switch, and the toolbar wraps.
 */
export function PreviewToolbar(props: { name: string | null; preparing: boolean; hasMedia: boolean; onClose: () => void; phone: boolean }) {
  const compare = useEditorView((view) => view.compare.mode);
  const scopes = useEditorView((view) => view.scopes);
  return (
    <div className={props.phone ? 'preview-toolbar preview-toolbar-phone' : 'preview-toolbar'}>
      <h2 className="media-title" data-testid="open-media-name" title={props.name ?? undefined}>
        {props.name ?? 'No Media'}
      </h2>
      {props.preparing && <span className="badge">Preparing preview…</span>}
      <span className="spacer" />
      {props.phone && <PhoneMonitorSwitch disabled={!props.hasMedia} />}
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
        {!props.phone && (
          <button
            type="button"
            className="btn btn-sm"
            aria-pressed={compare === 'split'}
            disabled={!props.hasMedia}
            onClick={() => editorView.setCompareMode(compare === 'split' ? 'off' : 'split')}
            title="Split wipe: original (or a version chosen in Versions) left of the divider, graded right"
          >
            Split
          </button>
        )}
      </div>
      <VersionsMenu assetName={props.name} disabled={!props.hasMedia} />
      <div className="toolbar-group" role="group" aria-label="Scopes">
        {SCOPE_KINDS.map((kind) => (
          <button key={kind} type="button" className="btn btn-sm" aria-pressed={scopes[kind]} disabled={!props.hasMedia} onClick={() => editorView.toggleScope(kind)}>
            {SCOPE_LABELS[kind]}
          </button>
        ))}
      </div>
      <button type="button" className="btn btn-sm btn-icon toolbar-end" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={() => editorView.setHelpOpen(true)}>
        ?
      </button>
      <button type="button" className="btn btn-sm toolbar-end" onClick={props.onClose}>
        Close
      </button>
    </div>
  );
}

/** The phone's one-monitor switch: SOURCE, PROGRAM, or PROGRAM with the split wipe. */
function PhoneMonitorSwitch({ disabled }: { disabled: boolean }) {
  const chosen = useEditorView(phoneMonitorChoice);
  return (
    <div className="segmented monitor-switch" role="group" aria-label="Monitor">
      {PHONE_CHOICES.map((choice) => (
        <button key={choice.value} type="button" aria-pressed={chosen === choice.value} disabled={disabled && choice.value === 'split'} onClick={() => editorView.showOnPhone(choice.value)}>
          {choice.label}
        </button>
      ))}
    </div>
  );
}

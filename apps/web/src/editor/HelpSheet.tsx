import { Dialog } from 'radix-ui';
import { editorView, useEditorView } from './layout/editor-view-store';
import { SHORTCUT_LIST } from './shortcuts';

/** The keyboard shortcuts, opened with `?` or the toolbar's ? button. */
export function HelpSheet({ mediaType }: { mediaType: 'video' | 'image' | null }) {
  const open = useEditorView((view) => view.helpOpen);
  return (
    <Dialog.Root open={open} onOpenChange={editorView.setHelpOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content help-sheet" data-testid="help-sheet">
          <Dialog.Title>Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="muted">They work anywhere in the editor except while you type in a text field.</Dialog.Description>
          <table className="shortcut-table">
            <tbody>
              {SHORTCUT_LIST.map((shortcut) => (
                <tr key={shortcut.action} className={shortcut.videoOnly && mediaType !== 'video' ? 'faint' : undefined}>
                  <td>
                    {shortcut.keys.map((key, i) => (
                      <span key={key}>
                        {i > 0 && ' + '}
                        <kbd>{key}</kbd>
                      </span>
                    ))}
                  </td>
                  <td>
                    {shortcut.description}
                    {shortcut.videoOnly && mediaType !== 'video' ? ' (video)' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="row">
            <span className="spacer" />
            <Dialog.Close asChild>
              <button type="button" className="btn">
                Close
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

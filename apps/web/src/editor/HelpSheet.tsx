import { Dialog } from 'radix-ui';
import { DialogPanel } from '../ui/primitives';
import { editorView, useEditorView } from './layout/editor-view-store';
import { SHORTCUT_LIST } from './shortcuts';

/** The keyboard shortcuts, opened with `?` or the toolbar's ? button. */
export function HelpSheet({ mediaType }: { mediaType: 'video' | 'image' | null }) {
  const open = useEditorView((view) => view.helpOpen);
  return (
    <Dialog.Root open={open} onOpenChange={editorView.setHelpOpen}>
      <DialogPanel title="Keyboard shortcuts" description="They work anywhere in the editor except while you type in a text field." className="help-sheet" testId="help-sheet">
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
      </DialogPanel>
    </Dialog.Root>
  );
}

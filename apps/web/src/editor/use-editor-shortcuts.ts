import { useEffect, useRef } from 'react';
import { gradeStore } from './grade-store';
import { editorView } from './layout/editor-view-store';
import type { Transport } from './player/use-transport';
import { shortcutFor } from './shortcuts';

/** Listens for the editor's shortcuts (shortcuts.ts) while the editor is open. */
export function useEditorShortcuts(transport: Transport | null): void {
  // The transport object changes with every player update; listen once and read the latest.
  const current = useRef(transport);
  current.current = transport;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const transport = current.current;
      if (event.defaultPrevented || event.isComposing) return;
      // A dialog (the help sheet, a confirmation) keeps its keys.
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]')) return;
      const action = shortcutFor(event);
      if (!action) return;
      switch (action) {
        case 'undo':
          gradeStore.undo();
          break;
        case 'redo':
          gradeStore.redo();
          break;
        case 'bypass':
          editorView.toggleBypass();
          break;
        case 'help':
          editorView.setHelpOpen(true);
          break;
        case 'play-pause':
          if (!transport) return;
          transport.togglePlay();
          break;
        case 'shuttle-reverse':
        case 'shuttle-stop':
        case 'shuttle-forward':
          if (!transport) return;
          transport.shuttle(action);
          break;
        case 'frame-back':
          if (!transport) return;
          transport.stepFrame(-1);
          break;
        case 'frame-forward':
          if (!transport) return;
          transport.stepFrame(1);
          break;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

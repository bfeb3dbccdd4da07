import { Link } from 'react-router';
import type { EditorLookId } from './content/types';

/** Opens the editor with a look of its catalogue preselected; nothing where the catalogue has none. */
export function OpenInEditorLink({ lookId, label }: { lookId: EditorLookId; label: string }) {
  if (!lookId) return null;
  return (
    <Link className="btn btn-sm btn-primary" to={`/?look=${encodeURIComponent(lookId)}`} aria-label={`Open ${label} in the editor`}>
      Open in Editor
    </Link>
  );
}

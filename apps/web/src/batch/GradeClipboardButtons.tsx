import type { SavedGrade } from '@cinegrade/contract';
import { toast } from '../ui/toast-store';
import { copyGrade, useCopiedGrade } from './grade-clipboard';
import { usePasteGrade } from './paste-grade';

/** The one selected item whose grade Copy Grade takes. */
export interface GradeSource {
  readonly name: string;
  readonly grade: SavedGrade;
}

/**
 * Copy Grade and Paste Grade, in My Assets and in the batch editor (docs/product-rules.md,
 * 'Batch'): Copy Grade takes the grade of the one selected item, Paste Grade saves the copied
 * grade on every selected asset in one call. `noun` names the items in Copy Grade's tooltip;
 * `sourceIn` says whether Paste Grade names the copied item in its tooltip or in its label.
 */
export function GradeClipboardButtons(props: {
  /** The selected item when exactly one is selected, otherwise null (Copy Grade is then disabled). */
  readonly copyFrom: GradeSource | null;
  /** The ids of the selected assets, which Paste Grade saves the copied grade on. */
  readonly pasteOnto: readonly string[];
  readonly noun: 'asset' | 'file';
  readonly sourceIn: 'title' | 'label';
}) {
  const { copyFrom, pasteOnto, sourceIn } = props;
  const copied = useCopiedGrade();
  const { mutate: pasteGrade, isPending: pasting } = usePasteGrade();
  const pasteTitle = copied ? `Paste the grade of ${copied.from}` : 'Copy a grade first';
  return (
    <>
      <button
        type="button"
        className="btn btn-sm"
        disabled={copyFrom === null}
        title={`Copy the grade of the one selected ${props.noun}`}
        onClick={() => {
          if (!copyFrom) return;
          copyGrade(copyFrom.grade, copyFrom.name);
          toast({ title: 'Grade Copied', description: `Copied the grade of ${copyFrom.name}` });
        }}
      >
        Copy Grade
      </button>
      <button
        type="button"
        className="btn btn-sm"
        disabled={!copied || pasteOnto.length === 0 || pasting}
        title={sourceIn === 'title' ? pasteTitle : undefined}
        onClick={() => copied && pasteGrade({ assetIds: [...pasteOnto], grade: copied.grade })}
      >
        Paste Grade{sourceIn === 'label' && copied ? ` from ${copied.from}` : ''}
      </button>
    </>
  );
}

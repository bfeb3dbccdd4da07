import type { UserLut } from '@cinegrade/contract';
import { handleError } from '../../ui/handle-error';
import { toast } from '../../ui/toast-store';
import { gradeStore } from '../grade-store';
import { useDeleteUserLut, type UserLutsState } from '../user-luts';
import { LookSwatch } from './LookSwatch';
import { customSwatchKey } from './look-swatches';
import { LutImportButton } from './LutFileControls';
import type { Swatches } from './use-look-swatches';

/** A neutral grey ramp for imported LUTs before their swatch is drawn (we know nothing of their colour). */
const IMPORTED_GRADIENT = 'linear-gradient(135deg, #2a2a2e, #77777d 50%, #c8c8cc)';

function useRemoveLut(): (lut: UserLut) => void {
  const { mutate } = useDeleteUserLut();
  return (lut) =>
    mutate(lut.id, {
      onSuccess: () => {
        // The open grade used it: it now has no look, as every asset graded with it (server's rule).
        if (gradeStore.getState().grade.customLook === lut.id) gradeStore.change((g) => ({ ...g, customLook: null }));
        toast({ title: 'LUT deleted', description: `"${lut.name}" was removed from My LUTs.`, variant: 'success' });
      },
      onError: (error) => handleError(error, 'Could not delete the LUT'),
    });
}

/** "My LUTs": the person's imported `.cube` LUTs, chosen like any look, each deletable. */
export function MyLuts({ state, selected, swatches, onChoose }: { state: UserLutsState; selected: string | null; swatches: Swatches; onChoose: (lut: UserLut) => void }) {
  const remove = useRemoveLut();
  return (
    <section className="look-group" aria-label="My LUTs">
      <div className="look-group-head">
        <h4 className="look-group-title">My LUTs</h4>
        <span className="spacer" />
        {state.userId !== null && <LutImportButton />}
      </div>
      {state.userId === null && <p className="small faint">Sign in to import your own .cube LUTs.</p>}
      {state.status === 'failed' && <p className="small field-error">{state.error}</p>}
      {state.status === 'ready' && state.luts.length === 0 && <p className="small faint">Import a .cube file to keep your own looks here.</p>}
      <div className="look-grid">
        {state.luts.map((lut) => (
          <div key={lut.id} className="look-card-wrap">
            <button
              type="button"
              className={`look-card${selected === lut.id ? ' look-card-selected' : ''}`}
              aria-pressed={selected === lut.id}
              aria-label={lut.name}
              title={`Imported ${lut.size}-point LUT`}
              data-custom-look={lut.id}
              onClick={() => onChoose(lut)}
            >
              <LookSwatch pixels={swatches.pixels.get(customSwatchKey(lut.id))} width={swatches.width} height={swatches.height} gradient={IMPORTED_GRADIENT} />
              <span className="look-card-name">{lut.name}</span>
              <span className="badge look-tier" aria-hidden>
                Mine
              </span>
            </button>
            <button type="button" className="btn-icon look-card-delete" aria-label={`Delete ${lut.name}`} title={`Delete ${lut.name}`} onClick={() => remove(lut)}>
              ✕
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}

import type { UserLut } from '@cinegrade/contract';
import { handleError } from '../../ui/handle-error';
import { toast } from '../../ui/toast-store';
import { gradeStore } from '../grade-store';
import { useDeleteUserLut } from '../user-luts';
import { LookSwatch, SwatchButton, type CardBaseProps } from './LookSwatch';
import { customSwatchKey } from './look-swatches';

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

/** One of "My LUTs", the person's imported `.cube` LUTs: chosen like any look, deletable. */
export function ImportedLutCard(props: CardBaseProps & { lut: UserLut; onChoose: (lut: UserLut) => void }) {
  const { lut, swatches } = props;
  const remove = useRemoveLut();
  return (
    <div className="look-card-wrap">
      <SwatchButton
        {...props}
        className=""
        name={lut.name}
        label={lut.name}
        title={`${lut.name} (My LUTs)\nImported ${lut.size}-point LUT`}
        data={{ 'data-custom-look': lut.id }}
        swatch={<LookSwatch pixels={swatches.pixels.get(customSwatchKey(lut.id))} width={swatches.width} height={swatches.height} gradient={IMPORTED_GRADIENT} />}
        onChoose={() => props.onChoose(lut)}
      >
        <span className="look-card-premium look-card-mine" aria-hidden>
          Mine
        </span>
      </SwatchButton>
      <button type="button" className="btn-icon look-card-delete" tabIndex={props.tabIndex} aria-label={`Delete ${lut.name}`} title={`Delete ${lut.name}`} onClick={() => remove(lut)}>
        ✕
      </button>
    </div>
  );
}

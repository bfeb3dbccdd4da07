import { Dialog } from 'radix-ui';
import { DialogPanel } from '../../ui/primitives';

export interface FilmExampleRow {
  title: string;
  scene: string;
  /** What the third column holds: the cinematographer for a look, the technique for a technique. */
  detail: string;
}

/** The 'See Film Examples' dialog of a look or a technique; Escape and Close both close it. */
export function FilmExamplesDialog(props: { subject: string; detailLabel: string; description: string; examples: readonly FilmExampleRow[] }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-sm" aria-label={`See Film Examples for ${props.subject}`}>
          See Film Examples
        </button>
      </Dialog.Trigger>
      <DialogPanel title={`${props.subject}: film examples`} description={props.description} className="fa-dialog">
        <ul className="fa-examples">
          {props.examples.map((example) => (
            <li key={example.title}>
              <h3>{example.title}</h3>
              <dl className="dl">
                <dt>Scene</dt>
                <dd>{example.scene}</dd>
                <dt>{props.detailLabel}</dt>
                <dd>{example.detail}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </DialogPanel>
    </Dialog.Root>
  );
}

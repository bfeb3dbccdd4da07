import { Dialog } from 'radix-ui';

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
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content fa-dialog">
          <Dialog.Title>{props.subject}: film examples</Dialog.Title>
          <Dialog.Description className="muted">{props.description}</Dialog.Description>
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

import { useId, type ReactNode } from 'react';

/**
 * A numbered chapter or module as a button. Its name is short ("Chapter 3: Reading the Scopes")
 * and the details under the title are its description, so screen readers list the buttons cleanly.
 */
export function NumberedButton(props: {
  kind: 'Chapter' | 'Module';
  number: number;
  title: string;
  details: ReactNode;
  current?: boolean;
  className: string;
  onClick: (element: HTMLElement) => void;
}) {
  const detailsId = useId();
  return (
    <button
      type="button"
      className={props.className}
      aria-label={`${props.kind} ${props.number}: ${props.title}`}
      aria-describedby={detailsId}
      aria-current={props.current ? 'true' : undefined}
      onClick={(event) => props.onClick(event.currentTarget)}
    >
      <span className="learn-toc-number" aria-hidden>
        {props.number}
      </span>
      <span className="learn-toc-text">
        <span className="learn-toc-title">{props.title}</span>
        <span id={detailsId} className="learn-toc-details">
          {props.details}
        </span>
      </span>
    </button>
  );
}

import { Dialog, Select as SelectPrimitive, Switch as SwitchPrimitive } from 'radix-ui';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';

/** Accessible building blocks on Radix primitives, styled by styles.css. */

export function Switch(props: { id?: string; checked: boolean; onCheckedChange: (checked: boolean) => void; disabled?: boolean; label: string; description?: string }) {
  return (
    <SwitchPrimitive.Root
      id={props.id}
      className="switch"
      checked={props.checked}
      onCheckedChange={props.onCheckedChange}
      disabled={props.disabled}
      aria-label={props.label}
      aria-description={props.description}
    >
      <SwitchPrimitive.Thumb className="switch-thumb" />
    </SwitchPrimitive.Root>
  );
}

export interface SelectOption<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
  hint?: ReactNode;
}

export function Select<T extends string>(props: { value: T; options: readonly SelectOption<T>[]; onValueChange: (value: T) => void; label: string; id?: string }) {
  return (
    <SelectPrimitive.Root value={props.value} onValueChange={(value) => props.onValueChange(value as T)}>
      <SelectPrimitive.Trigger className="select-trigger" aria-label={props.label} id={props.id}>
        <SelectPrimitive.Value />
        <SelectPrimitive.Icon aria-hidden>▾</SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content className="select-content" position="popper" sideOffset={4}>
          <SelectPrimitive.Viewport>
            {props.options.map((option) => (
              <SelectPrimitive.Item key={option.value} value={option.value} disabled={option.disabled} className="select-item">
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                {option.hint}
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <div className="center-fill" role="status">
      <span className="spinner" aria-hidden />
      <span>{label ?? 'Loading ...'}</span>
    </div>
  );
}

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Cinegrade` : 'Cinegrade';
  }, [title]);
}

/** A page with its title, back link and header, as every secondary screen has. */
export function PageLayout(props: { title: string; subtitle?: ReactNode; backTo?: string; backLabel?: string; actions?: ReactNode; narrow?: boolean; children: ReactNode }) {
  usePageTitle(props.title);
  return (
    <div className={`page${props.narrow ? ' page-narrow' : ''}`}>
      <header className="page-header">
        <Link to={props.backTo ?? '/'} className="back-link">
          ← {props.backLabel ?? 'Back to Home'}
        </Link>
        <div className="row row-wrap">
          <h1 style={{ margin: 0 }}>{props.title}</h1>
          <span className="spacer" />
          {props.actions}
        </div>
        {props.subtitle && <p className="muted" style={{ margin: 0 }}>{props.subtitle}</p>}
      </header>
      {props.children}
    </div>
  );
}

/**
 * The body of a modal dialog: overlay, title, description, the content, and a Close button;
 * Escape and a click outside close it too. Goes inside a `Dialog.Root` (with its trigger, or
 * controlled by `open`).
 */
export function DialogPanel(props: { title: ReactNode; description: ReactNode; className?: string; testId?: string; children: ReactNode }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="dialog-overlay" />
      <Dialog.Content className={`dialog-content${props.className ? ` ${props.className}` : ''}`} data-testid={props.testId}>
        <Dialog.Title>{props.title}</Dialog.Title>
        <Dialog.Description className="muted">{props.description}</Dialog.Description>
        {props.children}
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
  );
}

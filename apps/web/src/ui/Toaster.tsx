import { Toast } from 'radix-ui';
import { TOAST_DURATION_MS } from '@cinegrade/contract';
import { dismissToast, useCurrentToast } from './toast-store';

/** Shows the current toast for 5000 ms (TOAST_DURATION_MS). */
export function Toaster() {
  const current = useCurrentToast();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {current && (
        <Toast.Root
          key={current.id}
          className={`toast toast-${current.variant ?? 'default'}`}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          data-testid="toast"
        >
          <Toast.Title className="toast-title">{current.title}</Toast.Title>
          {current.description && <Toast.Description className="toast-description">{current.description}</Toast.Description>}
          <Toast.Close className="btn btn-ghost btn-sm toast-close" aria-label="Dismiss">
            ✕
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}

import { MESSAGES } from '@cinegrade/contract';
import { ApiError } from '../api/client';
import { toast } from './toast-store';

/**
 * The one place errors become toasts (docs/engineering-rules.md, 'Errors'): aborted requests are ignored, API errors
 * show their message, anything else the fallback.
 */
export function handleError(error: unknown, title = 'Error', fallback: string = MESSAGES.unexpected): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const description = error instanceof ApiError ? error.message : fallback;
  if (!(error instanceof ApiError)) console.error(error);
  toast({ title, description, variant: 'destructive' });
}

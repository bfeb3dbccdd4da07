import { useEffect, useRef } from 'react';
import { TEMP_FILE_CLEAR_DELAY_MS } from '@cinegrade/contract';
import { useAuth } from '../auth/AuthProvider';

/**
 * Calls `clear` a second after the person is seen to be signed out (docs/product-rules.md,
 * 'Temporary file'), unless they are signed in again by then. The workspace
 * clears everything of the session with it, at once.
 */
export function useClearAfterSignOut(clear: () => void): void {
  const { user } = useAuth();
  const signedIn = user !== null;
  const wasSignedIn = useRef(signedIn);
  const latestClear = useRef(clear);
  useEffect(() => {
    latestClear.current = clear;
  });
  useEffect(() => {
    const was = wasSignedIn.current;
    wasSignedIn.current = signedIn;
    if (signedIn || !was) return undefined;
    const timer = window.setTimeout(() => latestClear.current(), TEMP_FILE_CLEAR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn]);
}

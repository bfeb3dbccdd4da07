import { useCallback, useEffect, useRef } from 'react';
import { toast } from '../../ui/toast-store';
import type { Tutorial } from './content/types';

/** 'Tutorial Ready' follows 'Starting Tutorial' after 1.5 s. */
export const TUTORIAL_READY_DELAY_MS = 1500;

/**
 * Starting a video tutorial only announces it: there is no playback yet. The
 * timer lives with the page, so opening a reader meanwhile does not lose the second toast, and a
 * second click restarts it for the newly chosen tutorial.
 */
export function useTutorialLauncher(): (tutorial: Tutorial) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback((tutorial: Tutorial) => {
    clearTimeout(timer.current);
    toast({ title: 'Starting Tutorial', description: tutorial.title });
    timer.current = setTimeout(() => {
      toast({ title: 'Tutorial Ready', description: `${tutorial.title}. Video playback is not available in this version.`, variant: 'success' });
    }, TUTORIAL_READY_DELAY_MS);
  }, []);
}

import { useEffect, useRef } from 'react';

/**
 * Whenever `key` changes (a reader opens, the chapter changes), scrolls the reader's top into view
 * and moves focus to its heading, so every reader starts on the new text, including for keyboard
 * and screen-reader users.
 */
export function useReaderFocus(key: string) {
  const readerRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const reader = readerRef.current;
    // jsdom has no scrollIntoView; browsers all do.
    if (reader && typeof reader.scrollIntoView === 'function') reader.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [key]);
  return { readerRef, headingRef };
}

import { useCallback, useState } from 'react';

/** Which of several independent disclosures (a book's contents, a path's modules) are open. */
export function useToggleSet(): [ReadonlySet<string>, (id: string) => void] {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => {
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  return [open, toggle];
}

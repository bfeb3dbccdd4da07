/**
 * An update for React Router's `setSearchParams` that removes one parameter and keeps the rest:
 * the editor's one-shot links (`?payment=`, `?look=`) are taken out of the address once handled,
 * so a reload does not act on them again.
 */
export function withoutParam(name: string): (current: URLSearchParams) => URLSearchParams {
  return (current) => {
    const next = new URLSearchParams(current);
    next.delete(name);
    return next;
  };
}

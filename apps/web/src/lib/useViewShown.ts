import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is laid out (its kept-alive view is the active tab). Drawers and modals render in a
 * portal outside the view, so a page hides them itself while its view is hidden; their state stays.
 */
export function useViewShown(ref: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const update = (): void => setShown(element.getClientRects().length > 0);
    // A hidden view's content shrinks to nothing, which the observer reports like any resize.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    update();
    return () => observer.disconnect();
  }, [ref]);
  return shown;
}

import { useEffect, useRef } from 'react';

/** Spec section 9: the next page loads within 100 px of the bottom. */
export const LOAD_MORE_MARGIN_PX = 100;

/**
 * Returns a ref for an element placed after a list; `onNearBottom` runs when that element comes
 * within 100 px of the visible area (while `enabled`).
 */
export function useNearBottom<T extends Element>(onNearBottom: () => void, enabled: boolean) {
  const ref = useRef<T | null>(null);
  const callback = useRef(onNearBottom);
  useEffect(() => {
    callback.current = onNearBottom;
  });

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${LOAD_MORE_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);

  return ref;
}

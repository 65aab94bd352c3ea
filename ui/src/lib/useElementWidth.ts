import { useCallback, useRef, useState } from 'react';

/**
 * The content width of the element the returned ref is put on, kept current as the window or the
 * layout changes (0 until measured). A callback ref, so an element that appears later (after
 * loading) is measured too.
 */
export function useElementWidth<E extends HTMLElement>(): [(element: E | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: E | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    setWidth(element.clientWidth);
    // Test DOMs have no ResizeObserver; the first measurement is all they get.
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.current.observe(element);
  }, []);
  return [ref, width];
}

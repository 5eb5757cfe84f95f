import { useEffect, useRef } from 'react';

/**
 * A ref whose element takes the focus whenever `key` changes after the first render (a new step,
 * a new outcome), so that keyboard and screen reader users land on what just appeared. The
 * element should be a heading or a notice with tabIndex -1.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const shown = useRef(key);
  useEffect(() => {
    if (Object.is(shown.current, key)) return;
    shown.current = key;
    ref.current?.focus();
  }, [key]);
  return ref;
}

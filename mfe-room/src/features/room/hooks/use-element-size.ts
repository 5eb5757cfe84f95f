import { useLayoutEffect, useState, type RefObject } from 'react';
import type { Size } from '../utils/stage-layout';

const sizeOf = (element: HTMLElement): Size => {
  const rect = element.getBoundingClientRect();
  return { width: rect.width, height: rect.height };
};

/**
 * The element's size, measured before the first paint and again whenever it changes (window
 * resized, a side panel opened, a notice shown above it). Zero until the element exists.
 */
export function useElementSize(ref: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const update = () => {
      const next = sizeOf(element);
      setSize((previous) => (previous.width === next.width && previous.height === next.height ? previous : next));
    };
    update();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [ref]);
  return size;
}

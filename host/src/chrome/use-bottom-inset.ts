import { useLayoutEffect, type RefObject } from 'react';
import { SHELL_BOTTOM_INSET } from '@incontra/contracts/constants';

/**
 * While the element behind `ref` is mounted, its height is the shell's bottom inset on <html>:
 * a fixed layer on the bottom edge would otherwise cover the remotes' controls (the room's bar).
 * Full-height remotes shrink by it; the body is padded by it, so pages in the normal flow can
 * scroll their last controls out from under the layer.
 */
export function useBottomInset(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    // Rounded up: a fraction of a pixel left over would still sit on the remote's controls.
    const publish = () => root.style.setProperty(SHELL_BOTTOM_INSET.property, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    publish();
    document.body.style.paddingBottom = SHELL_BOTTOM_INSET.css;
    // The layer's height changes with the width (its text wraps) and the font size.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(SHELL_BOTTOM_INSET.property);
      document.body.style.removeProperty('padding-bottom');
    };
  }, [ref]);
}

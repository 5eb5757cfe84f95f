import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { matchMediaAnswering } from '../mfe-kit/src/testing/match-media';

/*
 * jsdom lacks a few browser APIs that Mantine reads at render time (colour scheme and responsive
 * styles through matchMedia, AppShell and ScrollArea through ResizeObserver). Minimal stand-ins,
 * installed only where the environment has a window and does not already provide them.
 */
// findBy* and waitFor wait for what a test expects to appear: 1 s (the default) is short for a
// render under a loaded machine, and a longer wait costs nothing when the element comes.
configure({ asyncUtilTimeout: 5000 });

if (typeof window !== 'undefined') {
  // react-router 7 encodes URLs with TextEncoder at import time; jsdom's window has none.
  if (typeof globalThis.TextEncoder === 'undefined') {
    Object.assign(globalThis, { TextEncoder, TextDecoder });
  }

  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      configurable: true,
      value: matchMediaAnswering(() => false),
    });
  }

  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  }

  if (!Element.prototype.scrollIntoView) {
    Element.prototype.scrollIntoView = () => undefined;
  }
}

import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { matchMediaAnswering } from '../mfe-kit/src/testing/match-media';

/*
 * jsdom lacks a few browser APIs that Mantine reads at render time (colour scheme and responsive
 * styles through matchMedia, AppShell and ScrollArea through ResizeObserver). Minimal stand-ins,
 * installed only where the environment has a window and does not already provide them.
 */
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

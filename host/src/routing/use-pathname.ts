import { useSyncExternalStore } from 'react';

const ROUTE_EVENTS = ['popstate', 'single-spa:routing-event'] as const;

function subscribe(onChange: () => void): () => void {
  for (const name of ROUTE_EVENTS) window.addEventListener(name, onChange);
  return () => {
    for (const name of ROUTE_EVENTS) window.removeEventListener(name, onChange);
  };
}

const currentPathname = () => window.location.pathname;

/** The current path, re-read on every route change made by the shell, a remote or the browser. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, currentPathname);
}

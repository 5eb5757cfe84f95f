import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { holdHistoryMoves } from './history-moves';

const TEXT = IT_COMPANY.unsaved;

interface UnsavedChanges {
  /** Marks the text `id` as changed and not saved, or no longer. */
  setDirty(id: string, dirty: boolean): void;
  /** Runs `proceed` at once when nothing is unsaved; otherwise once the user chose to leave. */
  confirmLeave(proceed: () => void): void;
}

const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

/** A same-origin link to another page of the site, followed by a plain left click. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  return url.origin === window.location.origin && !samePage ? anchor : null;
}

/**
 * Asks before texts with unsaved changes are left: a link to another page (the navigation, a
 * section's link: caught before the app's router sees the click), a change the page makes itself
 * (another tab, another wall, «Esci»: `confirmLeave`), the browser's back and forward buttons
 * (holdHistoryMoves), and closing or reloading the browser's tab (beforeunload, the browser's own
 * question). The back office's router has no blocker of its own. One provider asks for the whole back office (its
 * layout's, around «Esci»); one inside another leaves the asking to the outer one.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const outer = useContext(UnsavedChangesContext);
  return outer ? children : <AskingProvider>{children}</AskingProvider>;
}

function AskingProvider({ children }: { children: ReactNode }) {
  const [dirty, setDirtyIds] = useState<ReadonlySet<string>>(() => new Set());
  const [pending, setPending] = useState<(() => void) | null>(null);
  const dirtyNow = useRef(dirty);
  // Set while a confirmed leave replays its click: that click goes through.
  const leaving = useRef(false);

  useEffect(() => {
    dirtyNow.current = dirty;
    if (dirty.size === 0) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (leaving.current) return;
      const anchor = leavingLink(event);
      if (!anchor) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      setPending(() => () => anchor.click());
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('click', onClick, true);
    // The browser's back and forward buttons.
    const stopHolding = holdHistoryMoves((move) => setPending(() => move));
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
      stopHolding();
    };
  }, [dirty]);

  const setDirty = useCallback((id: string, changed: boolean) => {
    setDirtyIds((current) => {
      if (current.has(id) === changed) return current;
      const next = new Set(current);
      if (changed) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const confirmLeave = useCallback((proceed: () => void) => {
    if (dirtyNow.current.size === 0) proceed();
    else setPending(() => proceed);
  }, []);
  const value = useMemo(() => ({ setDirty, confirmLeave }), [setDirty, confirmLeave]);

  const leave = () => {
    const proceed = pending;
    setPending(null);
    setDirtyIds(new Set());
    dirtyNow.current = new Set();
    leaving.current = true;
    try {
      proceed?.();
    } finally {
      leaving.current = false;
    }
  };

  return (
    <UnsavedChangesContext.Provider value={value}>
      {children}
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={TEXT.title} centered trapFocus returnFocus>
        <Stack gap="md">
          <Text>{TEXT.text}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)} data-autofocus>
              {TEXT.stay}
            </Button>
            <Button color="red" onClick={leave}>
              {TEXT.leave}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </UnsavedChangesContext.Provider>
  );
}

/** Tells the page's UnsavedChangesProvider whether this text has changes not saved yet (none once it unmounts). */
export function useUnsavedText(dirty: boolean): void {
  const context = useContext(UnsavedChangesContext);
  const id = useId();
  useEffect(() => {
    context?.setDirty(id, dirty);
  }, [context, id, dirty]);
  useEffect(() => () => context?.setDirty(id, false), [context, id]);
}

/** `confirmLeave` of the page's provider (outside one: proceeds at once). */
export function useConfirmLeave(): (proceed: () => void) => void {
  const context = useContext(UnsavedChangesContext);
  return context?.confirmLeave ?? ((proceed) => proceed());
}

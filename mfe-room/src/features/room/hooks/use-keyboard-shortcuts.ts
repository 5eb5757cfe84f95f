import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The spec's room shortcuts: m microphone, v camera, s screen share. */
export type ShortcutAction = 'microphone' | 'camera' | 'screen';
export type ShortcutHandlers = Record<ShortcutAction, () => void>;

const KEYS: Record<string, ShortcutAction> = { m: 'microphone', v: 'camera', s: 'screen' };

export const SHORTCUTS_STORAGE_KEY = 'incontra.room.shortcuts-enabled';

/** Widgets that take letters as input, written with ARIA roles (comboboxes, custom text boxes). */
const TYPING_ROLES = '[role="textbox"], [role="searchbox"], [role="combobox"], [role="spinbutton"]';
/** Editable areas, whatever value the attribute spells it with. */
const EDITABLE = '[contenteditable]:not([contenteditable="false"])';

/** True where a key press is someone typing: fields, editable areas and whatever sits inside them. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest(`${EDITABLE}, ${TYPING_ROLES}`) !== null;
}

/** A modal dialog is open (a confirmation, a form): what is typed belongs to it, never to the room behind. */
function modalOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]') !== null;
}

function readPreference(): boolean {
  try {
    return window.localStorage.getItem(SHORTCUTS_STORAGE_KEY) !== 'false';
  } catch {
    // Storage may be refused (privacy modes): shortcuts stay on for this visit.
    return true;
  }
}

/** Whether shortcuts are on (default yes), remembered in localStorage across visits. */
export function useShortcutsPreference(): [boolean, (enabled: boolean) => void] {
  const [enabled, setEnabled] = useState(readPreference);
  const update = useCallback((next: boolean) => {
    setEnabled(next);
    try {
      window.localStorage.setItem(SHORTCUTS_STORAGE_KEY, String(next));
    } catch {
      // Not remembered, still applied.
    }
  }, []);
  return [enabled, update];
}

/**
 * Listens for m, v and s on the document while `enabled`. Ignored while typing (in any field, in
 * the chat or in a dialog) or while a modal dialog is open, with a modifier (Ctrl+S must stay the
 * browser's; AltGr writes letters on some keyboards), during an IME composition, and for
 * auto-repeat (a held key must not flicker the camera).
 */
export function useKeyboardShortcuts(handlers: ShortcutHandlers, enabled: boolean): void {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing) return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.getModifierState?.('AltGraph')) return;
      const action = KEYS[event.key.toLowerCase()];
      if (!action || isTypingTarget(event.target) || isTypingTarget(document.activeElement) || modalOpen()) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}

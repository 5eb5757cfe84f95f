import { Button } from '@mantine/core';
import { useState, type CSSProperties } from 'react';
import { IT_ACCESSIBILITY } from '@incontra/contracts/messages/it-accessibility';

/** Out of sight but still in the tab order (display:none would take it out). */
const OFF_SCREEN: CSSProperties = { position: 'fixed', top: 0, left: 0, transform: 'translateY(-200%)', zIndex: 1000 };
const SHOWN: CSSProperties = { ...OFF_SCREEN, top: 8, left: 8, transform: 'none' };

/**
 * The first stop of the keyboard on every back-office page: it jumps over the header and the
 * navigation to the page itself, and shows itself while it has the focus.
 */
export function SkipLink({ target }: { target: string }) {
  const [focused, setFocused] = useState(false);
  return (
    <Button
      component="a"
      href={`#${target}`}
      style={focused ? SHOWN : OFF_SCREEN}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        // The address keeps its path: the page moves focus itself instead of adding a #fragment.
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
    >
      {IT_ACCESSIBILITY.skipToContent}
    </Button>
  );
}

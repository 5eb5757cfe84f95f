import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

export interface OptionButtonProps {
  /** Pressed (filled) when chosen; undefined: a choice that leads on at once, never shown as pressed. */
  selected?: boolean;
  onClick(): void;
  children: ReactNode;
}

/** One choice of a list (a store, a topic): a full-width button whose text wraps and reads from the start. */
export function OptionButton({ selected, onClick, children }: OptionButtonProps) {
  return (
    <Button
      size="md"
      h="auto"
      py="xs"
      fullWidth
      variant={selected ? 'filled' : 'default'}
      aria-pressed={selected}
      onClick={onClick}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'start', display: 'block' }, inner: { justifyContent: 'flex-start' } }}
    >
      {children}
    </Button>
  );
}

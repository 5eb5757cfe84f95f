import { ActionIcon, Group, Paper, Title } from '@mantine/core';
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { SHELL_BOTTOM_INSET } from '@incontra/contracts/constants';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { CloseIcon } from '../common/icons';

interface SidePanelProps {
  title: string;
  /** Closed from inside: the close button or Escape. */
  onClose(): void;
  /** Below the phone breakpoint the panel covers the whole screen. */
  fullScreen: boolean;
  testId: string;
  /** Where the focus goes when the panel opens (the chat's message field); its title otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * The room's right-hand panel (chat, participants): beside the videos, or over them on phones.
 * Opening it moves the focus into it, so that what is typed next lands there and not on the
 * room's shortcuts; Escape anywhere inside closes it.
 */
export function SidePanel({ title, onClose, fullScreen, testId, initialFocus, children }: SidePanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Read once, on opening: a later render must not pull the focus back.
  const opening = useRef(initialFocus);

  useEffect(() => {
    (opening.current?.current ?? heading.current)?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // React passes on events from portals (a dialog opened from the panel): their Escape is theirs.
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    event.preventDefault();
    onClose();
  };

  return (
    <Paper
      component="aside"
      aria-label={title}
      data-testid={testId}
      data-layout={fullScreen ? 'overlay' : 'side'}
      radius={0}
      onKeyDown={onKeyDown}
      style={
        fullScreen
          ? // Above the shell's bottom layer (the cookie banner), like the room itself.
            { position: 'fixed', top: 0, left: 0, right: 0, bottom: SHELL_BOTTOM_INSET.css, zIndex: 200, display: 'flex', flexDirection: 'column' }
          : {
              width: 340,
              flex: '0 0 340px',
              display: 'flex',
              flexDirection: 'column',
              borderLeft: '1px solid var(--mantine-color-default-border)',
              minHeight: 0,
            }
      }
    >
      <Group justify="space-between" px="md" py="xs" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Title ref={heading} order={2} size="h5" tabIndex={-1}>
          {title}
        </Title>
        <ActionIcon variant="subtle" onClick={onClose} aria-label={`${IT_ROOM.closePanel}: ${title}`}>
          <CloseIcon />
        </ActionIcon>
      </Group>
      {children}
    </Paper>
  );
}

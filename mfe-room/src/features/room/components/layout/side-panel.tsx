import { ActionIcon, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SHELL_BOTTOM_INSET } from '@incontra/contracts/constants';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { CloseIcon } from '../common/icons';

interface SidePanelProps {
  title: string;
  onClose(): void;
  /** Below the phone breakpoint the panel covers the whole screen. */
  fullScreen: boolean;
  testId: string;
  children: ReactNode;
}

/** The room's right-hand panel (chat, participants): beside the videos, or over them on phones. */
export function SidePanel({ title, onClose, fullScreen, testId, children }: SidePanelProps) {
  return (
    <Paper
      component="aside"
      aria-label={title}
      data-testid={testId}
      data-layout={fullScreen ? 'overlay' : 'side'}
      radius={0}
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
        <Title order={2} size="h5">
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

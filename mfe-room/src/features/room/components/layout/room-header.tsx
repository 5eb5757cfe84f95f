import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LAYOUT } from '@incontra/contracts/constants';
import { RoomSizeIndicator } from './room-size-indicator';

interface RoomHeaderProps {
  name: string;
  count: number;
  max: number | null;
  /** Menus at the right end (settings). */
  actions?: ReactNode;
}

/** The spec's room header (55 px): the room's name and its size indicator. */
export function RoomHeader({ name, count, max, actions }: RoomHeaderProps) {
  return (
    <Group
      component="header"
      h={LAYOUT.roomHeaderPx}
      px="md"
      justify="space-between"
      wrap="nowrap"
      data-testid="room-header"
      style={{ flex: `0 0 ${LAYOUT.roomHeaderPx}px`, borderBottom: '1px solid var(--mantine-color-dark-4)' }}
    >
      <Text component="h1" fw={700} size="lg" truncate="end" m={0} style={{ minWidth: 0 }}>
        {name}
      </Text>
      <Group gap="sm" wrap="nowrap">
        <RoomSizeIndicator count={count} max={max} />
        {actions}
      </Group>
    </Group>
  );
}

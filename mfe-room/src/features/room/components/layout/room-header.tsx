import { Group, Text } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { LAYOUT } from '@incontra/contracts/constants';
import { RoomSizeIndicator } from './room-size-indicator';

interface RoomHeaderProps {
  name: string;
  /** The room's main heading: focused on entering (tabIndex -1 lets a script focus it). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Out of reach while a full-screen panel covers it. */
  inert?: boolean;
  count: number;
  max: number | null;
  /** Menus at the right end (settings). */
  actions?: ReactNode;
}

/** The spec's room header (55 px): the room's name and its size indicator. */
export function RoomHeader({ name, headingRef, inert, count, max, actions }: RoomHeaderProps) {
  return (
    <Group
      component="header"
      h={LAYOUT.roomHeaderPx}
      px="md"
      justify="space-between"
      wrap="nowrap"
      data-testid="room-header"
      inert={inert}
      style={{ flex: `0 0 ${LAYOUT.roomHeaderPx}px`, borderBottom: '1px solid var(--mantine-color-dark-4)' }}
    >
      <Text ref={headingRef} component="h1" tabIndex={-1} fw={700} size="lg" truncate="end" m={0} style={{ minWidth: 0 }} data-testid="room-heading">
        {name}
      </Text>
      <Group gap="sm" wrap="nowrap">
        <RoomSizeIndicator count={count} max={max} />
        {actions}
      </Group>
    </Group>
  );
}

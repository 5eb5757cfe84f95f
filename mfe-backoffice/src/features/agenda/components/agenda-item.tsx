import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { timeRangeOf, topicNameOf } from '../agenda-format';
import { PaymentBadge } from './payment-badge';
import { StatusBadge } from './status-badge';

export interface AgendaItemProps {
  reservation: StaffReservation;
  onOpen: (id: string) => void;
  /** The week view mixes the rooms: each appointment says its own. */
  showRoom?: boolean;
  /** The appointment just booked: marked («Nuovo», the primary colour's border) and scrolled into view. */
  highlighted?: boolean;
}

/**
 * One appointment of the day or week view: a button (Enter and Space open it too) with its times
 * on the company's clock, the customer, the topic and the status. A cancelled one stays in its
 * place, faded and struck through, so that nobody books over it by mistake.
 */
export function AgendaItem({ reservation, onOpen, showRoom = false, highlighted = false }: AgendaItemProps) {
  const { company } = useMfeProps();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // jsdom has no scrolling: only a browser is asked to bring it into view.
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [highlighted]);
  const cancelled = reservation.status === 'cancelled';
  const about = showRoom ? `${topicNameOf(reservation)} · ${reservation.room.name}` : topicNameOf(reservation);
  return (
    <UnstyledButton
      ref={ref}
      onClick={() => onOpen(reservation.id)}
      className="mantine-focus-auto"
      data-testid="agenda-item"
      data-reservation-id={reservation.id}
      data-status={reservation.status}
      data-highlighted={highlighted || undefined}
      display="block"
      w="100%"
      p="xs"
      bg={highlighted ? 'var(--mantine-primary-color-light)' : cancelled ? undefined : 'var(--mantine-color-body)'}
      style={{
        border: highlighted ? '3px solid var(--mantine-primary-color-filled)' : '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        // Struck through and badged, not faded: opacity took the text below 4.5:1.
        color: cancelled ? 'var(--mantine-color-dimmed)' : undefined,
      }}
    >
      <Group component="span" justify="space-between" gap={4} wrap="wrap">
        <Text component="span" fw={700} size="sm" td={cancelled ? 'line-through' : undefined}>
          <time dateTime={reservation.startsAt}>{timeRangeOf(reservation, company.timeZone)}</time>
        </Text>
        <Group component="span" gap={4} wrap="wrap">
          {highlighted && (
            <Badge size="sm" variant="filled" component="span">
              {IT_AGENDA.day.created}
            </Badge>
          )}
          <StatusBadge status={reservation.status} />
          <PaymentBadge payment={reservation.payment} />
        </Group>
      </Group>
      <Text component="span" display="block" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {reservation.customer.name}
      </Text>
      <Text component="span" display="block" size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {about}
      </Text>
    </UnstyledButton>
  );
}

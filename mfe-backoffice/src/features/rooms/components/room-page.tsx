import { Anchor, Divider, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { can } from '@incontra/contracts/permissions';
import { ROUTES } from '@incontra/contracts/routes';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { useRequiredUser } from '../../auth/hooks/use-required-user';
import { useOpening } from '../../../api/rooms/get-opening';
import { useRoom } from '../../../api/rooms/get-room';
import { OpeningExceptions } from './opening-exceptions';
import { SlotsForm } from './slots-form';
import { WeeklyOpeningEditor } from './weekly-opening-editor';

const TEXT = IT_ROOMS.room;

/** One room: its appointments, weekly opening and exceptions. An operator reads them. */
export function RoomPage() {
  const { id = '' } = useParams();
  const user = useRequiredUser();
  const room = useRoom(id);
  const opening = useOpening(id);
  const readOnly = !can(user.role, 'manageRooms');

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={ROUTES.rooms} size="sm">
        ← {TEXT.back}
      </Anchor>
      <QueryState query={room}>
        {(data) => (
          <>
            <PageHeader title={data.name} description={data.storeName} />
            {readOnly && <Text c="dimmed">{IT_ROOMS.list.readOnly}</Text>}
            <SlotsForm key={`${data.id}-${data.reservationSlots}-${data.slotDuration}`} roomId={data.id} slots={data} readOnly={readOnly} />
          </>
        )}
      </QueryState>
      <Divider />
      <QueryState query={opening}>
        {(data) => (
          <Stack gap="lg">
            <WeeklyOpeningEditor key={id} roomId={id} weekly={data.weekly} timeZone={data.timeZone} readOnly={readOnly} />
            <Divider />
            <OpeningExceptions roomId={id} opening={data} readOnly={readOnly} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

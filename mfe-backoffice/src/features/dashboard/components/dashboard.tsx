import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Me } from '@incontra/contracts/api/auth';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { useAgendaRefresh } from '../../agenda/hooks/use-agenda-refresh';
import { AppointmentsCards } from './appointments-cards';
import { LiveFigures } from './live-figures';
import { RoomsCard } from './rooms-card';

interface DashboardProps {
  user: Me;
  name: string;
}

/**
 * «Pannello»: who is signed in, then what is going on now (waiting visitors, today's appointments,
 * the next one), the appointments themselves and the rooms. The sections are in the menu beside
 * it, not repeated here. Appointments follow the agenda's socket while it is open.
 */
export function Dashboard({ user, name }: DashboardProps) {
  useAgendaRefresh();
  return (
    <Stack gap="lg" maw={960}>
      <Card withBorder padding="xl">
        <Title order={1} size="h2">
          {`${IT_BACKOFFICE.welcomeBack}, ${name}`}
        </Title>
        <Group mt="md" gap="xl">
          <Text size="sm">
            {IT_BACKOFFICE.email}: {user.email}
          </Text>
          <Text size="sm">
            {IT_BACKOFFICE.role}: {IT_BACKOFFICE.roles[user.role]}
          </Text>
        </Group>
      </Card>
      <LiveFigures />
      <AppointmentsCards />
      <RoomsCard />
    </Stack>
  );
}

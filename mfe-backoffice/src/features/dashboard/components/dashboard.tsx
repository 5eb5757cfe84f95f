import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Me } from '@incontra/contracts/api/auth';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { AppointmentsCards } from './appointments-cards';
import { RoomsCard } from './rooms-card';

interface DashboardProps {
  user: Me;
  name: string;
  /** The back office's sections, rendered as links by the layout that knows how to reach them. */
  shortcuts: ReactNode;
}

export function Dashboard({ user, name, shortcuts }: DashboardProps) {
  return (
    <Stack gap="lg" maw={820}>
      <Card withBorder padding="xl">
        <Title order={1} size="h2">
          {`${IT_BACKOFFICE.welcomeBack}, ${name}`}
        </Title>
        <Text mt="sm" c="dimmed">
          {IT_BACKOFFICE.dashboardText}
        </Text>
        <Group mt="md" gap="xl">
          <Text size="sm">
            {IT_BACKOFFICE.email}: {user.email}
          </Text>
          <Text size="sm">
            {IT_BACKOFFICE.role}: {IT_BACKOFFICE.roles[user.role]}
          </Text>
        </Group>
      </Card>
      <AppointmentsCards />
      <RoomsCard />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>{shortcuts}</SimpleGrid>
    </Stack>
  );
}

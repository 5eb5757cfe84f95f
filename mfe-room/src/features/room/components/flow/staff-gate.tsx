import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Me } from '@incontra/contracts/api/auth';
import { IT } from '@incontra/contracts/messages/it';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { loginPathFor } from '@incontra/contracts/routes';
import { useMe } from '@incontra/mfe-kit/get-me';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { ShellLink } from './shell-link';

/**
 * Staff enter rooms directly (approved visitors enter as guests, see GuestRoom): the signed-in
 * user from the shell's shared query, or a clear way to sign in (each state the page's main landmark).
 */
export function StaffGate({ children }: { children: (user: Me) => ReactNode }) {
  const me = useMe();
  if (me.isPending) return <PageLoader minHeight="50vh" />;
  if (me.isError) {
    return (
      <Container component="main" size="xs" py="xl">
        <Alert color="red" role="alert">
          <Stack gap="sm">
            <Text>{IT.errors.generic}</Text>
            <Button variant="light" w="fit-content" onClick={() => void me.refetch()}>
              {IT.shell.retry}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  if (!me.data || me.data.isGuest) {
    return (
      <Container component="main" size="xs" py="xl" data-testid="room-sign-in">
        <Stack gap="md" align="flex-start">
          <Title order={1} size="h3">
            {IT_ROOM.signInRequired}
          </Title>
          <ShellLink path={loginPathFor(window.location.pathname)} asButton>
            {IT_ROOM.signIn}
          </ShellLink>
        </Stack>
      </Container>
    );
  }
  return <>{children(me.data)}</>;
}

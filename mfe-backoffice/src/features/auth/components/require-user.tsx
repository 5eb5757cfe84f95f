import { Alert, Button, Center, Stack } from '@mantine/core';
import { Navigate, Outlet } from 'react-router-dom';
import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';
import { useMe } from '@incontra/mfe-kit/get-me';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { isApiStatus } from '@incontra/mfe-kit/api-error';
import { SignedInUserContext } from '../hooks/use-required-user';

/** Lets the signed-in through to the nested routes; anybody else goes to the login page. */
export function RequireUser() {
  const me = useMe();
  if (me.isPending) return <PageLoader minHeight="100vh" />;
  if (me.data === null || isApiStatus(me.error, 401)) return <Navigate to={ROUTES.login} replace />;
  if (!me.data) {
    return (
      <Center mih="100vh" p="md">
        <Stack>
          <Alert color="red" role="alert">
            {IT.errors.generic}
          </Alert>
          <Button onClick={() => void me.refetch()}>{IT.shell.retry}</Button>
        </Stack>
      </Center>
    );
  }
  return (
    <SignedInUserContext.Provider value={me.data}>
      <Outlet />
    </SignedInUserContext.Provider>
  );
}

import { Alert, Box, Button, Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import type { Me } from '@incontra/contracts/api/auth';
import { ApiRequestError } from '@incontra/contracts/http';
import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';
import { useMe } from '@incontra/mfe-kit/get-me';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { usePageTitle } from '@incontra/mfe-kit/use-page-title';

/**
 * A billing page needs a signed-in user; the login page belongs to the back office. The page
 * shows inside the back office's layout (FRAMES), whose header and menu carry the logo and the
 * way to the other sections: here only its heading and content, as the main landmark (the
 * layout's content area around it is none).
 */
export function StaffPage({ title, children }: { title: string; children: (me: Me) => ReactNode }) {
  const { navigate } = useMfeProps();
  usePageTitle(title);
  const me = useMe();
  const signedOut = me.data === null || (me.error instanceof ApiRequestError && me.error.status === 401);

  useEffect(() => {
    if (signedOut) navigate(ROUTES.login, { replace: true });
  }, [signedOut, navigate]);

  return (
    <Box component="main" maw={960}>
      <Title order={1} mb="lg">
        {title}
      </Title>
      {me.data && children(me.data)}
      {!me.data && !me.isError && <PageLoader />}
      {me.isError && !signedOut && (
        <Stack>
          <Alert color="red" role="alert">
            {IT.errors.generic}
          </Alert>
          <Button variant="light" onClick={() => void me.refetch()} w="fit-content">
            {IT.shell.retry}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

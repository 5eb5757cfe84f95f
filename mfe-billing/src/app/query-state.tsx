import { Alert, Button, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { IT } from '@incontra/contracts/messages/it';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { PageLoader } from '@incontra/mfe-kit/page-loader';

/** A read's three faces: the loader, the failure with «Riprova», or its data handed to `children`. */
export function QueryState<T>({
  query,
  children,
  fallback,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'isFetching' | 'refetch'>;
  children: (data: T) => ReactNode;
  /** What a failure that is not the API's own refusal says (the generic sentence by default). */
  fallback?: string;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{apiErrorMessage(query.error, fallback)}</Text>
          <Button variant="light" color="red" loading={query.isFetching} onClick={() => void query.refetch()}>
            {IT.shell.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <>{children(query.data as T)}</>;
}

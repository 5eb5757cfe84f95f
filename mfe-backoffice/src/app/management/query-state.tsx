import { Alert, Button, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { PageLoader } from '@incontra/mfe-kit/page-loader';

/**
 * A query's three faces: the loader, the failure with a retry, or its data handed to `children`.
 * A disabled query stays pending: render this only once the query may run.
 */
export function QueryState<T>({
  query,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'isFetching' | 'refetch'>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={IT_MANAGEMENT.table.loadFailed}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{apiErrorMessage(query.error)}</Text>
          <Button variant="light" color="red" loading={query.isFetching} onClick={() => void query.refetch()}>
            {IT_MANAGEMENT.table.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <>{children(query.data as T)}</>;
}

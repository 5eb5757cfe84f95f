import { Alert, Button } from '@mantine/core';
import { IT } from '@incontra/contracts/messages/it';

/** A read that failed, said in the alert's title, with «Riprova» to ask again. */
export function RetryAlert({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Button variant="light" color="red" mt="sm" onClick={onRetry}>
        {IT.shell.retry}
      </Button>
    </Alert>
  );
}

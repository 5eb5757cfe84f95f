import { Alert, Button, Group, Loader } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';

interface ReservationEntryProps {
  /** The refusal of the last attempt (too early, over, unknown), in Italian. */
  error: string | null;
  sending: boolean;
  onRetry(): void;
}

/** A reservation's join link: the request goes out at once, the name is the reservation's. */
export function ReservationEntry({ error, sending, onRetry }: ReservationEntryProps) {
  if (!error) return <Loader size="sm" aria-hidden />;
  return (
    <>
      <Alert color="red" role="alert">
        {error}
      </Alert>
      <Group>
        <Button onClick={onRetry} loading={sending}>
          {IT.shell.retry}
        </Button>
        <Button component={Link} to={ROUTES.welcome} variant="light">
          {IT.shell.backHome}
        </Button>
      </Group>
    </>
  );
}

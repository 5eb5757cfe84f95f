import { Alert, Anchor, Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { ROUTES } from '@incontra/contracts/routes';
import { pathWithStore } from '../../../app/paths';

/*
 * What the visitor may do after each answer (the answer itself is the page's header, see
 * StepFrame): book instead, keep waiting, try again, start over, or enter the room.
 */

/** Booking instead of waiting, in the request's store. */
export function BookInstead({ storeId }: { storeId: string }) {
  return (
    <Button component={Link} to={pathWithStore(ROUTES.booking, { id: storeId })} variant="light" data-testid="book-instead">
      {IT_LOBBY.visitor.bookInstead}
    </Button>
  );
}

export function RejectedActions({ storeId }: { storeId: string }) {
  return (
    <Group>
      <BookInstead storeId={storeId} />
    </Group>
  );
}

/** Staff are busy: the request stays in their queue if the visitor keeps waiting. */
export function BusyActions({ storeId, onKeepWaiting }: { storeId: string; onKeepWaiting(): void }) {
  return (
    <Group>
      <Button onClick={onKeepWaiting} data-testid="keep-waiting">
        {IT_LOBBY.visitor.keepWaiting}
      </Button>
      <BookInstead storeId={storeId} />
    </Group>
  );
}

interface ExpiredActionsProps {
  storeId: string;
  retrying: boolean;
  retryError: string | null;
  onRetry(): void;
}

export function ExpiredActions({ storeId, retrying, retryError, onRetry }: ExpiredActionsProps) {
  return (
    <>
      {retryError && (
        <Alert color="red" role="alert">
          {retryError}
        </Alert>
      )}
      <Group>
        <Button onClick={onRetry} loading={retrying}>
          {IT_LOBBY.visitor.tryAgain}
        </Button>
        <BookInstead storeId={storeId} />
      </Group>
    </>
  );
}

export function CancelledActions({ onNewRequest }: { onNewRequest(): void }) {
  return (
    <Group>
      <Button onClick={onNewRequest}>{IT_LOBBY.visitor.newRequest}</Button>
    </Group>
  );
}

export function EndedActions({ storeId }: { storeId: string }) {
  return (
    <Anchor component={Link} to={pathWithStore(ROUTES.welcome, { id: storeId })}>
      {IT.shell.backHome}
    </Anchor>
  );
}

/** Shown for the instant before the shell takes the visitor into the room (and as a way in). */
export function ApprovedActions({ roomPath, onEnter }: { roomPath: string; onEnter(): void }) {
  return (
    <Group>
      <Button
        component="a"
        href={roomPath}
        onClick={(event) => {
          event.preventDefault();
          onEnter();
        }}
      >
        {IT_LOBBY.visitor.enterRoom}
      </Button>
    </Group>
  );
}

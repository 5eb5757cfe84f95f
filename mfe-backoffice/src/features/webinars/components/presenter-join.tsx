import { Alert, Button, Stack, Text } from '@mantine/core';
import { WEBINAR_JOIN_EARLY_MINUTES } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useJoinWebinar } from '../api/join-webinar';

const TEXT = IT_WEBINAR_BACKOFFICE.presenter;

/**
 * «Entra come relatore»: asks the API for the presenter's credential. The live session is not
 * built yet: a credential granted says it will open here; a refusal (not a presenter, too early,
 * over) is the API's own words.
 */
export function PresenterJoin({ webinarId }: { webinarId: string }) {
  const join = useJoinWebinar();
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{TEXT.help(WEBINAR_JOIN_EARLY_MINUTES)}</Text>
      <Button onClick={() => join.mutate(webinarId)} loading={join.isPending}>
        {TEXT.join}
      </Button>
      {join.isSuccess && (
        <Alert color="blue" role="status">
          {TEXT.ready}
        </Alert>
      )}
      {join.isError && (
        <Alert color="red" role="alert">
          {apiErrorMessage(join.error)}
        </Alert>
      )}
    </Stack>
  );
}

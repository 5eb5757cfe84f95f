import { Alert, Button, Stack, Text } from '@mantine/core';
import { WEBINAR_JOIN_EARLY_MINUTES } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { enterWebinarErrorMessage, useEnterWebinar } from '@incontra/mfe-kit/use-enter-webinar';
import { joinWebinar } from '../api/join-webinar';

const TEXT = IT_WEBINAR_BACKOFFICE.presenter;

/**
 * «Entra come relatore»: asks the API for the presenter's credential and opens the live session
 * with it (the room remote's /room/webinar/{id}); a refusal (not a presenter, too early, over) is
 * the API's own words.
 */
export function PresenterJoin({ webinarId }: { webinarId: string }) {
  const join = useEnterWebinar(joinWebinar);
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{TEXT.help(WEBINAR_JOIN_EARLY_MINUTES)}</Text>
      <Button onClick={() => join.mutate(webinarId)} loading={join.isPending || join.isSuccess}>
        {TEXT.join}
      </Button>
      {join.isError && (
        <Alert color="red" role="alert">
          {enterWebinarErrorMessage(join.error)}
        </Alert>
      )}
    </Stack>
  );
}

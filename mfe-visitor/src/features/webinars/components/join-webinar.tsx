import { Alert, Button, Stack, Text } from '@mantine/core';
import type { PublicWebinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { clockText, dayText, minutesBetween } from '@incontra/contracts/messages/it-when';
import { enterWebinarErrorMessage, useEnterWebinar } from '@incontra/mfe-kit/use-enter-webinar';
import { joinWebinar, type RegistrationCredentials } from '../api/registration-calls';
import { waitText } from '../dates/countdown';

const T = IT_WEBINAR_PAGES.registration;

/** 'Il webinar inizierà alle 18:00.' on the company's clock, with the day when it is not today there. */
function startsText(webinar: PublicWebinar, now: number): string {
  const clock = clockText(webinar.startsAt, webinar.timeZone);
  const day = dayText(webinar.startsAt, webinar.timeZone);
  return day === dayText(now, webinar.timeZone) ? T.startsAtToday(clock) : T.startsOn(day, clock);
}

export interface JoinWebinarProps {
  webinar: PublicWebinar;
  credentials: RegistrationCredentials;
  now: number;
  /** From `joinOpensAt` (or while the webinar is live): the way in is offered. */
  open: boolean;
}

/**
 * Before the start: when it begins and how long is left (the text changes once a minute, so it is
 * not announced as it counts). From 15 minutes before, «Entra nel webinar» asks the API for the
 * viewer's credential and opens the live page with it, which waits for the presenters and turns
 * live by itself. A refusal says the API's reason.
 */
export function JoinWebinar({ webinar, credentials, now, open }: JoinWebinarProps) {
  const join = useEnterWebinar(() => joinWebinar(credentials));
  const startsAt = Date.parse(webinar.startsAt);
  const upcoming = webinar.status === 'published' && now < startsAt;

  return (
    <Stack gap="sm" align="flex-start" data-testid="webinar-join">
      {upcoming ? (
        <div>
          <Text fw={600}>{startsText(webinar, now)}</Text>
          <Text data-testid="webinar-countdown">{T.startsIn(waitText(startsAt - now))}</Text>
        </div>
      ) : (
        <Text fw={600}>{webinar.status === 'live' ? T.live : T.startingNow}</Text>
      )}
      {!open && <Text size="sm">{T.joinOpensBefore(minutesBetween(webinar.joinOpensAt, webinar.startsAt))}</Text>}
      {open && (
        <Button size="md" loading={join.isPending || join.isSuccess} onClick={() => join.mutate(undefined)}>
          {T.join}
        </Button>
      )}
      {join.isError && (
        <Alert color="red" role="alert" w="100%">
          {enterWebinarErrorMessage(join.error)}
        </Alert>
      )}
    </Stack>
  );
}

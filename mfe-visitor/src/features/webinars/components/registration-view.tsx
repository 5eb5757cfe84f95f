import { Alert, Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { WebinarRegistration } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { ROUTES } from '@incontra/contracts/routes';
import { useNow } from '@incontra/mfe-kit/dates/use-now';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useFocusOnChange } from '../../booking/hooks/use-focus-on-change';
import { registrationKey } from '../api/get-registration';
import { webinarsKey } from '../api/get-store-webinars';
import { cancelRegistration, type RegistrationCredentials } from '../api/registration-calls';
import { isCancellable, registrationPhase, type RegistrationPhase } from '../dates/webinar-phase';
import { AddToCalendar } from './add-to-calendar';
import { CancelRegistration } from './cancel-registration';
import { JoinWebinar } from './join-webinar';
import { RegistrationReplay } from './registration-replay';
import { FactRow, WebinarFacts } from './webinar-facts';

const T = IT_WEBINAR_PAGES.registration;

/** What a phase with nothing left to do says. */
const FINAL_TEXTS: Partial<Record<RegistrationPhase, string>> = {
  registrationCancelled: T.registrationCancelled,
  webinarCancelled: T.webinarCancelled,
  ended: T.ended,
};

/**
 * The registrant's page body: the webinar and who is registered; before the start the time and
 * the countdown, from 15 minutes before the way in; the calendar file; cancelling while the
 * webinar has not begun. A cancelled registration or webinar, or one that is over, is said plainly.
 */
export function RegistrationView({ registration, credentials }: { registration: WebinarRegistration; credentials: RegistrationCredentials }) {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  const now = useNow();
  const [outcome, setOutcome] = useState<string | null>(null);
  const notice = useFocusOnChange<HTMLDivElement>(outcome);
  const { webinar } = registration;
  const phase = registrationPhase(registration, now);

  const cancel = useMutation({
    mutationFn: () => cancelRegistration(credentials),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(registrationKey(company.id, credentials), cancelled);
      // A seat free again: the webinar's page and the store's list read it again when next shown.
      void queryClient.invalidateQueries({ queryKey: webinarsKey(company.id), refetchType: 'none' });
      setOutcome(T.cancelled);
    },
    retry: false,
  });
  const finalText = FINAL_TEXTS[phase];
  const active = phase === 'waiting' || phase === 'joinOpen';

  return (
    <Stack gap="lg">
      {outcome && (
        <Alert ref={notice} tabIndex={-1} color="green" role="status" data-testid="registration-outcome">
          {outcome}
        </Alert>
      )}
      <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {webinar.title}
      </Title>
      <WebinarFacts webinar={webinar}>
        <FactRow label={T.registrant}>{`${registration.firstName} ${registration.lastName} · ${registration.email}`}</FactRow>
        <FactRow label={T.status}>
          <Badge variant="light" color={registration.status === 'registered' ? 'green' : 'gray'} size="lg">
            {T.statuses[registration.status]}
          </Badge>
        </FactRow>
      </WebinarFacts>
      {active && <JoinWebinar webinar={webinar} credentials={credentials} now={now} open={phase === 'joinOpen'} />}
      {finalText && !(phase === 'registrationCancelled' && outcome) && <Text data-testid="registration-final">{finalText}</Text>}
      {phase === 'ended' && registration.status === 'registered' && <RegistrationReplay credentials={credentials} title={webinar.title} />}
      {active && <AddToCalendar credentials={credentials} />}
      {isCancellable(registration, now) && <CancelRegistration title={webinar.title} onConfirm={() => cancel.mutateAsync()} />}
      <Anchor component={Link} to={`${ROUTES.webinar}/${encodeURIComponent(webinar.id)}`}>
        {T.webinarPage}
      </Anchor>
    </Stack>
  );
}

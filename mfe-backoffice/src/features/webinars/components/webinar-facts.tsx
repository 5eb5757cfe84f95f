import { Box, SimpleGrid, Stack, Text, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Webinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { webinarWhen } from '../webinar-time';

const TEXT = IT_WEBINAR_BACKOFFICE.detail;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** A webinar no longer editable (live, ended, cancelled), as it was set. */
export function WebinarFacts({ webinar }: { webinar: Webinar }) {
  const { company } = useMfeProps();
  return (
    <Stack gap="md">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
        <Fact label={TEXT.store}>{webinar.store.name}</Fact>
        <Fact label={TEXT.when}>
          <time dateTime={webinar.startsAt}>{webinarWhen(webinar, company.timeZone)}</time>
        </Fact>
        <Fact label={TEXT.duration}>{IT_WEBINAR_BACKOFFICE.minutes(webinar.durationMinutes)}</Fact>
        <Fact label={TEXT.seats}>{TEXT.seatsValue(webinar.registered, webinar.capacity)}</Fact>
        <Fact label={TEXT.presenters}>{webinar.presenters.map((presenter) => presenter.name).join(', ')}</Fact>
      </SimpleGrid>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {TEXT.description}
        </Text>
        {webinar.description === '' ? (
          <Text>{TEXT.noDescription}</Text>
        ) : (
          // The API sanitised the HTML on the way in, as every rich text of the back office.
          <Typography style={{ overflowWrap: 'anywhere' }}>
            <Box dangerouslySetInnerHTML={{ __html: webinar.description }} />
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}

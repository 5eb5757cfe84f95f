import { Alert, Button, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { saveFile } from '@incontra/mfe-kit/files/save-file';
import { getCalendarFile } from '../api/download-calendar';
import type { RegistrationCredentials } from '../api/registration-calls';

const T = IT_WEBINAR_PAGES.registration;

/** The webinar into the registrant's calendar: the .ics file the API writes (its event carries the personal link). */
export function AddToCalendar({ credentials }: { credentials: RegistrationCredentials }) {
  const headingId = useId();
  const download = useMutation({
    mutationFn: () => getCalendarFile(credentials),
    onSuccess: (file) => saveFile(file, IT_WEBINAR_PAGES.calendarFileName),
    retry: false,
  });
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs" align="flex-start">
      <Title order={2} size="h5" id={headingId}>
        {T.addToCalendar}
      </Title>
      {/* Its label wraps at 320 px rather than being cut. */}
      <Button
        variant="light"
        loading={download.isPending}
        onClick={() => download.mutate()}
        h="auto"
        mih={36}
        py={6}
        maw="100%"
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {T.downloadIcs}
      </Button>
      {download.isError && (
        <Alert color="red" role="alert">
          {apiErrorMessage(download.error)}
        </Alert>
      )}
    </Stack>
  );
}

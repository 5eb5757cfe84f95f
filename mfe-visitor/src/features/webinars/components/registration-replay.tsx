import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { registrationKey } from '../api/get-registration';
import { getRegistrationReplay, type RegistrationCredentials } from '../api/registration-calls';

const T = IT_WEBINAR_PAGES.registration.replay;

/**
 * After the end, the replay for the registrant: the player once it is ready (a signed link that
 * expires: the page asks for a fresh one when shown again), a word while it is being made, nothing
 * when the webinar was not recorded.
 */
export function RegistrationReplay({ credentials, title }: { credentials: RegistrationCredentials; title: string }) {
  const { company } = useMfeProps();
  const replay = useQuery({
    queryKey: [...registrationKey(company.id, credentials), 'replay'],
    queryFn: ({ signal }) => getRegistrationReplay(credentials, signal),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 15_000 : false),
  });
  const data = replay.data;
  if (!data || (data.status !== 'ready' && data.status !== 'processing')) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="registration-replay-title">
      <Title order={2} size="h3" id="registration-replay-title">
        {T.title}
      </Title>
      {data.status === 'processing' && <Text role="status">{T.processing}</Text>}
      {data.status === 'ready' && data.watchUrl && (
        <>
          <video
            controls
            preload="metadata"
            src={data.watchUrl}
            aria-label={T.player(title)}
            style={{ width: '100%', background: '#000' }}
            data-testid="registration-replay"
          />
          <Anchor href={data.downloadUrl ?? data.watchUrl} download>
            {T.download}
          </Anchor>
        </>
      )}
    </Stack>
  );
}

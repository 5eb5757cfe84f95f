import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { Webinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { whenText } from '@incontra/contracts/messages/it-when';
import { can } from '@incontra/contracts/permissions';
import { ConfirmModal, useConfirmAction } from '@incontra/mfe-kit/confirm-action';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useRequiredUser } from '../../auth/hooks/use-required-user';
import { useDeleteWebinarReplay, useWebinarReplay } from '../api/webinar-replay';
import { DetailSection } from './detail-section';

const T = IT_WEBINAR_BACKOFFICE.replay;

/**
 * The webinar's recording, once it is live or over: being recorded, being made into a file, or
 * ready to watch here and download (signed links that expire), or why there is none. Admins may
 * delete it, after a question.
 */
export function ReplaySection({ webinar }: { webinar: Webinar }) {
  const user = useRequiredUser();
  const { company } = useMfeProps();
  const shown = webinar.status === 'live' || webinar.status === 'ended';
  const replay = useWebinarReplay(webinar.id, shown);
  const remove = useDeleteWebinarReplay(webinar.id);
  const confirm = useConfirmAction(() => remove.mutateAsync());
  if (!shown) return null;
  const data = replay.data;
  return (
    <DetailSection title={T.title}>
      {replay.isError && (
        <Alert color="red" role="alert">
          {T.loadFailed}
        </Alert>
      )}
      {data && data.status === 'failed' && (
        <Alert color="red" role="status">
          {T.failed}
        </Alert>
      )}
      {data && data.status !== 'ready' && data.status !== 'failed' && <Text role="status">{T[data.status]}</Text>}
      {data?.status === 'ready' && data.watchUrl && (
        <Stack gap="sm" align="flex-start">
          <video
            controls
            preload="metadata"
            src={data.watchUrl}
            aria-label={T.player(webinar.title)}
            style={{ width: '100%', maxWidth: 720, background: '#000' }}
            data-testid="webinar-replay"
          />
          <Anchor href={data.downloadUrl ?? data.watchUrl} download>
            {T.download}
          </Anchor>
          {data.expiresAt && (
            <Text size="sm" c="dimmed">
              {T.expires(whenText(data.expiresAt, company.timeZone))}
            </Text>
          )}
        </Stack>
      )}
      {data && (data.status === 'ready' || data.status === 'failed') && can(user.role, 'manageCompany') && (
        <Button color="red" variant="light" onClick={confirm.open} style={{ alignSelf: 'flex-start' }}>
          {T.delete}
        </Button>
      )}
      <ConfirmModal action={confirm} title={T.deleteTitle} text={T.deleteText} keepLabel={T.keep} confirmLabel={T.delete} />
    </DetailSection>
  );
}

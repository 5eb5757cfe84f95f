import { Alert, Badge, Button, Container, Grid, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { WebinarJoin } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_LIVE } from '@incontra/contracts/messages/it-webinar-live';
import { usePageTitle } from '@incontra/mfe-kit/use-page-title';
import { usePublicWebinar } from '../api/webinar-calls';
import { usePresenterMedia, useSpeakerVoice } from '../hooks/use-local-media';
import { UnsupportedMedia } from '../media/unsupported-media';
import { useWebinarLive } from '../hooks/use-webinar-live';
import { AttendeesPanel } from './attendees-panel';
import { HandControl, HandsPanel, SpeakerBar } from './hands-panel';
import { LiveChatPanel } from './live-chat-panel';
import { LiveEnded } from './live-ended';
import { LiveSounds } from './live-sounds';
import { LiveStage } from './live-stage';
import { PresenterConsole } from './presenter-console';
import { QuestionsPanel } from './questions-panel';

const T = IT_WEBINAR_LIVE;
const STATUS_COLOR = { published: 'gray', live: 'red', ended: 'gray', cancelled: 'gray' } as const;

export interface WebinarLivePageProps {
  join: WebinarJoin;
  onRejoin(): void;
}

/**
 * A webinar's live session for one participant: the stage with the presenters' video, the
 * presenters' console, the speaker, and the questions, chat, hands and (presenters) attendees
 * beside it. Before the start a viewer waits here, and the page turns live by itself when a
 * presenter starts; at the end (or a removal, or the same seat opened elsewhere) it says why.
 */
export function WebinarLivePage({ join, onRejoin }: WebinarLivePageProps) {
  usePageTitle(T.pageTitle);
  const webinar = usePublicWebinar(join.webinarId);
  const live = useWebinarLive(join);
  const { state, connection, end, view, media, act } = live;
  const presenter = join.role === 'presenter';
  const running = end === null;
  const presenterMedia = usePresenterMedia(media, presenter && running);
  const speaking = running && state.speaker !== null && state.speaker.seat === state.self?.seat && !presenter;
  const voice = useSpeakerVoice(media, speaking, state.voiceGrant);
  const [notSent, setNotSent] = useState(0);
  const onNotSent = useCallback(() => setNotSent((count) => count + 1), []);

  if (end !== null) {
    return <LiveEnded reason={end} cancelled={state.status === 'cancelled'} presenter={presenter} webinarId={join.webinarId} onRejoin={onRejoin} />;
  }

  const title = webinar.data?.title ?? T.pageTitle;
  const ownHand = state.hands.some((hand) => hand.seat === state.self?.seat);
  const waiting = state.status === 'published';

  return (
    <Container component="main" size="xl" py="md" px={{ base: 'xs', sm: 'md' }} data-testid="webinar-live">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            <Group gap="xs">
              <Badge color={STATUS_COLOR[state.status]} data-testid="webinar-status">
                {T.status[state.status]}
              </Badge>
              {state.self && (
                <Text size="sm" c="dimmed" data-testid="webinar-viewers">
                  {T.viewers(state.viewers)}
                </Text>
              )}
              {state.recording && (
                <Badge color="red" variant="outline" role="status" data-testid="webinar-recording">
                  {T.recording}
                </Badge>
              )}
            </Group>
          </Stack>
          <Button variant="default" onClick={live.leave}>
            {T.leave}
          </Button>
        </Group>

        {connection === 'connecting' && !state.self && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text>{T.loading}</Text>
          </Group>
        )}
        {connection === 'down' && (
          <Alert color="yellow" role="status">
            {T.reconnecting}
          </Alert>
        )}
        {notSent > 0 && (
          <Alert key={`not-sent-${notSent}`} color="yellow" role="alert" withCloseButton closeButtonLabel={T.console.cancel} onClose={() => setNotSent(0)}>
            {T.notSent}
          </Alert>
        )}
        {state.refusal && (
          <Alert key={`refusal-${state.refusal.count}`} color="red" role="alert">
            {T.refusals[state.refusal.reason]}
          </Alert>
        )}

        {state.self && (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="sm">
                {waiting && (
                  <Alert color="blue" role="status" data-testid="webinar-waiting">
                    {presenter ? T.waiting.presenter : T.waiting.viewer}
                  </Alert>
                )}
                {presenter && (
                  <PresenterConsole
                    webinarId={join.webinarId}
                    status={state.status}
                    media={presenterMedia}
                    recording={state.recording}
                    recordable={state.recordable}
                    onRecord={(on) => act({ type: 'record', on }) || onNotSent()}
                  />
                )}
                {presenter && presenterMedia.failed && (
                  <Alert color="red" role="alert">
                    {T.stage.mediaFailed}
                  </Alert>
                )}
                {state.speaker && <SpeakerBar speaker={state.speaker} self={state.self} microphoneFailed={voice.failed} act={act} onNotSent={onNotSent} />}
                {media instanceof UnsupportedMedia && (
                  <Alert color="yellow" role="status">
                    {T.stage.unsupported}
                  </Alert>
                )}
                {(presenter || !waiting) && (
                  <LiveStage
                    presenters={view.presenters}
                    preview={presenter ? presenterMedia.camera : undefined}
                    previewName={presenter ? state.self.name : undefined}
                    ownScreen={presenter ? presenterMedia.screen : undefined}
                  />
                )}
                <LiveSounds tracks={view.sounds} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Tabs defaultValue="questions" keepMounted={false}>
                <Tabs.List grow>
                  <Tabs.Tab value="questions">{T.tabs.questions}</Tabs.Tab>
                  <Tabs.Tab value="chat">{T.tabs.chat}</Tabs.Tab>
                  <Tabs.Tab value="hands">
                    {T.tabs.hands}
                    {presenter && state.hands.length > 0 ? ` (${state.hands.length})` : ''}
                  </Tabs.Tab>
                  {presenter && <Tabs.Tab value="attendees">{T.tabs.attendees}</Tabs.Tab>}
                </Tabs.List>
                <Tabs.Panel value="questions" pt="sm">
                  <QuestionsPanel questions={state.questions} voted={state.voted} presenter={presenter} act={act} onNotSent={onNotSent} />
                </Tabs.Panel>
                <Tabs.Panel value="chat" pt="sm">
                  <LiveChatPanel lines={state.chat} muted={state.chatMuted} presenter={presenter} act={act} onNotSent={onNotSent} />
                </Tabs.Panel>
                <Tabs.Panel value="hands" pt="sm">
                  {presenter ? (
                    <HandsPanel hands={state.hands} act={act} onNotSent={onNotSent} />
                  ) : (
                    <HandControl raised={ownHand} act={act} onNotSent={onNotSent} />
                  )}
                </Tabs.Panel>
                {presenter && (
                  <Tabs.Panel value="attendees" pt="sm">
                    <AttendeesPanel attendees={state.attendees} act={act} onNotSent={onNotSent} />
                  </Tabs.Panel>
                )}
              </Tabs>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}

import { Card, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { createBrowserAlerts } from '../alerts/browser-alerts';
import { announceArrivals, type RequestAlerts } from '../alerts/request-alerts';
import { useLiveQueue } from '../hooks/use-live-queue';
import { useNotificationAccess } from '../hooks/use-notification-access';
import { useNow } from '@incontra/mfe-kit/dates/use-now';
import { useQueueActions } from '../hooks/use-queue-actions';
import { useSoundPreference } from '../hooks/use-sound-preference';
import { AlertControls } from './alert-controls';
import { ConnectionStatus } from './connection-status';
import { InvitationCard } from './invitation-card';
import { QueueList } from './queue-list';
import { StaffMessageDialog, type MessageTarget } from './staff-message-dialog';

/** The browser's pieces the page uses; tests replace them (the lobby socket, through StaffLobbyContext). */
export interface LiveQueueServices {
  alerts?: RequestAlerts;
}

interface LiveQueuePageProps {
  /** The signed-in staff member's id: their own approvals are not shown as taken by someone else. */
  selfId: string;
  services?: LiveQueueServices;
}

/** The staff's live queue: waiting visitors as they arrive, the three answers, and invitations. */
export function LiveQueuePage({ selfId, services = {} }: LiveQueuePageProps) {
  const [alerts] = useState(() => services.alerts ?? createBrowserAlerts());
  const sound = useSoundPreference();
  const notifications = useNotificationAccess(alerts);
  const queue = useLiveQueue({
    selfId,
    onArrivals: (requests) => announceArrivals(requests, alerts, sound.soundOn),
  });
  const actions = useQueueActions(queue.client);
  const [target, setTarget] = useState<MessageTarget | null>(null);
  const now = useNow();

  return (
    <Stack gap="lg" maw={820}>
      <Card withBorder padding="lg" component="section" aria-labelledby="live-queue-title" data-testid="live-queue">
        <Stack gap="md">
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Title order={1} size="h2" id="live-queue-title">
              {IT_LOBBY.staff.queueTitle}
            </Title>
            <ConnectionStatus connection={queue.snapshot.connection} />
          </Group>
          <AlertControls
            soundOn={sound.soundOn}
            onToggleSound={sound.toggle}
            notificationAccess={notifications.access}
            askingAccess={notifications.asking}
            onAskAccess={() => void notifications.ask()}
          />
          <QueueList
            entries={queue.snapshot.entries}
            loaded={queue.snapshot.loaded}
            loadFailed={queue.loadFailed}
            onRetry={queue.retry}
            now={now}
            pending={actions.pending}
            onApprove={(entry) => void actions.approve(entry.request)}
            onReply={(entry, kind) => setTarget({ request: entry.request, kind })}
            labelledBy="live-queue-title"
          />
        </Stack>
      </Card>
      <InvitationCard />
      <StaffMessageDialog target={target} onClose={() => setTarget(null)} onSend={(chosen, message) => actions.reply(chosen.request, chosen.kind, message)} />
    </Stack>
  );
}

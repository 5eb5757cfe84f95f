import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { CLOSING_MESSAGE_MAX, type AffectedAppointment, type AffectedChoice } from '@incontra/contracts/api/room-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { formatDay } from '@incontra/mfe-kit/format/format-day';
import { EntityModal } from '../../../app/management/entity-modal';

const TEXT = IT_ROOMS.closing;

export interface ClosingDialogProps {
  /** The appointments the write would leave out; none: the dialog is closed. */
  appointments: AffectedAppointment[] | null;
  onDecide: (choice: AffectedChoice, message: string) => Promise<void>;
  onBack: () => void;
  /** Why the decided write failed (the API's reason), shown in the dialog. */
  error: string | null;
}

/**
 * Asked before an opening write closes time over booked appointments: who and when, then cancel
 * them (each customer e-mailed, with the message typed here) or keep them. «Torna alla modifica»
 * has the focus, so that Enter pressed out of habit decides nothing.
 */
export function ClosingDialog({ appointments, onDecide, onBack, error }: ClosingDialogProps) {
  const [deciding, setDeciding] = useState(false);
  const back = () => {
    if (!deciding) onBack();
  };
  return (
    <EntityModal opened={appointments !== null} onClose={back} title={TEXT.title}>
      {/* Inside the modal: what was typed goes with it when it closes. */}
      {appointments && <ClosingChoices appointments={appointments} onDecide={onDecide} onBack={back} error={error} onDeciding={setDeciding} />}
    </EntityModal>
  );
}

function ClosingChoices({
  appointments,
  onDecide,
  onBack,
  error,
  onDeciding,
}: Omit<ClosingDialogProps, 'appointments'> & { appointments: AffectedAppointment[]; onDeciding: (deciding: boolean) => void }) {
  const listId = useId();
  const [message, setMessage] = useState('');
  const [deciding, setDeciding] = useState<AffectedChoice | null>(null);
  const count = appointments.length;

  const decide = async (choice: AffectedChoice) => {
    setDeciding(choice);
    onDeciding(true);
    try {
      await onDecide(choice, message);
    } finally {
      setDeciding(null);
      onDeciding(false);
    }
  };

  return (
    <Stack gap="md">
      <Text id={listId}>{TEXT.intro(count)}</Text>
      <List aria-labelledby={listId} spacing="xs">
        {appointments.map((appointment) => (
          <List.Item key={appointment.id}>
            <Text fw={600} span>
              {appointment.customerName}
            </Text>
            {` · ${formatDay(appointment.date)}, ${appointment.time}`}
            {appointment.topicName && ` · ${appointment.topicName}`}
          </List.Item>
        ))}
      </List>
      <Textarea
        label={TEXT.message}
        description={TEXT.messageHelp}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        maxLength={CLOSING_MESSAGE_MAX}
        autosize
        minRows={3}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group gap="sm" justify="flex-end">
        <Button variant="subtle" onClick={onBack} disabled={deciding !== null} data-autofocus>
          {TEXT.back}
        </Button>
        <Button variant="default" onClick={() => void decide('keep')} loading={deciding === 'keep'} disabled={deciding === 'cancel'}>
          {TEXT.keep(count)}
        </Button>
        <Button color="red" onClick={() => void decide('cancel')} loading={deciding === 'cancel'} disabled={deciding === 'keep'}>
          {TEXT.cancel(count)}
        </Button>
      </Group>
    </Stack>
  );
}

import { Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { ReservationParticipant, StaffReservationDetail } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { formatEuro } from '@incontra/contracts/money';
import { ConfirmModal, useConfirmAction } from '@incontra/mfe-kit/confirm-action';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { FULL_SCREEN_BELOW } from '../../../app/management/entity-modal';
import { QueryState } from '../../../app/management/query-state';
import { whenOf } from '../agenda-format';
import { useCancelReservation } from '../api/cancel-reservation';
import { useRefundReservation } from '../api/refund-reservation';
import { useReservation } from '../api/get-reservation';
import { useRemoveParticipant } from '../api/remove-participant';
import { MovePanel } from './move-panel';
import { PaymentBadge } from './payment-badge';
import { ParticipantsSection } from './participants-section';
import { ReservationActions } from './reservation-actions';
import { ReservationFacts } from './reservation-facts';
import { StatusBadge } from './status-badge';

const TEXT = IT_AGENDA.detail;

interface ReservationDetailProps {
  /** The appointment open; null: the drawer is closed. */
  id: string | null;
  onClose: () => void;
}

/**
 * An appointment's details in a drawer (the whole screen on a phone): every fact, its
 * participants, and what staff may do with it. The confirmations are dialogs over the drawer;
 * while one is open, Escape closes only that one.
 */
export function ReservationDetail({ id, onClose }: ReservationDetailProps) {
  const { company } = useMfeProps();
  const narrow = useMediaQuery(`(max-width: ${FULL_SCREEN_BELOW})`) ?? false;
  // The last appointment opened stays in the drawer while it slides away.
  const [lastId, setLastId] = useState(id);
  if (id !== null && id !== lastId) setLastId(id);
  const shownId = id ?? lastId;
  const reservation = useReservation(shownId);
  // Moving is about one appointment: another one opens on its details.
  const [movingId, setMovingId] = useState<string | null>(null);
  const moving = movingId !== null && movingId === shownId;

  const cancel = useCancelReservation();
  const cancelAction = useConfirmAction(() => cancel.mutateAsync(shownId!));
  const refund = useRefundReservation();
  const refundAction = useConfirmAction(() => refund.mutateAsync(shownId!));
  const remove = useRemoveParticipant();
  const [removing, setRemoving] = useState<ReservationParticipant | null>(null);
  const removeAction = useConfirmAction(() => remove.mutateAsync(removing!.id));
  const confirming = cancelAction.opened || removeAction.opened || refundAction.opened;
  const detail = reservation.data;
  const close = () => {
    setMovingId(null);
    onClose();
  };

  return (
    <>
      <Drawer
        opened={id !== null}
        onClose={close}
        position="right"
        size={narrow ? '100%' : 'lg'}
        title={TEXT.title}
        closeButtonProps={{ 'aria-label': TEXT.close }}
        closeOnEscape={!confirming}
        trapFocus
        returnFocus
      >
        <div data-testid="reservation-detail">
          <QueryState query={reservation}>
            {(shown) =>
              moving && shown.topic ? (
                <MovePanel reservation={{ ...shown, topic: shown.topic }} onDone={() => setMovingId(null)} />
              ) : (
                <DetailBody
                  reservation={shown}
                  onMove={() => setMovingId(shown.id)}
                  onCancel={cancelAction.open}
                  onRefund={refundAction.open}
                  onRemoveParticipant={(participant) => {
                    setRemoving(participant);
                    removeAction.open();
                  }}
                />
              )
            }
          </QueryState>
        </div>
      </Drawer>
      {detail && (
        <ConfirmModal
          action={cancelAction}
          title={IT_AGENDA.actions.cancelTitle}
          text={IT_AGENDA.actions.cancelText(detail.customer.name, whenOf(detail, company.timeZone))}
          keepLabel={IT_AGENDA.actions.keep}
          confirmLabel={IT_AGENDA.actions.confirmCancel}
        />
      )}
      {detail && detail.payment.amount !== null && (
        <ConfirmModal
          action={refundAction}
          title={IT_PAID_BOOKING.agenda.refundTitle}
          text={IT_PAID_BOOKING.agenda.refundBody(formatEuro(detail.payment.amount), detail.customer.name)}
          keepLabel={IT_AGENDA.actions.keep}
          confirmLabel={IT_PAID_BOOKING.agenda.refundConfirm}
        />
      )}
      {removing && (
        <ConfirmModal
          action={removeAction}
          title={IT_AGENDA.participants.removeTitle}
          text={IT_AGENDA.participants.removeText(removing.name, removing.email)}
          keepLabel={IT_AGENDA.participants.keep}
          confirmLabel={IT_AGENDA.participants.remove}
        />
      )}
    </>
  );
}

interface DetailBodyProps {
  reservation: StaffReservationDetail;
  onMove: () => void;
  onCancel: () => void;
  onRefund: () => void;
  onRemoveParticipant: (participant: ReservationParticipant) => void;
}

function DetailBody({ reservation, onMove, onCancel, onRefund, onRemoveParticipant }: DetailBodyProps) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {reservation.customer.name}
          </Title>
          <Group gap={4} justify="flex-end">
            <StatusBadge status={reservation.status} />
            <PaymentBadge payment={reservation.payment} />
          </Group>
        </Group>
        {reservation.cancelledBy && (
          <Text size="sm" c="dimmed">
            {TEXT.cancelledBy[reservation.cancelledBy]}
          </Text>
        )}
      </Stack>
      <ReservationFacts reservation={reservation} />
      <ReservationActions reservation={reservation} onMove={onMove} onCancel={onCancel} onRefund={onRefund} />
      <Divider />
      <ParticipantsSection reservation={reservation} onRemove={onRemoveParticipant} />
    </Stack>
  );
}

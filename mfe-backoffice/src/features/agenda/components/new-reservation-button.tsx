import { Button } from '@mantine/core';
import { useState } from 'react';
import type { StaffReservation } from '@incontra/contracts/api/reservations';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { EntityModal } from '../../../app/management/entity-modal';
import { NewReservationForm } from './new-reservation-form';

interface NewReservationButtonProps {
  stores: ManagedStore[];
  storeId: string;
  /** The appointment booked: the agenda shows it. */
  onCreated: (created: StaffReservation) => void;
}

/** «Nuovo appuntamento» and its dialog, a fresh form each time it opens. */
export function NewReservationButton({ stores, storeId, onCreated }: NewReservationButtonProps) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>{IT_AGENDA.create.open}</Button>
      <EntityModal opened={opened} onClose={close} title={IT_AGENDA.create.title}>
        {opened && (
          <NewReservationForm
            stores={stores}
            storeId={storeId}
            onDone={close}
            onCreated={(created) => {
              close();
              onCreated(created);
            }}
          />
        )}
      </EntityModal>
    </>
  );
}

import { Button } from '@mantine/core';
import { useState } from 'react';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { saveFile } from '@incontra/mfe-kit/files/save-file';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import type { ReservationFilters } from '../api/agenda-keys';
import { getAllReservations } from '../api/get-reservations';
import { buildAgendaCsv } from '../csv/agenda-csv';

const TEXT = IT_AGENDA.list;

/** «Esporta CSV»: every appointment the filters find (not only the page shown), read a hundred at a time. */
export function ExportCsvButton({ filters, disabled }: { filters: ReservationFilters; disabled: boolean }) {
  const { company, notify } = useMfeProps();
  const [pending, setPending] = useState(false);

  async function exportAll() {
    setPending(true);
    try {
      const reservations = await getAllReservations(filters);
      const csv = buildAgendaCsv(reservations, company.timeZone);
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), TEXT.fileName(todayIn(company.timeZone)));
      notify.show({ kind: 'success', message: TEXT.exported(reservations.length) });
    } catch (error) {
      notify.show({ kind: 'error', message: `${TEXT.exportFailed} ${apiErrorMessage(error)}` });
    } finally {
      setPending(false);
    }
  }

  return (
    <Button variant="light" onClick={() => void exportAll()} loading={pending} disabled={disabled}>
      {TEXT.exportCsv}
    </Button>
  );
}

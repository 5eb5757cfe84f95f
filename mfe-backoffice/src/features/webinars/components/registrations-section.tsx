import { Button, Group, Text } from '@mantine/core';
import type { Webinar, WebinarRegistrationList } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { saveFile } from '@incontra/mfe-kit/files/save-file';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { DataTable, type DataTableColumn } from '../../../app/management/data-table';
import { QueryState } from '../../../app/management/query-state';
import { useWebinarRegistrations } from '../api/get-webinar-registrations';
import { buildRegistrationsCsv } from '../csv/registrations-csv';
import { momentText } from '../webinar-time';
import { DetailSection } from './detail-section';

const TEXT = IT_WEBINAR_BACKOFFICE.registrations;
type Registration = WebinarRegistrationList['registrations'][number];

/** «Iscritti»: who registered (oldest first, the cancelled ones marked), how many, and the list as CSV. */
export function RegistrationsSection({ webinar }: { webinar: Webinar }) {
  const registrations = useWebinarRegistrations(webinar.id);
  return (
    <DetailSection title={TEXT.title}>
      <QueryState query={registrations}>{(data) => <Registrations webinar={webinar} registrations={data.registrations} />}</QueryState>
    </DetailSection>
  );
}

function Registrations({ webinar, registrations }: { webinar: Webinar; registrations: Registration[] }) {
  const { company, notify } = useMfeProps();
  const active = registrations.filter((registration) => registration.status === 'registered').length;
  const cancelled = registrations.length - active;
  const columns: DataTableColumn<Registration>[] = [
    { key: 'name', header: TEXT.name, sortValue: nameOf, render: nameOf },
    { key: 'email', header: TEXT.email, sortValue: (registration) => registration.email, render: (registration) => registration.email },
    {
      key: 'registeredAt',
      header: TEXT.registeredAt,
      sortValue: (registration) => registration.registeredAt,
      render: (registration) => <time dateTime={registration.registeredAt}>{momentText(registration.registeredAt, company.timeZone)}</time>,
    },
    {
      key: 'status',
      header: TEXT.status,
      sortValue: (registration) => registration.status,
      render: (registration) => TEXT.statuses[registration.status],
      words: 'whole',
    },
  ];

  function exportCsv() {
    const csv = buildRegistrationsCsv(registrations, company.timeZone);
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), TEXT.fileName(todayIn(company.timeZone)));
    notify.show({ kind: 'success', message: TEXT.exported(registrations.length) });
  }

  return (
    <>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Text>
          {TEXT.count(active, webinar.capacity)}
          {cancelled > 0 && ` · ${TEXT.cancelledCount(cancelled)}`}
        </Text>
        <Button variant="light" onClick={exportCsv} disabled={registrations.length === 0}>
          {TEXT.exportCsv}
        </Button>
      </Group>
      <DataTable
        caption={TEXT.caption(webinar.title)}
        rows={registrations}
        rowKey={(registration) => registration.id}
        columns={columns}
        searchText={(registration) => `${nameOf(registration)} ${registration.email}`}
        emptyText={TEXT.empty}
      />
    </>
  );
}

function nameOf(registration: Registration): string {
  return `${registration.firstName} ${registration.lastName}`;
}

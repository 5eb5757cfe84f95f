import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Webinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { DataTable, type DataTableColumn } from '../../../app/management/data-table';
import { webinarWhen } from '../webinar-time';
import { WebinarStatusBadge } from './webinar-status-badge';

const TEXT = IT_WEBINAR_BACKOFFICE.list;

interface WebinarsTableProps {
  webinars: readonly Webinar[];
  /** Whether a filter is set: the empty state then says so. */
  filtered: boolean;
}

/** The webinars (at most WEBINARS_LISTED), searched, sorted and paged here; the title opens one. On a phone each is a card. */
export function WebinarsTable({ webinars, filtered }: WebinarsTableProps) {
  const { company } = useMfeProps();
  const columns: DataTableColumn<Webinar>[] = [
    {
      key: 'title',
      header: TEXT.title,
      sortValue: (webinar) => webinar.title,
      render: (webinar) => (
        <Anchor component={Link} to={`${ROUTES.webinars}/${webinar.id}`} fw={500}>
          {webinar.title}
        </Anchor>
      ),
    },
    { key: 'store', header: TEXT.store, sortValue: (webinar) => webinar.store.name, render: (webinar) => webinar.store.name },
    {
      key: 'when',
      header: TEXT.when,
      sortValue: (webinar) => webinar.startsAt,
      render: (webinar) => <time dateTime={webinar.startsAt}>{webinarWhen(webinar, company.timeZone)}</time>,
    },
    {
      key: 'status',
      header: TEXT.status,
      sortValue: (webinar) => IT_WEBINARS.status[webinar.status],
      render: (webinar) => <WebinarStatusBadge status={webinar.status} />,
    },
    {
      key: 'seats',
      header: TEXT.seats,
      sortValue: (webinar) => webinar.registered,
      render: (webinar) => TEXT.seatsValue(webinar.registered, webinar.capacity),
      words: 'whole',
    },
  ];
  return (
    <DataTable
      caption={TEXT.caption}
      rows={webinars}
      rowKey={(webinar) => webinar.id}
      columns={columns}
      searchText={(webinar) => `${webinar.title} ${webinar.store.name}`}
      emptyText={filtered ? TEXT.emptyFiltered : TEXT.empty}
    />
  );
}

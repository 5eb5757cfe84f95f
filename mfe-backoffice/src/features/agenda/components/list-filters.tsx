import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import { Group, NativeSelect } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { ManagedTopic } from '@incontra/contracts/api/store-management';
import { RESERVATION_STATUSES, type ReservationStatus } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { formatDay } from '@incontra/mfe-kit/format/format-day';

const TEXT = IT_AGENDA.filters;
const STATUS_OPTIONS = [
  { value: '', label: TEXT.allStatuses },
  ...RESERVATION_STATUSES.map((status) => ({ value: status, label: IT_AGENDA.statuses[status] })),
];

export interface ListFilterValues {
  topic: string | null;
  status: ReservationStatus | null;
  from: string | null;
  to: string | null;
}

interface ListFiltersProps {
  values: ListFilterValues;
  onChange: (values: ListFilterValues) => void;
  /** The chosen store's topics; null when every store is listed (topics belong to one store). */
  topics: ManagedTopic[] | null;
}

/** The list's own filters, beside the page's store and room: topic, status, and the days from and to (both included). */
export function ListFilters({ values, onChange, topics }: ListFiltersProps) {
  const set = (changes: Partial<ListFilterValues>) => onChange({ ...values, ...changes });
  const dateProps = { locale: 'it', valueFormat: 'D MMM YYYY', clearable: true, ariaLabels: IT_AGENDA.dateNav.calendar, getDayAriaLabel: formatDay, w: 170 };
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      {topics && (
        <NativeSelect
          label={TEXT.topic}
          value={values.topic ?? ''}
          onChange={(event) => set({ topic: event.currentTarget.value || null })}
          data={[{ value: '', label: TEXT.allTopics }, ...topics.map((topic) => ({ value: topic.id, label: topic.name }))]}
          style={{ flex: '1 1 12rem', maxWidth: '20rem' }}
        />
      )}
      <NativeSelect
        label={TEXT.status}
        value={values.status ?? ''}
        onChange={(event) => set({ status: (event.currentTarget.value || null) as ReservationStatus | null })}
        data={STATUS_OPTIONS}
        style={{ flex: '1 1 10rem', maxWidth: '16rem' }}
      />
      {/* Each end bounds the other's calendar: the range cannot be turned inside out. */}
      <DatePickerInput {...dateProps} label={TEXT.from} value={values.from} maxDate={values.to ?? undefined} onChange={(from) => set({ from })} />
      <DatePickerInput {...dateProps} label={TEXT.to} value={values.to} minDate={values.from ?? undefined} onChange={(to) => set({ to })} />
    </Group>
  );
}

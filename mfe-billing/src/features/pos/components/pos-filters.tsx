import { Group, NativeSelect, TextInput } from '@mantine/core';
import { POS_STATUSES, type PosCreateForm, type PosStatus } from '@incontra/contracts/api/pos';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import type { PosFilters } from '../../../api/billing-keys';

const T = IT_POS_PAGES.filters;
const STATUS_OPTIONS = [{ value: '', label: T.allStatuses }, ...POS_STATUSES.map((status) => ({ value: status, label: IT_POS_PAGES.statuses[status] }))];

interface PosFiltersProps {
  values: PosFilters;
  onChange: (values: PosFilters) => void;
  stores: PosCreateForm['stores'];
}

/** The list's filters: store, status, and the days from and to (both included, the company's days). */
export function PosFiltersBar({ values, onChange, stores }: PosFiltersProps) {
  const set = (change: Partial<PosFilters>) => onChange({ ...values, ...change });
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <NativeSelect
        label={T.store}
        value={values.storeId ?? ''}
        onChange={(event) => set({ storeId: event.currentTarget.value || undefined })}
        data={[{ value: '', label: T.allStores }, ...stores.map((store) => ({ value: store.id, label: store.name }))]}
        style={{ flex: '1 1 12rem', maxWidth: '20rem' }}
      />
      <NativeSelect
        label={T.status}
        value={values.status ?? ''}
        onChange={(event) => set({ status: (event.currentTarget.value || undefined) as PosStatus | undefined })}
        data={STATUS_OPTIONS}
        style={{ flex: '1 1 10rem', maxWidth: '16rem' }}
      />
      {/* Each end bounds the other: the range cannot be turned inside out. */}
      <TextInput
        type="date"
        label={T.from}
        value={values.from ?? ''}
        max={values.to}
        onChange={(event) => set({ from: event.currentTarget.value || undefined })}
        style={{ flex: '1 1 9rem', maxWidth: '12rem' }}
      />
      <TextInput
        type="date"
        label={T.to}
        value={values.to ?? ''}
        min={values.from}
        onChange={(event) => set({ to: event.currentTarget.value || undefined })}
        style={{ flex: '1 1 9rem', maxWidth: '12rem' }}
      />
    </Group>
  );
}

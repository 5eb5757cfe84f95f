import { Stack, Text, Title } from '@mantine/core';
import type { PosDailyTotal } from '@incontra/contracts/api/pos';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { formatEuro } from '@incontra/contracts/money';
import { formatShortDay } from '@incontra/mfe-kit/format/format-day';
import { ResponsiveTable, type ResponsiveColumn } from '@incontra/mfe-kit/responsive-table';

const T = IT_POS_PAGES.totals;

const COLUMNS: ResponsiveColumn<PosDailyTotal>[] = [
  { key: 'date', header: T.date, render: (total) => <time dateTime={total.date}>{formatShortDay(total.date)}</time> },
  { key: 'store', header: T.store, render: (total) => total.storeName },
  { key: 'count', header: T.count, render: (total) => total.count },
  { key: 'amount', header: T.amount, render: (total) => formatEuro(total.amount) },
];

/** What was paid per day and store in the filtered range, newest day first. */
export function DailyTotals({ totals }: { totals: readonly PosDailyTotal[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="pos-totals-title">
      <Title order={2} size="h3" id="pos-totals-title">
        {T.title}
      </Title>
      {totals.length === 0 ? (
        <Text c="dimmed">{T.empty}</Text>
      ) : (
        <ResponsiveTable caption={T.caption} columns={COLUMNS} rows={totals} rowKey={(total) => `${total.date} ${total.storeId ?? total.storeName}`} />
      )}
    </Stack>
  );
}

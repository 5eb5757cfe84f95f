import { Group, Pagination, Text } from '@mantine/core';
import { useState } from 'react';
import { LIST_PAGE_SIZE } from '@incontra/contracts/api/list-page';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';

const { table: TEXT } = IT_MANAGEMENT;

interface PageButtonsProps {
  /** How many pages there are; nothing is shown for one. */
  total: number;
  current: number;
  onChange: (page: number) => void;
}

/** A list's page buttons, each named for screen readers («Pagina 2 di 5»), the current one marked. */
export function PageButtons({ total, current, onChange }: PageButtonsProps) {
  if (total <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={total}
        value={current}
        onChange={onChange}
        siblings={1}
        getControlProps={(control) => ({ 'aria-label': control === 'previous' || control === 'first' ? TEXT.previousPage : TEXT.nextPage })}
        getItemProps={(item) => ({ 'aria-label': TEXT.page(item, total), 'aria-current': item === current ? 'page' : undefined })}
      />
    </Group>
  );
}

interface ListPagerProps {
  /** The page asked for (1 first); past the last, the last is marked. */
  page: number;
  /** How many rows the list has in all, and how many this page shows. */
  total: number;
  shown: number;
  pageSize?: number;
  onChange: (page: number) => void;
}

/** Under a list served a page at a time: which rows these are («21–40 di 45») and the page buttons; nothing while it fits one page. */
export function ListPager({ page, total, shown, pageSize = LIST_PAGE_SIZE, onChange }: ListPagerProps) {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  if (totalPages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  return (
    <>
      <Text size="sm" c="dimmed" ta="center">
        {TEXT.range(first, first + shown - 1, total)}
      </Text>
      <PageButtons total={totalPages} current={Math.min(page, totalPages)} onChange={onChange} />
    </>
  );
}

/** The page of a list the API serves filtered: other filters are another list, which starts again from its first page. */
export function useFilteredPage(filters: unknown): [page: number, setPage: (page: number) => void] {
  const signature = JSON.stringify(filters);
  const [paging, setPaging] = useState({ signature, page: 1 });
  return [paging.signature === signature ? paging.page : 1, (page) => setPaging({ signature, page })];
}

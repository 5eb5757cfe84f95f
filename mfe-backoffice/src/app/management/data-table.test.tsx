import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { DataTable, type DataTableColumn } from './data-table';
import { FIRST_PAGE, type ListState } from './list-state';
import { renderWithProviders } from './test-utils';

interface City {
  id: string;
  name: string;
  people: number;
}

const CITIES: City[] = [
  { id: 'a', name: 'Milano', people: 1350 },
  { id: 'b', name: 'Città di Castello', people: 40 },
  { id: 'c', name: 'Bari', people: 316 },
  { id: 'd', name: 'Aosta', people: 33 },
];

const COLUMNS: DataTableColumn<City>[] = [
  { key: 'name', header: 'Nome', sortValue: (city) => city.name },
  { key: 'people', header: 'Abitanti', render: (city) => `${city.people} mila`, sortValue: (city) => city.people },
  { key: 'id', header: 'Codice' },
];

function renderTable(rows: City[] = CITIES, extra: { pageSize?: number; emptyText?: string } = {}) {
  return renderWithProviders(
    <DataTable caption="Città" rows={rows} rowKey={(city) => city.id} columns={COLUMNS} searchText={(city) => city.name} {...extra} />,
  );
}

/** The first cell of every body row, top to bottom. */
function names(): string[] {
  const table = screen.getByRole('table', { name: 'Città' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('DataTable', () => {
  it('shows every row with rendered and plain cells, in the given order', () => {
    renderTable();
    expect(names()).toEqual(['Milano', 'Città di Castello', 'Bari', 'Aosta']);
    expect(screen.getByRole('cell', { name: '1350 mila' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'c' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Codice' })).not.toHaveAttribute('aria-sort');
  });

  it('searches ignoring case and accents, and says when nothing matches', async () => {
    renderTable();
    const search = screen.getByRole('searchbox', { name: IT_MANAGEMENT.table.search });
    await userEvent.type(search, 'CITTA');
    expect(names()).toEqual(['Città di Castello']);

    await userEvent.clear(search);
    await userEvent.type(search, 'ba');
    expect(names()).toEqual(['Bari']);

    await userEvent.type(search, 'zzz');
    expect(names()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(IT_MANAGEMENT.table.noResults);
  });

  it('sorts by a header both ways, with aria-sort, from the keyboard too', async () => {
    renderTable();
    const header = screen.getByRole('columnheader', { name: /Abitanti/ });
    expect(header).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Aosta', 'Città di Castello', 'Bari', 'Milano']);

    within(header).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Milano', 'Bari', 'Città di Castello', 'Aosta']);

    const byName = screen.getByRole('columnheader', { name: /Nome/ });
    await userEvent.click(within(byName).getByRole('button'));
    expect(byName).toHaveAttribute('aria-sort', 'ascending');
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['Aosta', 'Bari', 'Città di Castello', 'Milano']);
  });

  it('pages through the rows with Italian labels, and a search starts again from page 1', async () => {
    const many = Array.from({ length: 45 }, (_, index) => ({ id: String(index), name: `Sede ${String(index + 1).padStart(2, '0')}`, people: index }));
    renderTable(many, { pageSize: 20 });
    expect(names()).toHaveLength(20);
    expect(names()[0]).toBe('Sede 01');

    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.table.nextPage }));
    expect(names()[0]).toBe('Sede 21');
    expect(screen.getByRole('button', { name: IT_MANAGEMENT.table.page(2, 3) })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.table.page(3, 3) }));
    expect(names()).toEqual(['Sede 41', 'Sede 42', 'Sede 43', 'Sede 44', 'Sede 45']);

    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.table.previousPage }));
    expect(names()[0]).toBe('Sede 21');

    await userEvent.type(screen.getByRole('searchbox', { name: IT_MANAGEMENT.table.search }), 'sede 0');
    expect(names()).toHaveLength(9);
    expect(screen.queryByRole('button', { name: IT_MANAGEMENT.table.nextPage })).not.toBeInTheDocument();
  });

  it('says the list is empty, in its own words or the shared ones', () => {
    const { unmount } = renderTable([], { emptyText: 'Nessuna città.' });
    expect(screen.getByRole('status')).toHaveTextContent('Nessuna città.');
    unmount();
    renderTable([]);
    expect(screen.getByRole('status')).toHaveTextContent(IT_MANAGEMENT.table.empty);
  });

  it('has no search box without searchText', () => {
    renderWithProviders(<DataTable caption="Città" rows={CITIES} rowKey={(city) => city.id} columns={COLUMNS} />);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});

describe('DataTable with server paging', () => {
  const SERVER_COLUMNS: DataTableColumn<City>[] = [
    { key: 'name', header: 'Nome', sortKey: 'name' },
    { key: 'people', header: 'Abitanti', render: (city) => `${city.people} mila` },
  ];

  /** The page that holds the request: `asked` gets every request the table makes. */
  function ServerTable({ rows, total, asked }: { rows: City[]; total: number; asked: jest.Mock }) {
    const [state, setState] = useState<ListState>(FIRST_PAGE);
    return (
      <DataTable
        caption="Città"
        rows={rows}
        rowKey={(city) => city.id}
        columns={SERVER_COLUMNS}
        emptyText="Nessuna città."
        server={{
          state,
          total,
          fetching: false,
          onChange: (next) => {
            asked(next);
            setState(next);
          },
        }}
      />
    );
  }

  it('shows the page as given, and asks for a search once typing pauses, for a sort and for a page', async () => {
    const asked = jest.fn();
    renderWithProviders(<ServerTable rows={CITIES} total={45} asked={asked} />);
    // The rows are not sorted or cut here: the API did it.
    expect(names()).toEqual(['Milano', 'Città di Castello', 'Bari', 'Aosta']);
    expect(screen.getByText(IT_MANAGEMENT.table.range(1, 4, 45))).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Abitanti/ })).not.toHaveAttribute('aria-sort');

    await userEvent.type(screen.getByRole('searchbox', { name: IT_MANAGEMENT.table.search }), 'Città ');
    await waitFor(() => expect(asked).toHaveBeenCalled());
    expect(asked.mock.calls).toEqual([[{ ...FIRST_PAGE, q: 'Città' }]]);

    const byName = screen.getByRole('columnheader', { name: /Nome/ });
    await userEvent.click(within(byName).getByRole('button'));
    expect(byName).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(byName).getByRole('button'));
    expect(byName).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.table.page(3, 3) }));
    expect(asked.mock.calls.slice(1)).toEqual([
      [{ ...FIRST_PAGE, q: 'Città', sort: 'name', dir: 'asc' }],
      [{ ...FIRST_PAGE, q: 'Città', sort: 'name', dir: 'desc' }],
      [{ ...FIRST_PAGE, q: 'Città', sort: 'name', dir: 'desc', page: 3 }],
    ]);
  });

  it('tells an empty list from a search that finds nothing', async () => {
    const { unmount } = renderWithProviders(<ServerTable rows={[]} total={0} asked={jest.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Nessuna città.');
    await userEvent.type(screen.getByRole('searchbox', { name: IT_MANAGEMENT.table.search }), 'zzz');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(IT_MANAGEMENT.table.noResults));
    unmount();
  });
});

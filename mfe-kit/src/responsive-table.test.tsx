import { Button } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { ResponsiveTable, type ResponsiveColumn } from './responsive-table';
import type { ReactNode } from 'react';
import { RemoteProviders } from './remote-providers';
import { buildMfeProps } from './testing/build-mfe-props';

/*
 * jsdom lays nothing out: what is checked here is what the stylesheet turns into cards (every cell
 * labelled with its column, the actions marked, the roles written out); that a phone shows cards
 * and nothing scrolls sideways is checked in Chromium (e2e/tests/backoffice-tables.spec.ts).
 */

function renderWithProviders(ui: ReactNode) {
  return render(<RemoteProviders props={buildMfeProps({ adminContext: true })}>{ui}</RemoteProviders>);
}

interface Room {
  id: string;
  name: string;
  store: string;
}

const ROWS: Room[] = [
  { id: 'a', name: 'Sala Consulenza', store: 'Milano Centro' },
  { id: 'b', name: 'Sala Roma', store: 'Roma Termini' },
];
const COLUMNS: ResponsiveColumn<Room>[] = [
  { key: 'name', header: 'Nome', render: (room) => room.name },
  { key: 'store', header: 'Punto vendita', render: (room) => room.store },
  { key: 'actions', header: 'Azioni', render: (room) => <Button size="xs">{`Apri ${room.name}`}</Button> },
];

describe('ResponsiveTable', () => {
  it('is a table with its caption, headers and rows, whatever the CSS makes of it', () => {
    renderWithProviders(<ResponsiveTable caption="Stanze" columns={COLUMNS} rows={ROWS} rowKey={(room) => room.id} />);
    const table = screen.getByRole('table', { name: 'Stanze' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nome', 'Punto vendita', 'Azioni']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'Roma Termini' })).toBeInTheDocument();
    // Explicit roles: a table displayed as blocks keeps them in every browser.
    expect(table).toHaveAttribute('role', 'table');
  });

  it('labels every cell with its column (the card’s «label: value») and marks the actions', () => {
    renderWithProviders(<ResponsiveTable caption="Stanze" columns={COLUMNS} rows={ROWS} rowKey={(room) => room.id} />);
    const [, first] = within(screen.getByRole('table')).getAllByRole('row');
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((cell) => [cell.getAttribute('data-label'), cell.getAttribute('data-column')])).toEqual([
      ['Nome', 'name'],
      ['Punto vendita', 'store'],
      ['Azioni', 'actions'],
    ]);
    expect(within(cells[2]!).getByRole('button', { name: 'Apri Sala Consulenza' })).toBeInTheDocument();
    expect(screen.getByRole('table').closest('.incontra-table-frame')).not.toBeNull();
  });

  it('marks the cells of a column whose words stay whole (dates or times as text); the others may break anywhere', () => {
    const columns: ResponsiveColumn<Room>[] = [...COLUMNS.slice(0, 2), { key: 'hours', header: 'Orari', render: () => '09:00–13:00', words: 'whole' }];
    renderWithProviders(<ResponsiveTable caption="Stanze" columns={columns} rows={ROWS} rowKey={(room) => room.id} />);
    const [, first] = within(screen.getByRole('table')).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-words')),
    ).toEqual([null, null, 'whole']);
  });

  it('takes a header cell of its own (a sort button) and a row’s props', () => {
    renderWithProviders(
      <ResponsiveTable
        caption="Stanze"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(room) => room.id}
        headerCell={(column) => (column.key === 'name' ? { content: <button type="button">Nome ↕</button>, props: { 'aria-sort': 'none' } } : null)}
        rowProps={(room) => ({ 'data-room': room.id }) as never}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Nome ↕' })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Punto vendita' })).not.toHaveAttribute('aria-sort');
    expect(screen.getAllByRole('row')[2]).toHaveAttribute('data-room', 'b');
  });
});

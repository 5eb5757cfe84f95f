import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { PageHeader } from './page-header';
import { renderWithProviders } from './test-utils';

describe('PageHeader', () => {
  it('titles the page with an h1, its description and its actions', () => {
    renderWithProviders(<PageHeader title="Stanze" description="Le stanze dei tuoi punti vendita." actions={<Button>Nuova stanza</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Stanze' })).toBeInTheDocument();
    expect(screen.getByText('Le stanze dei tuoi punti vendita.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuova stanza' })).toBeInTheDocument();
  });
});

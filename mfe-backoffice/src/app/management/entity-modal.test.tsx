import { Button, TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { matchMediaAnswering } from '@incontra/mfe-kit/testing/match-media';
import { EntityModal } from './entity-modal';
import { renderWithProviders } from './test-utils';

function Editor() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Nuova stanza</Button>
      <EntityModal opened={opened} onClose={() => setOpened(false)} title="Nuova stanza">
        <TextInput label="Nome" data-autofocus />
      </EntityModal>
    </>
  );
}

describe('EntityModal', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('opens as a titled dialog holding the focus, and Escape closes it', async () => {
    renderWithProviders(<Editor />);
    await userEvent.click(screen.getByRole('button', { name: 'Nuova stanza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuova stanza' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Nome' })).toHaveFocus());

    await userEvent.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names its close button, which closes it', async () => {
    renderWithProviders(<Editor />);
    await userEvent.click(screen.getByRole('button', { name: 'Nuova stanza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuova stanza' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('takes the whole screen on a narrow one', async () => {
    window.matchMedia = matchMediaAnswering((query) => query.includes('max-width: 40em'));
    renderWithProviders(<Editor />);
    await userEvent.click(screen.getByRole('button', { name: 'Nuova stanza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuova stanza' });
    expect(dialog.closest('[data-full-screen]')).not.toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@incontra/contracts/http';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { ConfirmDeleteButton } from './confirm-delete';
import { renderWithProviders } from './test-utils';

const { form: FORM } = IT_MANAGEMENT;

/** A promise the test settles when it wants, to look at the dialog while the deletion runs. */
function deferred() {
  let resolve!: (value: unknown) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise((ok, ko) => {
    resolve = ok;
    reject = ko;
  });
  return { promise, resolve, reject };
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: FORM.delete }));
  return screen.findByRole('dialog', { name: FORM.confirmDeleteTitle });
}

describe('ConfirmDeleteButton', () => {
  it('asks first, with the focus on «Annulla», and cancelling deletes nothing', async () => {
    const onConfirm = jest.fn(() => Promise.resolve());
    renderWithProviders(<ConfirmDeleteButton name="Sala 1" onConfirm={onConfirm} />);
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent(FORM.confirmDeleteText('Sala 1'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: FORM.cancel })).toHaveFocus());

    await userEvent.click(within(dialog).getByRole('button', { name: FORM.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('deletes on «Elimina», busy meanwhile, and closes when done', async () => {
    const deletion = deferred();
    const onConfirm = jest.fn(() => deletion.promise);
    renderWithProviders(<ConfirmDeleteButton name="Sala 1" onConfirm={onConfirm} />);
    const dialog = await openDialog();
    const confirm = within(dialog).getByRole('button', { name: FORM.delete });
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveAttribute('data-loading');
    expect(within(dialog).getByRole('button', { name: FORM.cancel })).toBeDisabled();

    deletion.resolve(undefined);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the API's reason when the deletion fails", async () => {
    const reason = 'La stanza ha prenotazioni future.';
    const onConfirm = jest.fn(() => Promise.reject(new ApiRequestError(409, { statusCode: 409, error: 'Conflict', message: reason })));
    renderWithProviders(<ConfirmDeleteButton name="Sala 1" onConfirm={onConfirm} />);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.delete }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('dialog', { name: FORM.confirmDeleteTitle })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: FORM.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await openDialog()).querySelector('[role="alert"]')).toBeNull();
  });

  it('can be disabled with a reason given to screen readers', async () => {
    renderWithProviders(
      <ConfirmDeleteButton name="Admin" onConfirm={() => Promise.resolve()} label="Rimuovi" disabled disabledReason="Non puoi eliminare te stesso." />,
    );
    const button = screen.getByRole('button', { name: 'Rimuovi' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Non puoi eliminare te stesso.');
  });
});

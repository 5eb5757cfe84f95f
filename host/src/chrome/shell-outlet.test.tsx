import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { createRemoteStatus } from '../remotes/remote-status';
import { renderWithMantine } from '../test-utils';
import { ShellOutlet } from './shell-outlet';

function renderOutlet(path: string, status = createRemoteStatus(), onRetry = jest.fn()) {
  window.history.replaceState(null, '', path);
  renderWithMantine(<ShellOutlet companyName="Demo" companyMissing={false} remoteStatus={status} onRetry={onRetry} />);
  return { status, onRetry };
}

describe('ShellOutlet', () => {
  it('shows nothing of its own where a remote owns the path', () => {
    renderOutlet('/');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('shows the 404 view where no remote owns the path, and replaces the route with / from it', async () => {
    renderOutlet('/non-esiste');
    const lengthBefore = window.history.length;
    await userEvent.click(screen.getByRole('button', { name: IT.shell.backHome }));
    expect(window.location.pathname).toBe('/');
    expect(window.history.length).toBe(lengthBefore);
    expect(screen.queryByText(IT.shell.notFoundHeading)).not.toBeInTheDocument();
  });

  it('shows the retry view for a failed remote and retries that remote', async () => {
    const { status, onRetry } = renderOutlet('/admin/abbonamento');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    act(() => status.markFailed('billing'));
    await userEvent.click(screen.getByRole('button', { name: IT.shell.retry }));
    expect(onRetry).toHaveBeenCalledWith('billing');
  });

  it('keeps other routes working while a remote is failed', () => {
    const status = createRemoteStatus();
    status.markFailed('room');
    renderOutlet('/partecipa', status);
    expect(screen.queryByText(IT.shell.remoteFailedHeading)).not.toBeInTheDocument();
  });

  it('shows the error view when the company is gone', () => {
    window.history.replaceState(null, '', '/');
    renderWithMantine(<ShellOutlet companyName="Demo" companyMissing remoteStatus={createRemoteStatus()} onRetry={jest.fn()} />);
    expect(screen.getByRole('heading', { name: IT.shell.errorHeading })).toBeVisible();
  });
});

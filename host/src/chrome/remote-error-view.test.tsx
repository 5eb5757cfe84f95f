import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { renderWithMantine } from '../test-utils';
import { RemoteErrorView } from './remote-error-view';

describe('RemoteErrorView', () => {
  it('explains in Italian and retries on "Riprova"', async () => {
    const onRetry = jest.fn();
    renderWithMantine(<RemoteErrorView onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: IT.shell.remoteFailedHeading })).toBeVisible();
    expect(screen.getByText(IT.shell.remoteFailedText)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: IT.shell.retry }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

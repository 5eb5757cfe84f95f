import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { renderWithMantine } from '../test-utils';
import { NotFoundView } from './not-found-view';

describe('NotFoundView', () => {
  it('shows the spec texts and titles the page with the company name', () => {
    document.title = 'Demo';
    const { unmount } = renderWithMantine(<NotFoundView companyName="Demo" onHome={() => undefined} />);
    expect(screen.getByRole('heading', { name: IT.shell.notFoundHeading })).toBeVisible();
    expect(screen.getByText(IT.shell.notFoundText)).toBeVisible();
    expect(document.title).toBe('Demo 404 Pagina non trovata');
    unmount();
    expect(document.title).toBe('Demo');
  });

  it('"Torna alla home" asks to go home', async () => {
    const onHome = jest.fn();
    renderWithMantine(<NotFoundView companyName="Demo" onHome={onHome} />);
    await userEvent.click(screen.getByRole('button', { name: IT.shell.backHome }));
    expect(onHome).toHaveBeenCalledTimes(1);
  });
});

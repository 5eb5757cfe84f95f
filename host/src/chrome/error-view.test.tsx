import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { renderWithMantine } from '../test-utils';
import { ErrorView } from './error-view';

describe('ErrorView', () => {
  it('shows the icon, heading and text, titled with the company name', () => {
    renderWithMantine(<ErrorView companyName="Demo" onHome={() => undefined} />);
    expect(screen.getByTestId('error-icon')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: IT.shell.errorHeading })).toBeVisible();
    expect(screen.getByText(IT.shell.errorText)).toBeVisible();
    expect(document.title).toBe('Demo Si è verificato un errore');
  });

  it('falls back to the product name without a company', () => {
    renderWithMantine(<ErrorView companyName={null} onHome={() => undefined} />);
    expect(document.title).toBe('Incontra Si è verificato un errore');
  });

  it('"Torna alla home" goes home', async () => {
    const onHome = jest.fn();
    renderWithMantine(<ErrorView companyName="Demo" onHome={onHome} />);
    await userEvent.click(screen.getByRole('button', { name: IT.shell.backHome }));
    expect(onHome).toHaveBeenCalledTimes(1);
  });
});

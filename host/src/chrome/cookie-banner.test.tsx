import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COOKIE_CONSENT_STORAGE_KEY } from '@incontra/contracts/constants';
import { IT } from '@incontra/contracts/messages/it';
import { renderWithMantine } from '../test-utils';
import { CookieBanner, DEFAULT_PRIVACY_POLICY_URL } from './cookie-banner';

describe('CookieBanner', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the spec texts and an external privacy link', () => {
    renderWithMantine(<CookieBanner privacyPolicyUrl="https://demo.example/privacy" />);
    expect(screen.getByText(IT.cookies.text, { exact: false })).toBeVisible();
    const link = screen.getByRole('link', { name: IT.cookies.learnMore });
    expect(link).toHaveAttribute('href', 'https://demo.example/privacy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('button', { name: IT.cookies.accept })).toBeVisible();
  });

  it('links a default privacy page when the company has none', () => {
    renderWithMantine(<CookieBanner />);
    expect(screen.getByRole('link', { name: IT.cookies.learnMore })).toHaveAttribute('href', DEFAULT_PRIVACY_POLICY_URL);
  });

  it('stores the consent and hides on "Ok, ho capito"', async () => {
    renderWithMantine(<CookieBanner />);
    await userEvent.click(screen.getByRole('button', { name: IT.cookies.accept }));
    expect(window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(screen.queryByText(IT.cookies.text, { exact: false })).not.toBeInTheDocument();
  });

  it('stays hidden once consent is stored', () => {
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, 'accepted');
    renderWithMantine(<CookieBanner />);
    expect(screen.queryByRole('button', { name: IT.cookies.accept })).not.toBeInTheDocument();
  });
});

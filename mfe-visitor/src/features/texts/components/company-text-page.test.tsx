import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicCompany } from '@incontra/contracts/api/company';
import type { CompanyConfig } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { IT_PAGE_TITLES } from '@incontra/contracts/messages/it-page-titles';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const IMAGE = '/api/editor/images/0123456789abcdef0123456789abcdef.png';
const PRIVACY = `<h2>Chi tratta i tuoi dati</h2><p>Demo S.r.l., via Roma 1.</p><p><img src="${IMAGE}" alt="Il nostro timbro" width="800" height="600"></p>`;
const TERMS = '<p>Il servizio è offerto <strong>gratuitamente</strong>.</p>';

function renderPage(path: string, texts: Partial<PublicCompany> = {}) {
  return renderApp(path, buildMfeProps({ company: { ...TEST_COMPANY, ...texts } }));
}

describe('the privacy and terms pages', () => {
  afterEach(() => {
    document.title = '';
  });

  it("shows the company's privacy text as stored, its images within the column, under the page's heading", async () => {
    renderPage('/privacy', { privacyPolicy: PRIVACY });
    expect(await screen.findByRole('heading', { level: 1, name: IT_VISITOR_PAGES.privacy.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Chi tratta i tuoi dati' })).toBeInTheDocument();
    expect(screen.getByText('Demo S.r.l., via Roma 1.')).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Il nostro timbro' });
    expect(image).toHaveAttribute('src', IMAGE);
    expect(image.closest('[data-rich-text]')).not.toBeNull();
    expect(document.head.querySelector('style[data-href="incontra-rich-text"]')?.textContent).toContain('img { height: auto; }');
    expect(screen.queryByText(IT_VISITOR_PAGES.privacy.empty)).not.toBeInTheDocument();
    expect(screen.getByTestId('company-frame')).toBeInTheDocument();
  });

  it('shows the terms on /termini', async () => {
    renderPage('/termini', { privacyPolicy: PRIVACY, tosPolicy: TERMS });
    expect(await screen.findByRole('heading', { level: 1, name: IT_VISITOR_PAGES.terms.title })).toBeInTheDocument();
    expect(screen.getByText('gratuitamente')).toBeInTheDocument();
    expect(screen.queryByText('Demo S.r.l., via Roma 1.')).not.toBeInTheDocument();
  });

  it.each([
    ['/privacy', 'privacyPolicy', IT_VISITOR_PAGES.privacy],
    ['/termini', 'tosPolicy', IT_VISITOR_PAGES.terms],
  ] as const)('%s says the text is not there yet when the company has none (or only bare markup)', async (path, field, texts) => {
    for (const stored of [null, '<p></p>']) {
      const view = renderPage(path, { [field]: stored });
      expect(await screen.findByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
      expect(screen.getByText(texts.empty)).toBeInTheDocument();
      view.unmount();
    }
  });

  it('names the browser tab after the page and the company; the page it leads back to names the tab its own way', async () => {
    document.title = 'Demo';
    mockFetch({ 'GET /api/config/company': { status: 200, body: { id: TEST_COMPANY.id, name: TEST_COMPANY.name, stores: [] } satisfies CompanyConfig } });
    renderPage('/privacy', { privacyPolicy: PRIVACY });
    await screen.findByRole('heading', { level: 1, name: IT_VISITOR_PAGES.privacy.title });
    expect(document.title).toBe('Informativa sulla privacy · Demo');

    await userEvent.click(screen.getByRole('link', { name: IT.shell.backHome }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo ti dà il benvenuto' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(document.title).toBe(IT_PAGE_TITLES.of(IT_PAGE_TITLES.welcome, 'Demo'));
  });
});

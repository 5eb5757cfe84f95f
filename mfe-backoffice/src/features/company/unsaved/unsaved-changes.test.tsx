import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { TEST_COMPANY, TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

/*
 * The rich-text editor asks before its unsaved changes are left: another section of the back
 * office (a link), another tab of «Azienda», the browser's back and forward buttons, «Esci», and
 * closing or reloading the browser's tab (beforeunload). Saved, or never changed, nothing is asked.
 */

const TEXT = IT_COMPANY.unsaved;
const COMPANY: PublicCompany = { ...TEST_COMPANY, privacyPolicy: '<p>Trattiamo i dati con cura.</p>' };
const NAV = 'Navigazione dell’area riservata';

function api() {
  return mockFetch({
    'GET /api/me': { status: 200, body: TEST_USER },
    [`GET /api/company/${COMPANY.id}`]: { status: 200, body: COMPANY },
    [`POST /api/company/${COMPANY.id}/privacy`]: ({ body }) => ({ status: 200, body }),
    'GET /api/stores': { status: 200, body: [] },
    'GET /api/rooms': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } },
    'POST /api/logout': { status: 200, body: { ok: true } },
  });
}

/**
 * The privacy text made bold: a change not saved yet. `from`: the page the app opens on, «Azienda»
 * reached from it by its link; null: the app is open on «Azienda» already.
 */
async function changePrivacy(from: string | null = '/admin/azienda') {
  if (from === '/admin/azienda') renderApp(from);
  else if (from) {
    renderApp(from);
    await userEvent.click(await screen.findByRole('link', { name: IT_MANAGEMENT.nav.company }));
  }
  await userEvent.click(await screen.findByRole('tab', { name: IT_COMPANY.tabs.privacy }));
  const editor = await screen.findByRole('textbox', { name: IT_COMPANY.fields.privacyPolicy });
  // ProseMirror maps a click to a position, and scrolls its selection into view when the editor
  // has the focus back (the question closed), with layout jsdom does not have: none is found.
  document.elementFromPoint = jest.fn(() => null);
  Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  await userEvent.click(editor);
  await userEvent.keyboard('{Control>}a{/Control}');
  await userEvent.click(screen.getByRole('button', { name: IT_COMPANY.editor.labels.boldControlLabel }));
}

const privacyHtml = () => screen.getByRole('textbox', { name: IT_COMPANY.fields.privacyPolicy }).innerHTML;
const noQuestion = () => waitFor(() => expect(screen.queryByRole('dialog', { name: TEXT.title })).not.toBeInTheDocument());
const navLink = (name: string) => within(screen.getByRole('navigation', { name: NAV })).getByRole('link', { name });
const question = () => screen.findByRole('dialog', { name: TEXT.title });
/** Whether the browser would ask before closing the tab. */
const closingAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('unsaved changes of a rich text', () => {
  it('ask before another section opens: staying keeps the text, leaving goes', async () => {
    api();
    await changePrivacy();
    await userEvent.click(navLink(IT_MANAGEMENT.nav.rooms));
    expect(await question()).toHaveTextContent(TEXT.text);
    expect(window.location.pathname).toBe('/admin/azienda');
    await waitFor(() => expect(screen.getByRole('button', { name: TEXT.stay })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TEXT.title })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: IT_COMPANY.fields.privacyPolicy }).innerHTML).toContain('<strong>');

    await userEvent.click(navLink(IT_MANAGEMENT.nav.rooms));
    await userEvent.click(within(await question()).getByRole('button', { name: TEXT.leave }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/stanze'));
    expect(closingAsks()).toBe(false);
  });

  it('ask before another tab replaces the editor', async () => {
    api();
    await changePrivacy();
    await userEvent.click(screen.getByRole('tab', { name: IT_COMPANY.tabs.terms }));
    await userEvent.click(within(await question()).getByRole('button', { name: TEXT.stay }));
    expect(screen.getByRole('tab', { name: IT_COMPANY.tabs.privacy })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: IT_COMPANY.tabs.terms }));
    await userEvent.click(within(await question()).getByRole('button', { name: TEXT.leave }));
    expect(await screen.findByRole('textbox', { name: IT_COMPANY.fields.tosPolicy })).toBeInTheDocument();
  });

  it('make the browser ask before the tab is closed or reloaded, until they are saved', async () => {
    api();
    expect(closingAsks()).toBe(false);
    await changePrivacy();
    expect(closingAsks()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    await waitFor(() => expect(closingAsks()).toBe(false));
    // Saved: another section opens without a question.
    await userEvent.click(navLink(IT_MANAGEMENT.nav.rooms));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/stanze'));
    expect(screen.queryByRole('dialog', { name: TEXT.title })).not.toBeInTheDocument();
  });

  it('ask nothing when the text was not changed', async () => {
    api();
    renderApp('/admin/azienda');
    await userEvent.click(await screen.findByRole('tab', { name: IT_COMPANY.tabs.privacy }));
    await screen.findByRole('textbox', { name: IT_COMPANY.fields.privacyPolicy });
    expect(closingAsks()).toBe(false);
    await userEvent.click(screen.getByRole('tab', { name: IT_COMPANY.tabs.terms }));
    expect(await screen.findByRole('textbox', { name: IT_COMPANY.fields.tosPolicy })).toBeInTheDocument();
    await userEvent.click(navLink(IT_MANAGEMENT.nav.rooms));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/stanze'));
  });

  it('ask before the browser goes back or forward: staying keeps the text at its own address, leaving goes', async () => {
    api();
    await changePrivacy('/admin/stanze');
    expect(window.location.pathname).toBe('/admin/azienda');

    window.history.back();
    expect(await question()).toHaveTextContent(TEXT.text);
    // The entry left is returned to at once: the page and its address stay.
    await waitFor(() => expect(window.location.pathname).toBe('/admin/azienda'));
    await userEvent.click(screen.getByRole('button', { name: TEXT.stay }));
    await noQuestion();
    expect(window.location.pathname).toBe('/admin/azienda');
    expect(privacyHtml()).toContain('<strong>');
    expect(screen.getByRole('tab', { name: IT_COMPANY.tabs.privacy })).toHaveAttribute('aria-selected', 'true');
    expect(closingAsks()).toBe(true);

    window.history.back();
    await userEvent.click(within(await question()).getByRole('button', { name: TEXT.leave }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/stanze'));
    expect(await screen.findByRole('heading', { level: 1, name: IT_MANAGEMENT.nav.rooms })).toBeInTheDocument();
    expect(closingAsks()).toBe(false);

    // Forward to «Azienda» again (nothing changed there now), then back to «Stanze»: no question.
    window.history.forward();
    expect(await screen.findByRole('tab', { name: IT_COMPANY.tabs.privacy })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/azienda');
    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/stanze'));
    expect(screen.queryByRole('dialog', { name: TEXT.title })).not.toBeInTheDocument();
  });

  it('ask before the browser goes forward too', async () => {
    api();
    renderApp('/admin/azienda');
    await screen.findByRole('tab', { name: IT_COMPANY.tabs.privacy });
    await userEvent.click(navLink(IT_MANAGEMENT.nav.rooms));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/stanze'));
    window.history.back();
    await changePrivacy(null);
    expect(window.location.pathname).toBe('/admin/azienda');

    window.history.forward();
    expect(await question()).toHaveTextContent(TEXT.text);
    await waitFor(() => expect(window.location.pathname).toBe('/admin/azienda'));
    await userEvent.click(screen.getByRole('button', { name: TEXT.stay }));
    await noQuestion();
    expect(privacyHtml()).toContain('<strong>');

    window.history.forward();
    await userEvent.click(within(await question()).getByRole('button', { name: TEXT.leave }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/stanze'));
    expect(await screen.findByRole('heading', { level: 1, name: IT_MANAGEMENT.nav.rooms })).toBeInTheDocument();
  });

  it('ask before «Esci» signs out: staying keeps the session and the text, leaving signs out', async () => {
    const fetchMock = api();
    await changePrivacy();
    const loggedOut = () => fetchMock.mock.calls.some(([url, init]) => url === '/api/logout' && (init as RequestInit).method === 'POST');

    await userEvent.click(screen.getByRole('button', { name: IT_BACKOFFICE.logout }));
    expect(await question()).toHaveTextContent(TEXT.text);
    await userEvent.click(screen.getByRole('button', { name: TEXT.stay }));
    await noQuestion();
    expect(loggedOut()).toBe(false);
    expect(window.location.pathname).toBe('/admin/azienda');
    expect(privacyHtml()).toContain('<strong>');

    await userEvent.click(screen.getByRole('button', { name: IT_BACKOFFICE.logout }));
    await userEvent.click(within(await question()).getByRole('button', { name: TEXT.leave }));
    expect(await screen.findByRole('heading', { name: IT_BACKOFFICE.loginTitle })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/login');
    expect(loggedOut()).toBe(true);
  });

  it('let «Esci» sign out at once when nothing is unsaved', async () => {
    api();
    renderApp('/admin/azienda');
    await userEvent.click(await screen.findByRole('tab', { name: IT_COMPANY.tabs.privacy }));
    await screen.findByRole('textbox', { name: IT_COMPANY.fields.privacyPolicy });
    await userEvent.click(screen.getByRole('button', { name: IT_BACKOFFICE.logout }));
    expect(await screen.findByRole('heading', { name: IT_BACKOFFICE.loginTitle })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: TEXT.title })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { TEST_COMPANY, TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

/*
 * The rich-text editor asks before its unsaved changes are left: another section of the back
 * office (a link), another tab of «Azienda», and closing or reloading the browser's tab
 * (beforeunload). Saved, or never changed, nothing is asked.
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
  });
}

/** The privacy text made bold: a change not saved yet. */
async function changePrivacy() {
  renderApp('/admin/azienda');
  await userEvent.click(await screen.findByRole('tab', { name: IT_COMPANY.tabs.privacy }));
  const editor = await screen.findByRole('textbox', { name: IT_COMPANY.fields.privacyPolicy });
  // ProseMirror maps a click to a position with layout jsdom does not have: none is found.
  document.elementFromPoint = jest.fn(() => null);
  await userEvent.click(editor);
  await userEvent.keyboard('{Control>}a{/Control}');
  await userEvent.click(screen.getByRole('button', { name: IT_COMPANY.editor.labels.boldControlLabel }));
}

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
});

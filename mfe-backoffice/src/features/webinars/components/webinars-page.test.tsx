import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { expectHeadingsInOrder } from '@incontra/mfe-kit/testing/heading-order';
import { renderApp } from '../../../app/test-utils';
import { fakeWebinarApi, MILANO, refusal, ROMA, setUpWebinarTests, webinar } from '../testing/webinar-fixtures';

const TEXT = IT_WEBINAR_BACKOFFICE.list;

const SPRING = webinar();
const AUTUMN = webinar({
  id: '9a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c02',
  title: 'Occhiali da sole',
  store: { id: ROMA.id, name: ROMA.name },
  startsAt: '2026-06-30T22:15:00.000Z',
  durationMinutes: 45,
  status: 'published',
  registered: 7,
  capacity: 10,
});

/** The cells of each row shown, top to bottom. */
function rows(): string[][] {
  return within(screen.getByRole('table', { name: TEXT.caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('«Webinar»', () => {
  setUpWebinarTests();

  it('is in the navigation after the agenda, for admins and operators alike', async () => {
    fakeWebinarApi({ role: 'operator' });
    renderApp('/admin/webinar');
    const nav = await screen.findByRole('navigation', { name: IT_BACKOFFICE.navLabel });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(2, 4)).toEqual(['Agenda', IT_WEBINAR_BACKOFFICE.nav]);
    expect(within(nav).getByRole('link', { name: IT_WEBINAR_BACKOFFICE.nav })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: IT_WEBINAR_BACKOFFICE.nav })).toBeInTheDocument();
  });

  it('lists each webinar with its store, times on the company’s clock, status and seats taken', async () => {
    fakeWebinarApi({ webinars: [AUTUMN, SPRING] });
    renderApp('/admin/webinar');
    await screen.findByRole('table', { name: TEXT.caption });
    expect(rows()).toEqual([
      ['Occhiali da sole', ROMA.name, '01/07/2026, 00:15–01:00', IT_WEBINARS.status.published, '7 / 10'],
      ['Novità di primavera', MILANO.name, '10/03/2026, 18:30–19:30', IT_WEBINARS.status.draft, '0 / 10'],
    ]);
    expect(screen.getByText('01/07/2026, 00:15–01:00')).toHaveAttribute('datetime', AUTUMN.startsAt);
    expect(screen.getByRole('link', { name: 'Novità di primavera' })).toHaveAttribute('href', `/admin/webinar/${SPRING.id}`);
    expectHeadingsInOrder();
  });

  it('asks the API for one store’s webinars, one status’s, and says when none matches', async () => {
    const api = fakeWebinarApi({ webinars: [AUTUMN, SPRING] });
    renderApp('/admin/webinar');
    await screen.findByRole('table', { name: TEXT.caption });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: TEXT.store }), ROMA.name);
    await waitFor(() => expect(rows().map((cells) => cells[0])).toEqual(['Occhiali da sole']));
    expect(api.queries('GET /api/webinar').at(-1)).toEqual({ storeId: ROMA.id });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: TEXT.status }), IT_WEBINARS.status.draft);
    expect(await screen.findByText(TEXT.emptyFiltered)).toHaveAttribute('role', 'status');
    expect(api.queries('GET /api/webinar').at(-1)).toEqual({ storeId: ROMA.id, status: 'draft' });
  });

  it('says there is none yet, and opens the editor with «Nuovo webinar»', async () => {
    fakeWebinarApi({ webinars: [] });
    renderApp('/admin/webinar');
    expect(await screen.findByText(TEXT.empty)).toHaveAttribute('role', 'status');
    await userEvent.click(screen.getByRole('link', { name: TEXT.create }));
    expect(await screen.findByRole('heading', { level: 1, name: IT_WEBINAR_BACKOFFICE.form.createTitle })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/webinar/nuovo');
  });

  it('shows a failed load with «Riprova»', async () => {
    let down = true;
    fakeWebinarApi({ overrides: { 'GET /api/webinar': () => (down ? refusal(500, 'Errore del server.') : { status: 200, body: { webinars: [SPRING] } }) } });
    renderApp('/admin/webinar');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IT_MANAGEMENT.table.loadFailed);
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: IT_MANAGEMENT.table.retry }));
    expect(await screen.findByRole('link', { name: 'Novità di primavera' })).toBeInTheDocument();
  });
});

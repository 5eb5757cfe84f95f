import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicWebinar } from '@incontra/contracts/api/webinars';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOCKOUT } from '@incontra/contracts/messages/it-lockout';
import { IT_PAGE_TITLES } from '@incontra/contracts/messages/it-page-titles';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { expectHeadingsInOrder } from '@incontra/mfe-kit/testing/heading-order';
import { atWebinarTime, callsTo, refusal, renderWebinarPage, STORE_ID, WEBINAR_ID, WEBINAR_PATH, webinar } from '../testing/webinar-fixtures';

const T = IT_WEBINAR_PAGES;
const PAGE_URL = `/webinar/${WEBINAR_ID}`;

describe('a webinar’s page', () => {
  atWebinarTime();

  it('shows the title, the store, when and how long on the company’s clock, the seats left, the description and the form', async () => {
    const { fetchMock } = renderWebinarPage(PAGE_URL, { [WEBINAR_PATH]: { status: 200, body: webinar() } });
    // Loading, announced as such.
    expect(screen.getByRole('status')).toHaveTextContent(IT.shell.loading);

    expect(await screen.findByRole('heading', { level: 1, name: 'Le nuove lenti progressive' })).toBeInTheDocument();
    const facts = screen.getByTestId('webinar-facts');
    expect(within(facts).getByText('Milano Centro')).toBeInTheDocument();
    expect(within(facts).getByText('martedì 3 marzo 2026, 18:00 · 1 ora e 30 minuti (fuso orario Europe/Rome)')).toBeInTheDocument();
    expect(within(facts).getByText('7 posti disponibili')).toBeInTheDocument();
    // The description is the server's sanitised HTML, shown as the company's texts are.
    const description = screen.getByRole('region', { name: T.page.description });
    expect(within(description).getByText('giuste').tagName).toBe('STRONG');
    expect(description.querySelector('[data-rich-text]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: T.form.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.form.submit })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.page.back })).toHaveAttribute('href', `/?store=${STORE_ID}`);
    expectHeadingsInOrder();
    expect(document.title).toBe(IT_PAGE_TITLES.of(IT_PAGE_TITLES.webinar, 'Demo'));
    expect(callsTo(fetchMock, WEBINAR_PATH)[0]?.headers).toMatchObject({ 'x-origin': window.location.origin });
  });

  it.each<[string, Partial<PublicWebinar>, string]>([
    ['cancelled', { status: 'cancelled', registrationOpen: false }, T.page.closed.cancelled],
    ['ended', { status: 'ended', registrationOpen: false }, T.page.closed.ended],
    ['live', { status: 'live', registrationOpen: false }, T.page.closed.started],
    ['full', { seatsLeft: 0, registrationOpen: false }, T.page.closed.full],
  ])('offers no form when the webinar is %s, and says why', async (_status, overrides, reason) => {
    renderWebinarPage(PAGE_URL, { [WEBINAR_PATH]: { status: 200, body: webinar(overrides) } });
    expect(await screen.findByTestId('webinar-closed')).toHaveTextContent(reason);
    expect(screen.queryByTestId('webinar-registration-form')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: T.form.title })).not.toBeInTheDocument();
  });

  it('says «Posti esauriti» among the facts of a full webinar', async () => {
    renderWebinarPage(PAGE_URL, { [WEBINAR_PATH]: { status: 200, body: webinar({ seatsLeft: 0, registrationOpen: false }) } });
    expect(within(await screen.findByTestId('webinar-facts')).getByText(T.soldOut)).toBeInTheDocument();
  });

  it('closes the form of a page read before the start once the start has passed, on the visitor’s clock', async () => {
    jest.setSystemTime(new Date('2026-03-03T17:05:00.000Z'));
    // The API answered while registrations were open; the start is now behind.
    renderWebinarPage(PAGE_URL, { [WEBINAR_PATH]: { status: 200, body: webinar() } });
    expect(await screen.findByTestId('webinar-closed')).toHaveTextContent(T.page.closed.started);
  });

  it('is the not-found page for an unknown webinar (or a draft)', async () => {
    renderWebinarPage(PAGE_URL, { [WEBINAR_PATH]: refusal(404, IT_WEBINARS.notFound) });
    expect(await screen.findByRole('heading', { level: 1, name: IT.shell.notFoundHeading })).toBeInTheDocument();
    expect(screen.getByText(IT.shell.notFoundText)).toBeInTheDocument();
  });

  it('says when the webinar cannot be read, and reads it again on «Riprova»', async () => {
    const user = userEvent.setup();
    const answers = [refusal(500, 'Errore interno'), { status: 200, body: webinar() }];
    renderWebinarPage(PAGE_URL, { [WEBINAR_PATH]: () => answers.shift()! });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.page.loadFailed);
    expect(screen.getByRole('heading', { level: 1, name: IT_PAGE_TITLES.webinar })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: IT.shell.retry }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Le nuove lenti progressive' })).toBeInTheDocument();
  });

  it('shows the polite notice instead while the service is suspended, asking nothing', () => {
    const { fetchMock } = renderWebinarPage(`${PAGE_URL}?store=${STORE_ID}`, {}, { company: { serviceSuspended: true } });
    expect(screen.getByRole('heading', { level: 1, name: IT_PAGE_TITLES.webinar })).toBeInTheDocument();
    expect(screen.getByTestId('service-suspended')).toHaveTextContent(IT_LOCKOUT.visitor.title);
    expect(screen.getByRole('link', { name: IT.visitor.back })).toHaveAttribute('href', `/?store=${STORE_ID}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows no description when the text holds nothing to read', async () => {
    renderWebinarPage(PAGE_URL, { [WEBINAR_PATH]: { status: 200, body: webinar({ description: '<p> </p>' }) } });
    await screen.findByRole('heading', { level: 1, name: 'Le nuove lenti progressive' });
    expect(screen.queryByRole('region', { name: T.page.description })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.form.submit })).toBeInTheDocument();
  });
});

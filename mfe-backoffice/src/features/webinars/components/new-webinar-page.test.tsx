import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { expectHeadingsInOrder } from '@incontra/mfe-kit/testing/heading-order';
import { renderApp } from '../../../app/test-utils';
import { ANNA, CREATED_ID, fakeWebinarApi, MARIO, MILANO, refusal, ROMA, setUpWebinarTests } from '../testing/webinar-fixtures';

const TEXT = IT_WEBINAR_BACKOFFICE.form;
const V = IT_WEBINARS.validation;

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const storeSelect = () => screen.getByRole('combobox', { name: new RegExp(`^${TEXT.store}`) });

async function openEditor(role: 'admin' | 'operator' = 'admin', overrides = {}) {
  const api = fakeWebinarApi({ webinars: [], role, overrides });
  const rendered = renderApp('/admin/webinar/nuovo');
  await screen.findByRole('form', { name: TEXT.createTitle });
  await waitFor(() => expect(storeSelect()).toBeInTheDocument());
  return { ...rendered, api };
}

/** A day of March 2026 in the calendar ('martedì 10 marzo 2026'), at `time`. */
async function chooseStart(day: string, time: string) {
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${TEXT.date}`) }));
  await userEvent.click(await screen.findByRole('button', { name: day }));
  await userEvent.type(field(TEXT.time), time);
}

async function fillIn({ day = 'martedì 10 marzo 2026', time = '18:30', capacity = '25' } = {}) {
  await userEvent.type(field(TEXT.title), 'Novità di primavera');
  await userEvent.selectOptions(storeSelect(), MILANO.name);
  await chooseStart(day, time);
  await userEvent.clear(field(TEXT.duration));
  await userEvent.type(field(TEXT.duration), '45');
  await userEvent.type(field(TEXT.capacity), capacity);
}

describe('«Nuovo webinar»', () => {
  setUpWebinarTests();

  it('says what is missing under each field, in the API’s words, and sends nothing', async () => {
    const { api } = await openEditor();
    expectHeadingsInOrder();
    await userEvent.click(screen.getByRole('button', { name: TEXT.create }));

    expect(field(TEXT.title)).toHaveAccessibleDescription(V.title);
    expect(storeSelect()).toHaveAccessibleDescription(V.store);
    expect(screen.getByRole('button', { name: new RegExp(`^${TEXT.date}`) })).toHaveAccessibleDescription(
      expect.stringContaining(V.startsAt) as unknown as string,
    );
    expect(field(TEXT.capacity)).toHaveAccessibleDescription(expect.stringContaining(V.capacity(1, 1000)) as unknown as string);
    expect(field(TEXT.capacity)).toHaveAttribute('aria-invalid', 'true');

    // A message shown goes as soon as the value will do.
    await userEvent.type(field(TEXT.title), 'Novità');
    expect(field(TEXT.title)).not.toHaveAccessibleDescription(V.title);
    expect(api.calls('POST /api/webinar')).toEqual([]);
  });

  it.each([
    ['not a time', 'martedì 10 marzo 2026', '25:10', TEXT.timeInvalid],
    // Sunday 29 March 2026: the clocks go from 02:00 to 03:00 in Rome.
    ['an hour the clocks skip', 'domenica 29 marzo 2026', '02:30', TEXT.timeSkipped],
  ])('says under the time what is wrong with it: %s', async (_case, day, time, message) => {
    const { api } = await openEditor();
    await fillIn({ day, time });
    await userEvent.click(screen.getByRole('button', { name: TEXT.create }));
    expect(field(TEXT.time)).toHaveAccessibleDescription(expect.stringContaining(message) as unknown as string);
    expect(screen.getByRole('button', { name: new RegExp(`^${TEXT.date}`) })).not.toHaveAttribute('aria-invalid');
    expect(api.calls('POST /api/webinar')).toEqual([]);
  });

  it('creates a draft at the instant the company’s clock reads, with the presenters chosen, and opens it', async () => {
    const { api, props } = await openEditor();
    await fillIn();
    expect(screen.getByText(TEXT.timeZone('Europe/Rome'))).toBeInTheDocument();
    const presenters = screen.getByRole('combobox', { name: new RegExp(`^${TEXT.presenters}`) });
    await userEvent.click(presenters);
    // The active users serving Milan: not Rome's operator, not the one no longer active.
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Anna Bianchi', 'Mario Rossi']);
    await userEvent.type(presenters, 'Anna');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.click(screen.getByRole('button', { name: TEXT.create }));

    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.created }));
    expect(api.calls('POST /api/webinar')).toEqual([
      {
        storeId: MILANO.id,
        title: 'Novità di primavera',
        description: '',
        startsAt: '2026-03-10T17:30:00.000Z',
        durationMinutes: 45,
        capacity: 25,
        presenterIds: [MARIO.id, ANNA.id],
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Novità di primavera' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(`/admin/webinar/${CREATED_ID}`);
  });

  it('drops the presenters who do not serve another store chosen', async () => {
    const { api } = await openEditor();
    await fillIn();
    const presenters = screen.getByRole('combobox', { name: new RegExp(`^${TEXT.presenters}`) });
    await userEvent.click(presenters);
    await userEvent.type(presenters, 'Anna');
    await userEvent.keyboard('{ArrowDown}{Enter}{Escape}');
    await userEvent.selectOptions(storeSelect(), ROMA.name);
    await userEvent.click(screen.getByRole('button', { name: TEXT.create }));
    await waitFor(() => expect(api.calls('POST /api/webinar')).toHaveLength(1));
    expect(api.calls('POST /api/webinar')[0]).toMatchObject({ storeId: ROMA.id, presenterIds: [MARIO.id] });
  });

  it('puts the API’s refusal of a field under it, and any other above the fields', async () => {
    let answer = refusal(422, IT_WEBINARS.rules.capacityOverEngine(10), 'capacity');
    const { props } = await openEditor('admin', { 'POST /api/webinar': () => answer });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: TEXT.create }));
    await waitFor(() =>
      expect(field(TEXT.capacity)).toHaveAccessibleDescription(expect.stringContaining(IT_WEBINARS.rules.capacityOverEngine(10)) as unknown as string),
    );
    expect(field(TEXT.capacity)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    answer = refusal(500, 'Errore del server.');
    await userEvent.click(screen.getByRole('button', { name: TEXT.create }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Errore del server.');
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(props.notify.show).not.toHaveBeenCalled();
  });

  it('makes an operator the presenter, without asking for the users the role cannot list', async () => {
    const { api } = await openEditor('operator');
    expect(screen.getByText(TEXT.presentersYou('Mario Rossi'))).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: new RegExp(`^${TEXT.presenters}`) })).not.toBeInTheDocument();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: TEXT.create }));
    await waitFor(() => expect(api.calls('POST /api/webinar')).toHaveLength(1));
    expect(api.calls('POST /api/webinar')[0]).toMatchObject({ presenterIds: [MARIO.id] });
    expect(api.calls('GET /api/users')).toEqual([]);
  });

  it('goes back to the list with «Annulla»', async () => {
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.cancel }));
    expect(await screen.findByRole('heading', { level: 1, name: IT_WEBINAR_BACKOFFICE.nav })).toBeInTheDocument();
    expect(within(document.body).queryByRole('form', { name: TEXT.createTitle })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { expectHeadingsInOrder } from '@incontra/mfe-kit/testing/heading-order';
import { readWebinarJoin } from '@incontra/mfe-kit/webinar-join-handoff';
import { renderApp } from '../../../app/test-utils';
import { ANNA, fakeWebinarApi, MARIO, MILANO, refusal, registration, setUpWebinarTests, webinar, WEBINAR_ID } from '../testing/webinar-fixtures';

const FORM = IT_WEBINAR_BACKOFFICE.form;
const A = IT_WEBINAR_BACKOFFICE.actions;
const DETAIL = IT_WEBINAR_BACKOFFICE.detail;
const PAGE = `/admin/webinar/${WEBINAR_ID}`;
const WRITE = `POST /api/webinar/${WEBINAR_ID}`;

/** A blob's text, as jsdom reads it (its Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const section = (name: string) => screen.getByRole('region', { name });

async function openWebinar(options: Parameters<typeof fakeWebinarApi>[0] = {}) {
  const api = fakeWebinarApi(options);
  const rendered = renderApp(PAGE);
  await screen.findByRole('heading', { level: 1, name: 'Novità di primavera' });
  return { ...rendered, api };
}

describe('a webinar’s page', () => {
  setUpWebinarTests();

  describe('the editor', () => {
    it('shows a draft as saved, on the company’s clock, and saves only what changed', async () => {
      const { api, props } = await openWebinar();
      expectHeadingsInOrder();
      expect(field(FORM.title)).toHaveValue('Novità di primavera');
      expect(field(FORM.store)).toHaveValue(MILANO.name);
      expect(screen.getByRole('button', { name: new RegExp(`^${FORM.date}`) })).toHaveTextContent('martedì 10 marzo 2026');
      expect(field(FORM.time)).toHaveValue('18:30');
      expect(field(FORM.duration)).toHaveValue('60');
      expect(field(FORM.capacity)).toHaveValue('10');
      expect(await screen.findByRole('textbox', { name: FORM.description })).toHaveTextContent('Le nuove collezioni, dal vivo.');
      expect(
        within(screen.getByRole('combobox', { name: new RegExp(`^${FORM.presenters}`) }).closest('.mantine-MultiSelect-root')!).getByText('Mario Rossi'),
      ).toBeInTheDocument();

      await userEvent.clear(field(FORM.title));
      await userEvent.type(field(FORM.title), 'Primavera');
      await userEvent.clear(field(FORM.capacity));
      await userEvent.type(field(FORM.capacity), '8');
      await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));

      await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: FORM.saved }));
      expect(api.calls(WRITE)).toEqual([{ title: 'Primavera', capacity: 8 }]);
      expect(await screen.findByRole('heading', { level: 1, name: 'Primavera' })).toBeInTheDocument();
    });

    it('sends a new start as the instant the company’s clock reads', async () => {
      const { api } = await openWebinar();
      await userEvent.clear(field(FORM.time));
      await userEvent.type(field(FORM.time), '9');
      await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
      await waitFor(() => expect(api.calls(WRITE)).toEqual([{ startsAt: '2026-03-10T08:00:00.000Z' }]));
    });

    it('puts the API’s refusal of a field under it', async () => {
      const message = IT_WEBINARS.rules.capacityBelowRegistered(6);
      const { props } = await openWebinar({ overrides: { [WRITE]: refusal(422, message, 'capacity') } });
      await userEvent.clear(field(FORM.capacity));
      await userEvent.type(field(FORM.capacity), '5');
      await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
      await waitFor(() => expect(field(FORM.capacity)).toHaveAccessibleDescription(expect.stringContaining(message) as unknown as string));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(props.notify.show).not.toHaveBeenCalled();
    });

    it('shows a webinar no longer editable as it was, without a move left', async () => {
      await openWebinar({
        webinars: [
          webinar({
            status: 'ended',
            registered: 4,
            presenters: [
              { id: MARIO.id, name: 'Mario Rossi' },
              { id: ANNA.id, name: 'Anna Bianchi' },
            ],
          }),
        ],
      });
      const details = section(DETAIL.detailsTitle);
      expect(within(details).getByText(IT_WEBINARS.rules.notEditable)).toBeInTheDocument();
      expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();
      expect(within(details).getByText('10/03/2026, 18:30–19:30')).toBeInTheDocument();
      expect(within(details).getByText(IT_WEBINAR_BACKOFFICE.minutes(60))).toBeInTheDocument();
      expect(within(details).getByText(DETAIL.seatsValue(4, 10))).toBeInTheDocument();
      expect(within(details).getByText('Mario Rossi, Anna Bianchi')).toBeInTheDocument();
      expect(within(details).getByText('Le nuove collezioni, dal vivo.')).toBeInTheDocument();
      expect(within(section(DETAIL.statusTitle)).queryAllByRole('button', { name: new RegExp(`${A.publish}|${A.start}|${A.end}|${A.cancel}`) })).toEqual([]);
      expect(screen.queryByRole('button', { name: IT_MANAGEMENT.form.save })).not.toBeInTheDocument();
      expectHeadingsInOrder();
    });
  });

  describe('the status', () => {
    it('publishes a draft at once, with a toast, and offers the next moves', async () => {
      const { api, props } = await openWebinar();
      const status = section(DETAIL.statusTitle);
      expect(within(status).getByText(IT_WEBINARS.status.draft)).toBeInTheDocument();
      await userEvent.click(within(status).getByRole('button', { name: A.publish }));
      await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: A.published }));
      expect(api.calls(WRITE)).toEqual([{ status: 'published' }]);
      expect(await within(status).findByText(IT_WEBINARS.status.published)).toBeInTheDocument();
      expect(within(status).getByRole('button', { name: A.start })).toBeInTheDocument();
      expect(within(status).getByRole('button', { name: A.cancel })).toBeInTheDocument();
      expect(within(status).queryByRole('button', { name: A.publish })).not.toBeInTheDocument();
    });

    it('starts a published webinar, and shows a refusal beside the buttons', async () => {
      let answer = refusal(409, IT_WEBINARS.rules.joinNotYet(15));
      const { api, props } = await openWebinar({ webinars: [webinar({ status: 'published' })], overrides: { [WRITE]: () => answer } });
      const status = section(DETAIL.statusTitle);
      await userEvent.click(within(status).getByRole('button', { name: A.start }));
      expect(await within(status).findByRole('alert')).toHaveTextContent(IT_WEBINARS.rules.joinNotYet(15));
      expect(props.notify.show).not.toHaveBeenCalled();

      answer = { status: 200, body: webinar({ status: 'live' }) };
      await userEvent.click(within(status).getByRole('button', { name: A.start }));
      await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: A.started }));
      expect(api.calls(WRITE)).toEqual([{ status: 'live' }, { status: 'live' }]);
      expect(within(status).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('asks before cancelling, saying the registrants will be e-mailed; «No» changes nothing', async () => {
      const { api, props } = await openWebinar({ webinars: [webinar({ status: 'published', registered: 12 })] });
      await userEvent.click(within(section(DETAIL.statusTitle)).getByRole('button', { name: A.cancel }));
      let dialog = await screen.findByRole('dialog', { name: A.confirmCancelTitle });
      expect(dialog).toHaveTextContent(A.confirmCancelText('Novità di primavera', 12));
      expect(within(dialog).getByRole('button', { name: A.keep })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.calls(WRITE)).toEqual([]);

      await userEvent.click(within(section(DETAIL.statusTitle)).getByRole('button', { name: A.cancel }));
      dialog = await screen.findByRole('dialog', { name: A.confirmCancelTitle });
      await userEvent.click(within(dialog).getByRole('button', { name: A.cancel }));
      await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: A.cancelled }));
      expect(api.calls(WRITE)).toEqual([{ status: 'cancelled' }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await within(section(DETAIL.statusTitle)).findByText(IT_WEBINARS.status.cancelled)).toBeInTheDocument();
      expect(within(section(DETAIL.detailsTitle)).getByText(IT_WEBINARS.rules.notEditable)).toBeInTheDocument();
    });

    it('asks before ending a live webinar, keeping a refusal in the dialog', async () => {
      let answer = refusal(409, IT_WEBINARS.rules.transition(IT_WEBINARS.status.ended, IT_WEBINARS.status.ended), 'status');
      const { api, props } = await openWebinar({ webinars: [webinar({ status: 'live' })], overrides: { [WRITE]: () => answer } });
      const status = section(DETAIL.statusTitle);
      expect(within(status).queryByRole('button', { name: A.cancel })).not.toBeInTheDocument();
      await userEvent.click(within(status).getByRole('button', { name: A.end }));
      const dialog = await screen.findByRole('dialog', { name: A.confirmEndTitle });
      expect(dialog).toHaveTextContent(A.confirmEndText('Novità di primavera'));
      await userEvent.click(within(dialog).getByRole('button', { name: A.end }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(IT_WEBINARS.rules.transition(IT_WEBINARS.status.ended, IT_WEBINARS.status.ended));

      answer = { status: 200, body: webinar({ status: 'ended' }) };
      await userEvent.click(within(dialog).getByRole('button', { name: A.end }));
      await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: A.ended }));
      expect(api.calls(WRITE)).toEqual([{ status: 'ended' }, { status: 'ended' }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(status).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('gives the public page’s address to copy or open', async () => {
      const user = userEvent.setup();
      await openWebinar({ webinars: [webinar({ status: 'published' })] });
      const address = `${window.location.origin}/webinar/${WEBINAR_ID}`;
      expect(field(IT_WEBINAR_BACKOFFICE.publicLink.label)).toHaveValue(address);
      expect(screen.getByRole('link', { name: IT_WEBINAR_BACKOFFICE.publicLink.open })).toHaveAttribute('href', address);
      await user.click(screen.getByRole('button', { name: IT_WEBINAR_BACKOFFICE.publicLink.copy }));
      expect(await navigator.clipboard.readText()).toBe(address);
      expect(screen.getByRole('button', { name: IT_WEBINAR_BACKOFFICE.publicLink.copied })).toBeInTheDocument();
    });
  });

  describe('the registrations', () => {
    const REGISTRATIONS = [
      registration(1, { firstName: 'Anna', lastName: 'Neri', email: 'anna@example.it', registeredAt: '2026-03-01T08:05:00.000Z' }),
      registration(2, { firstName: 'Luca', lastName: 'Gialli', status: 'cancelled', cancelledAt: '2026-03-01T10:00:00.000Z' }),
      registration(3, { firstName: '=Paolo', lastName: 'Blu' }),
    ];
    const TEXT = IT_WEBINAR_BACKOFFICE.registrations;

    it('lists who registered with how many, and exports them as CSV', async () => {
      const saved: Blob[] = [];
      Object.assign(URL, {
        createObjectURL: jest.fn((blob: Blob) => {
          saved.push(blob);
          return 'blob:iscritti';
        }),
        revokeObjectURL: jest.fn(),
      });
      const downloads: string[] = [];
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
      const { props } = await openWebinar({ webinars: [webinar({ status: 'published', registered: 2 })], registrations: REGISTRATIONS });
      const region = section(TEXT.title);
      const table = await within(region).findByRole('table', { name: TEXT.caption('Novità di primavera') });
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) =>
            within(row)
              .getAllByRole('cell')
              .map((cell) => cell.textContent),
          )[0],
      ).toEqual(['Anna Neri', 'anna@example.it', '01/03/2026, 09:05', TEXT.statuses.registered]);
      expect(within(table).getByRole('row', { name: /Luca Gialli/ })).toHaveTextContent(TEXT.statuses.cancelled);
      expect(region).toHaveTextContent(`${TEXT.count(2, 10)} · ${TEXT.cancelledCount(1)}`);

      await userEvent.click(within(region).getByRole('button', { name: TEXT.exportCsv }));
      expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.exported(3) });
      expect(downloads).toEqual([TEXT.fileName('2026-03-02')]);
      expect(saved[0]!.type).toBe('text/csv;charset=utf-8');
      const csv = await textOf(saved[0]!);
      const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines).toHaveLength(5);
      expect(lines[2]).toBe(`"Luca";"Gialli";"iscritto2@example.it";"01/03/2026, 09:02";"${TEXT.statuses.cancelled}";"01/03/2026, 11:00"`);
      expect(lines[3]).toContain(`"'=Paolo"`);
    });

    it('says nobody registered yet, with nothing to export', async () => {
      await openWebinar();
      const region = section(TEXT.title);
      expect(await within(region).findByText(TEXT.empty)).toHaveAttribute('role', 'status');
      expect(within(region).getByRole('button', { name: TEXT.exportCsv })).toBeDisabled();
    });
  });

  describe('the replay', () => {
    const REPLAY = IT_WEBINAR_BACKOFFICE.replay;

    it('plays a ready replay and offers its download; an admin deletes it after the question', async () => {
      const { api } = await openWebinar({ webinars: [webinar({ status: 'ended' })], replays: [WEBINAR_ID] });
      const region = section(REPLAY.title);
      const player = await within(region).findByTestId('webinar-replay');
      expect(player).toHaveAttribute('src', `/api/replay?token=token-${WEBINAR_ID}`);
      expect(player).toHaveAccessibleName(REPLAY.player('Novità di primavera'));
      expect(within(region).getByRole('link', { name: REPLAY.download })).toHaveAttribute('href', `/api/replay?token=token-${WEBINAR_ID}&download=1`);

      await userEvent.click(within(region).getByRole('button', { name: REPLAY.delete }));
      const dialog = await screen.findByRole('dialog', { name: REPLAY.deleteTitle });
      expect(within(dialog).getByRole('button', { name: REPLAY.keep })).toHaveFocus();
      await userEvent.click(within(dialog).getByRole('button', { name: REPLAY.delete }));
      expect(await within(region).findByText(REPLAY.none)).toHaveAttribute('role', 'status');
      expect(api.calls(`DELETE /api/webinar/${WEBINAR_ID}/replay`)).toHaveLength(1);
    });

    it('is watched by an operator, who may not delete it', async () => {
      await openWebinar({
        role: 'operator',
        webinars: [webinar({ status: 'ended', presenters: [{ id: ANNA.id, name: 'Anna Bianchi' }] })],
        replays: [WEBINAR_ID],
      });
      expect(await within(section(REPLAY.title)).findByTestId('webinar-replay')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: REPLAY.delete })).not.toBeInTheDocument();
    });

    it('says a webinar that was not recorded was not', async () => {
      await openWebinar({ webinars: [webinar({ status: 'ended' })] });
      expect(await within(section(REPLAY.title)).findByText(REPLAY.none)).toBeInTheDocument();
    });
  });

  describe('the presenter’s console', () => {
    const P = IT_WEBINAR_BACKOFFICE.presenter;

    it('lets a presenter enter: the live session opens with the credential kept in this tab', async () => {
      const { api, props } = await openWebinar({ webinars: [webinar({ status: 'live' })] });
      await userEvent.click(within(section(P.title)).getByRole('button', { name: P.join }));
      await waitFor(() => expect(props.navigate).toHaveBeenCalledWith(`/room/webinar/${WEBINAR_ID}`));
      expect(readWebinarJoin(WEBINAR_ID)?.role).toBe('presenter');
      expect(api.calls(`GET /api/webinar/${WEBINAR_ID}/join`)).toHaveLength(1);
    });

    it.each([
      [403, IT_WEBINARS.rules.notPresenter],
      [409, IT_WEBINARS.rules.joinNotYet(15)],
    ])('shows the API’s %s refusal as it says it', async (status, message) => {
      const { props } = await openWebinar({
        webinars: [webinar({ status: 'published' })],
        overrides: { [`GET /api/webinar/${WEBINAR_ID}/join`]: refusal(status, message) },
      });
      await userEvent.click(within(section(P.title)).getByRole('button', { name: P.join }));
      expect(await within(section(P.title)).findByRole('alert')).toHaveTextContent(message);
      expect(props.navigate).not.toHaveBeenCalled();
      expect(readWebinarJoin(WEBINAR_ID)).toBeNull();
    });

    it.each([
      ['staff who do not present it', webinar({ status: 'published', presenters: [{ id: ANNA.id, name: 'Anna Bianchi' }] })],
      ['a draft', webinar()],
      ['an ended webinar', webinar({ status: 'ended' })],
    ])('is not offered for %s', async (_case, shown) => {
      await openWebinar({ webinars: [shown] });
      expect(screen.queryByRole('region', { name: P.title })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: P.join })).not.toBeInTheDocument();
    });
  });

  it('shows an operator the presenters without changing them, and saves without them', async () => {
    const { api, props } = await openWebinar({ role: 'operator', webinars: [webinar({ presenters: [{ id: ANNA.id, name: 'Anna Bianchi' }] })] });
    expect(screen.getByText('Anna Bianchi')).toBeInTheDocument();
    expect(screen.getByText(FORM.presentersFixed)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: new RegExp(`^${FORM.presenters}`) })).not.toBeInTheDocument();
    await userEvent.type(field(FORM.title), '!');
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.form.save }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: FORM.saved }));
    expect(api.calls(WRITE)).toEqual([{ title: 'Novità di primavera!' }]);
    expect(api.calls('GET /api/users')).toEqual([]);
    // Operators run webinars too: every move is theirs.
    expect(within(section(DETAIL.statusTitle)).getByRole('button', { name: A.publish })).toBeInTheDocument();
  });
});

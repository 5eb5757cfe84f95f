import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityRetention } from '@incontra/contracts/api/activity';
import { IT_ACTIVITY } from '@incontra/contracts/messages/it-activity';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const R = IT_ACTIVITY.retention;
const OLDER_THAN = [
  { days: 90, entries: 42 },
  { days: 180, entries: 7 },
  { days: 365, entries: 0 },
  { days: 730, entries: 0 },
] as const;

/** The retention's API, kept as `saved`; each PUT body in `puts`; `refuse` answers a PUT with that reply instead. */
function fakeApi(saved: ActivityRetention['retentionDays'], refuse?: FakeReply) {
  let current = saved;
  const puts: unknown[] = [];
  const retention = (): FakeReply => ({ status: 200, body: { retentionDays: current, olderThan: OLDER_THAN } });
  mockFetch({
    'GET /api/me': { status: 200, body: TEST_USER },
    'GET /api/activity': { status: 200, body: { entries: [], next: null } },
    'GET /api/activity/retention': retention,
    'PUT /api/activity/retention': ({ body }) => {
      puts.push(body);
      if (refuse) return refuse;
      current = (body as ActivityRetention).retentionDays;
      return retention();
    },
  });
  return puts;
}

async function openSettings() {
  const { props } = renderApp('/admin/attivita');
  const section = await screen.findByRole('region', { name: R.title });
  const select = await within(section).findByRole('combobox', { name: R.label });
  return { props, section, select };
}

describe('«Conservazione» of the activity log', () => {
  it('shows the saved choice, «Per sempre» when none', async () => {
    fakeApi(null);
    const { select } = await openSettings();
    expect(select).toHaveDisplayValue(R.forever);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([R.forever, '90 giorni', '180 giorni', '365 giorni', '730 giorni']);
  });

  it('asks before a shorter retention, saying how many entries go, and saves on confirmation with a toast', async () => {
    const puts = fakeApi(null);
    const { props, select } = await openSettings();
    await userEvent.selectOptions(select, '90');
    await userEvent.click(screen.getByRole('button', { name: R.save }));

    const dialog = await screen.findByRole('dialog', { name: R.confirmTitle });
    expect(dialog).toHaveTextContent(R.confirmCount(42, 90));
    expect(within(dialog).getByRole('button', { name: R.cancel })).toHaveFocus();
    expect(puts).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: R.confirm }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: R.saved }));
    expect(puts).toEqual([{ retentionDays: 90 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(select).toHaveDisplayValue('90 giorni');
  });

  it('changes nothing when the question is cancelled', async () => {
    const puts = fakeApi(365);
    const { select } = await openSettings();
    await userEvent.selectOptions(select, '180');
    await userEvent.click(screen.getByRole('button', { name: R.save }));
    const dialog = await screen.findByRole('dialog', { name: R.confirmTitle });
    expect(dialog).toHaveTextContent(R.confirmCount(7, 180));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([]);
  });

  it('says that older entries will go when none is older yet', async () => {
    fakeApi(730);
    const { select } = await openSettings();
    await userEvent.selectOptions(select, '365');
    await userEvent.click(screen.getByRole('button', { name: R.save }));
    expect(await screen.findByRole('dialog', { name: R.confirmTitle })).toHaveTextContent(R.confirmNone(365));
  });

  it('saves a longer retention, or «Per sempre», without asking', async () => {
    const puts = fakeApi(90);
    const { props, select } = await openSettings();
    await userEvent.selectOptions(select, R.forever);
    await userEvent.click(screen.getByRole('button', { name: R.save }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: R.saved }));
    expect(puts).toEqual([{ retentionDays: null }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps a refusal in the dialog, and the choice unsaved', async () => {
    const message = 'Scegli per quanto tempo conservare le attività dall’elenco.';
    fakeApi(null, { status: 400, body: { statusCode: 400, error: 'Bad Request', message } });
    const { props, select } = await openSettings();
    await userEvent.selectOptions(select, '180');
    await userEvent.click(screen.getByRole('button', { name: R.save }));
    const dialog = await screen.findByRole('dialog', { name: R.confirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: R.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(props.notify.show).not.toHaveBeenCalled();
  });

  it('shows a failed load with a retry', async () => {
    mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      'GET /api/activity': { status: 200, body: { entries: [], next: null } },
      'GET /api/activity/retention': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Errore del server.' } },
    });
    renderApp('/admin/attivita');
    const section = await screen.findByRole('region', { name: R.title });
    expect(await within(section).findByRole('alert')).toHaveTextContent(IT_MANAGEMENT.table.loadFailed);
    expect(within(section).getByRole('button', { name: IT_MANAGEMENT.table.retry })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOBBY_RULES, type StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { staffRequest } from '../realtime/testing/fake-lobby-socket';
import { renderLiveQueue } from '../testing/live-queue-harness';

const staff = IT_LOBBY.staff;

function itemOf(request: StaffJoinRequest) {
  return screen.queryAllByTestId('queue-item').find((element) => element.dataset.requestId === request.id) ?? null;
}

async function openDialog(request: StaffJoinRequest, button: string) {
  const item = itemOf(request);
  if (!item) throw new Error('no item');
  await userEvent.click(within(item).getByRole('button', { name: button }));
  const dialog = await screen.findByTestId('staff-message-dialog');
  return { dialog, textarea: within(dialog).getByLabelText(new RegExp(staff.messageLabel)) as HTMLTextAreaElement };
}

describe('reject and busy with a message', () => {
  it('rejects with the prefilled message, edited, after checking it', async () => {
    const anna = staffRequest({ name: 'Anna' });
    const fetchMock = mockFetch({
      'GET /api/bo/join-requests': { status: 200, body: { requests: [anna] } },
      [`POST /api/video-room/join-request/${anna.id}/reject`]: ({ body }) => ({
        status: 200,
        body: { ...anna, status: 'rejected', message: (body as { message: string }).message },
      }),
    });
    const { server } = renderLiveQueue();
    server.welcome([anna]);
    const { dialog, textarea } = await openDialog(anna, staff.reject);
    expect(dialog).toHaveAccessibleName(staff.rejectTitle('Anna'));
    expect(textarea).toHaveValue(staff.rejectDefault);

    // Empty or too long: refused before any call.
    await userEvent.clear(textarea);
    await userEvent.click(within(dialog).getByRole('button', { name: staff.send }));
    expect(textarea).toHaveAccessibleDescription(IT_LOBBY.errors.messageRequired);
    await userEvent.click(textarea);
    await userEvent.paste('x'.repeat(LOBBY_RULES.messageMaxLength + 1));
    await userEvent.click(within(dialog).getByRole('button', { name: staff.send }));
    expect(textarea).toHaveAccessibleDescription(IT_LOBBY.errors.messageTooLong);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/reject'))).toBe(false);

    await userEvent.clear(textarea);
    await userEvent.type(textarea, '  Oggi siamo chiusi  ');
    await userEvent.click(within(dialog).getByRole('button', { name: staff.send }));

    await waitFor(() => expect(screen.queryByTestId('staff-message-dialog')).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(([url]) => url === `/api/video-room/join-request/${anna.id}/reject`);
    expect(JSON.parse((call?.[1] as RequestInit).body as string)).toEqual({ message: 'Oggi siamo chiusi' });
    expect(itemOf(anna)).toBeNull();
  });

  it('marks busy with the busy message: the visitor stays in the queue, marked', async () => {
    const anna = staffRequest({ name: 'Anna' });
    const fetchMock = mockFetch({
      'GET /api/bo/join-requests': { status: 200, body: { requests: [anna] } },
      [`POST /api/video-room/join-request/${anna.id}/busy`]: ({ body }) => ({
        status: 200,
        body: { ...anna, status: 'busy', message: (body as { message: string }).message },
      }),
    });
    const { server } = renderLiveQueue();
    server.welcome([anna]);
    const { dialog, textarea } = await openDialog(anna, staff.busy);
    expect(dialog).toHaveAccessibleName(staff.busyTitle('Anna'));
    expect(textarea).toHaveValue(staff.busyDefault);
    await userEvent.click(within(dialog).getByRole('button', { name: staff.send }));

    await waitFor(() => expect(itemOf(anna)).toHaveAttribute('data-status', 'busy'));
    expect(within(itemOf(anna) as HTMLElement).getByText(staff.markedBusy)).toBeInTheDocument();
    expect(within(itemOf(anna) as HTMLElement).getByText(staff.busyDefault)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === `/api/video-room/join-request/${anna.id}/busy`);
    expect(JSON.parse((call?.[1] as RequestInit).body as string)).toEqual({ message: staff.busyDefault });
  });

  it('keeps the dialog open with the reason when the call fails, and closes on cancel', async () => {
    const anna = staffRequest({ name: 'Anna' });
    mockFetch({
      'GET /api/bo/join-requests': { status: 200, body: { requests: [anna] } },
      [`POST /api/video-room/join-request/${anna.id}/reject`]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } },
    });
    const { server } = renderLiveQueue();
    server.welcome([anna]);
    const { dialog } = await openDialog(anna, staff.reject);
    await userEvent.click(within(dialog).getByRole('button', { name: staff.send }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(itemOf(anna)).not.toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: staff.cancel }));
    await waitFor(() => expect(screen.queryByTestId('staff-message-dialog')).not.toBeInTheDocument());
  });

  it('closes and drops the request when somebody else answered it first', async () => {
    const anna = staffRequest({ name: 'Anna' });
    mockFetch({
      'GET /api/bo/join-requests': { status: 200, body: { requests: [anna] } },
      [`POST /api/video-room/join-request/${anna.id}/busy`]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: IT_LOBBY.errors.alreadyHandled },
      },
    });
    const { server, props } = renderLiveQueue();
    server.welcome([anna]);
    const { dialog } = await openDialog(anna, staff.busy);
    await userEvent.click(within(dialog).getByRole('button', { name: staff.send }));
    await waitFor(() => expect(screen.queryByTestId('staff-message-dialog')).not.toBeInTheDocument());
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'error', message: IT_LOBBY.errors.alreadyHandled });
    expect(itemOf(anna)).toBeNull();
  });
});

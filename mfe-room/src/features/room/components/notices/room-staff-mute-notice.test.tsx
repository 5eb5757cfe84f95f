import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { localMediaChanged } from '../../store/local-media-slice';
import { microphoneMutedByStaff } from '../../store/staff-mute-slice';
import { LOCAL_MEDIA_ON, fakeSession, prepareRoom, renderInPreparedRoom } from '../testing/room-test-harness';
import { RoomView } from '../layout/room-view';

function renderGuestRoom() {
  const store = prepareRoom({
    local: { identity: 'guest-me', displayName: 'Cliente', role: 'guest' },
    remotes: [{ identity: 'staff-marco', displayName: 'Marco' }],
  });
  renderInPreparedRoom(<RoomView onQuit={jest.fn()} />, store, fakeSession());
  return store;
}

describe('room view: the microphone muted by staff', () => {
  it('says why the microphone went off, politely announced, until closed', async () => {
    const store = renderGuestRoom();
    act(() => {
      store.dispatch(localMediaChanged({ ...LOCAL_MEDIA_ON, microphoneOn: false }));
      store.dispatch(microphoneMutedByStaff());
    });
    const status = screen.getByText(IT_ROOM.mutedByStaff).closest('[role="status"]');
    expect(status).toBeVisible();
    expect(screen.getByTestId('control-microphone')).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(screen.getByRole('button', { name: `${IT_ROOM.closePanel}: ${IT_ROOM.mutedByStaff}` }));
    expect(screen.queryByText(IT_ROOM.mutedByStaff)).not.toBeInTheDocument();
  });

  it('says nothing when the guest turned the microphone off', () => {
    const store = renderGuestRoom();
    act(() => {
      store.dispatch(localMediaChanged({ ...LOCAL_MEDIA_ON, microphoneOn: false }));
    });
    expect(screen.getByTestId('control-microphone')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText(IT_ROOM.mutedByStaff)).not.toBeInTheDocument();
  });

  it('goes away once the microphone is on again', () => {
    const store = renderGuestRoom();
    act(() => {
      store.dispatch(localMediaChanged({ ...LOCAL_MEDIA_ON, microphoneOn: false }));
      store.dispatch(microphoneMutedByStaff());
    });
    expect(screen.getByText(IT_ROOM.mutedByStaff)).toBeVisible();
    act(() => {
      store.dispatch(localMediaChanged(LOCAL_MEDIA_ON));
    });
    expect(screen.queryByText(IT_ROOM.mutedByStaff)).not.toBeInTheDocument();
  });
});

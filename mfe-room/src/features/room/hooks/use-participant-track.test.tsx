import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { FakeLocalMedia } from '../session/testing/fake-local-media';
import { RoomSession } from '../session/room-session';
import { createRoomStore } from '../store/room-store';
import { useRoomSelector } from '../store/hooks';
import { selectParticipantCount } from '../store/selectors';
import { useParticipantTrack } from './use-participant-track';
import { RoomSessionProvider, useRoomSession } from './use-room-session';

function TrackLabel({ identity }: { identity: string }) {
  const track = useParticipantTrack(identity, 'camera');
  const count = useRoomSelector(selectParticipantCount);
  return (
    <p>
      {track ? track.id : 'none'} / {count}
    </p>
  );
}

describe('room hooks', () => {
  it('useParticipantTrack follows the registry; the store is read through useRoomSelector', () => {
    const store = createRoomStore();
    const session = new RoomSession({ store, media: new FakeLocalMedia(), api: { kick: jest.fn(), uploadChatFile: jest.fn() } });
    render(
      <Provider store={store}>
        <RoomSessionProvider session={session}>
          <TrackLabel identity="staff-marco" />
        </RoomSessionProvider>
      </Provider>,
    );
    expect(screen.getByText('none / 0')).toBeInTheDocument();
    act(() => session.tracks.set('staff-marco', 'camera', { id: 'cam-1' } as MediaStreamTrack));
    expect(screen.getByText('cam-1 / 0')).toBeInTheDocument();
    act(() => session.tracks.delete('staff-marco', 'camera'));
    expect(screen.getByText('none / 0')).toBeInTheDocument();
  });

  it('useRoomSession outside its provider is an error', () => {
    function Orphan() {
      useRoomSession();
      return null;
    }
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Orphan />)).toThrow('useRoomSession must be used inside RoomSessionProvider');
  });
});

import { screen } from '@testing-library/react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { renderInRoom } from '../testing/render-in-room';
import { RoomEnded } from './room-ended';

describe('room end screen', () => {
  it('puts the focus on its heading on leaving the room', () => {
    renderInRoom(<RoomEnded error={null} onRejoin={jest.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: IT_ROOM.endedTitle })).toHaveFocus();
  });

  it('focuses the heading when the room ended against one’s will too, the reason beside it', () => {
    renderInRoom(<RoomEnded error="connection-lost" onRejoin={jest.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: IT_ROOM.endedWithErrorTitle })).toHaveFocus();
    expect(screen.getByText(IT_ROOM.roomErrors['connection-lost'])).toBeInTheDocument();
  });
});

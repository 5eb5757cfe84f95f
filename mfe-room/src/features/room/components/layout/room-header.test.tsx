import { screen } from '@testing-library/react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { renderInRoom } from '../testing/render-in-room';
import { RoomHeader } from './room-header';

describe('room header', () => {
  it('shows the room name and the count with "/" and the maximum when the room has one', () => {
    renderInRoom(<RoomHeader name="Sala Consulenza" count={2} max={4} />);
    expect(screen.getByTestId('room-header')).toHaveTextContent('Sala Consulenza');
    const size = screen.getByTestId('room-size');
    expect(size).toHaveTextContent(/^2\/4$/);
    expect(size).toHaveAccessibleName(IT_ROOM.participantCount(2, 4));
  });

  it('shows the count alone when the room has no maximum', () => {
    renderInRoom(<RoomHeader name="Sala Roma" count={1} max={null} />);
    expect(screen.getByTestId('room-size')).toHaveTextContent(/^1$/);
    expect(screen.getByTestId('room-size')).toHaveAccessibleName('1 partecipante');
  });
});

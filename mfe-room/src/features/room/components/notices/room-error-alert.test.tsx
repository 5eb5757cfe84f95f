import { screen } from '@testing-library/react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { renderInRoom } from '../testing/render-in-room';
import { RoomErrorAlert, type RoomErrorKind } from './room-error-alert';

const KINDS = Object.keys(IT_ROOM.roomErrors) as RoomErrorKind[];

describe('room error messages', () => {
  it.each(KINDS)('says in Italian what went wrong: %s', (kind) => {
    renderInRoom(<RoomErrorAlert kind={kind} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('data-testid', 'room-error');
    expect(alert).toHaveAttribute('data-kind', kind);
    expect(alert).toHaveTextContent(IT_ROOM.roomErrors[kind]);
  });

  it('names the removal exactly as the product says it', () => {
    renderInRoom(<RoomErrorAlert kind="removed" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Ti hanno fatto uscire dalla stanza');
  });

  it('prefers a more precise reason when there is one', () => {
    renderInRoom(<RoomErrorAlert kind="room-full" message="La stanza Sala Roma è piena (4 partecipanti)." />);
    expect(screen.getByRole('alert')).toHaveTextContent('La stanza Sala Roma è piena (4 partecipanti).');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { ParticipantActions } from './participant-actions';
import { renderInRoom } from '../testing/render-in-room';

const IDENTITY = 'staff-11111111-2222-4333-8444-555555555555';

describe('staff actions on a participant', () => {
  it('mutes at once', async () => {
    const onMute = jest.fn();
    renderInRoom(<ParticipantActions identity={IDENTITY} name="Marco" muted={false} onMute={onMute} onRemove={jest.fn()} />);
    const mute = screen.getByTestId('participant-mute');
    expect(mute).toHaveAttribute('data-identity', IDENTITY);
    await userEvent.click(mute);
    expect(onMute).toHaveBeenCalledWith(IDENTITY);
  });

  it('removes only after the confirmation, and not at all when cancelled', async () => {
    const onRemove = jest.fn(async () => undefined);
    renderInRoom(<ParticipantActions identity={IDENTITY} name="Marco" muted={false} onMute={jest.fn()} onRemove={onRemove} />);

    await userEvent.click(screen.getByTestId('participant-remove'));
    const dialog = await screen.findByRole('dialog', { name: IT_ROOM.removeConfirmTitle });
    expect(dialog).toHaveTextContent(IT_ROOM.removeConfirmText('Marco'));
    await userEvent.click(screen.getByRole('button', { name: IT_ROOM.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onRemove).not.toHaveBeenCalled();

    await userEvent.click(screen.getByTestId('participant-remove'));
    await screen.findByRole('dialog', { name: IT_ROOM.removeConfirmTitle });
    await userEvent.click(screen.getByRole('button', { name: IT_ROOM.remove }));
    expect(onRemove).toHaveBeenCalledWith(IDENTITY);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cannot mute someone already muted', () => {
    renderInRoom(<ParticipantActions identity={IDENTITY} name="Marco" muted onMute={jest.fn()} onRemove={jest.fn()} />);
    expect(screen.getByTestId('participant-mute')).toBeDisabled();
  });
});

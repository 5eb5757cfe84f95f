import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { renderInRoom } from '../testing/render-in-room';
import { RoomControls, type RoomControlsProps } from './room-controls';

function controls(overrides: Partial<RoomControlsProps> = {}): RoomControlsProps {
  return {
    microphoneOn: true,
    cameraOn: true,
    screenOn: false,
    blurOn: false,
    backgroundOn: false,
    effectsSupported: true,
    screenSupported: true,
    chatOpen: false,
    unread: 0,
    participantsOpen: false,
    backgroundImages: [{ id: 'ufficio', label: 'Ufficio', url: '/img/ufficio.jpg' }],
    compact: false,
    onMicrophone: jest.fn(),
    onCamera: jest.fn(),
    onScreen: jest.fn(),
    onBlur: jest.fn(),
    onBackground: jest.fn(),
    onChat: jest.fn(),
    onParticipants: jest.fn(),
    onQuit: jest.fn(),
    ...overrides,
  };
}

describe('room controls', () => {
  it('labels every control and announces the toggles with aria-pressed', () => {
    renderInRoom(<RoomControls {...controls({ microphoneOn: false, blurOn: true })} />);
    expect(screen.getByRole('button', { name: IT_ROOM.microphone })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: IT_ROOM.camera })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: IT_ROOM.screenShare })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('control-blur')).toHaveAttribute('aria-pressed', 'true');
    for (const id of ['control-background', 'control-chat', 'control-participants', 'control-quit']) {
      expect(screen.getByTestId(id)).toHaveAccessibleName();
    }
    expect(screen.getByTestId('control-quit')).not.toHaveAttribute('aria-pressed');
  });

  it('shows the unread count on the chat button while the chat is closed', () => {
    const { rerender } = renderInRoom(<RoomControls {...controls({ unread: 3 })} />);
    expect(screen.getByTestId('chat-unread')).toHaveTextContent('3');
    expect(screen.getByTestId('control-chat')).toHaveAccessibleName(`${IT_ROOM.chat}, ${IT_ROOM.unreadMessages(3)}`);
    rerender(<RoomControls {...controls({ unread: 0 })} />);
    expect(screen.queryByTestId('chat-unread')).not.toBeInTheDocument();
  });

  it('asks before quitting', async () => {
    const props = controls();
    renderInRoom(<RoomControls {...props} />);
    await userEvent.click(screen.getByTestId('control-quit'));
    const dialog = await screen.findByRole('dialog', { name: IT_ROOM.quitConfirmTitle });
    expect(props.onQuit).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: IT_ROOM.quit }));
    expect(props.onQuit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sets a bundled image from the background menu', async () => {
    const props = controls();
    renderInRoom(<RoomControls {...props} />);
    await userEvent.click(screen.getByTestId('control-background'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ufficio' }));
    expect(props.onBackground).toHaveBeenCalledWith('/img/ufficio.jpg');
  });

  it('removes the background from the same menu', async () => {
    const props = controls({ backgroundOn: true });
    renderInRoom(<RoomControls {...props} />);
    expect(screen.getByTestId('control-background')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByTestId('control-background'));
    await userEvent.click(await screen.findByRole('menuitem', { name: IT_ROOM.backgroundNone }));
    expect(props.onBackground).toHaveBeenCalledWith(null);
  });

  it('disables the effects where they are not supported', () => {
    renderInRoom(<RoomControls {...controls({ effectsSupported: false })} />);
    expect(screen.getByTestId('control-blur')).toBeDisabled();
    expect(screen.getByTestId('control-background')).toBeDisabled();
  });

  it('shows the labels beside the icons, except on phones', () => {
    const { rerender } = renderInRoom(<RoomControls {...controls()} />);
    expect(screen.getByText(IT_ROOM.participants)).toBeInTheDocument();
    rerender(<RoomControls {...controls({ compact: true })} />);
    expect(screen.queryByText(IT_ROOM.participants)).not.toBeInTheDocument();
  });
});

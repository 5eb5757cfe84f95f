import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHELL_BOTTOM_INSET } from '@incontra/contracts/constants';
import { matchMediaAnswering } from '@incontra/mfe-kit/testing/match-media';
import { fakeSession, prepareRoom, renderInPreparedRoom } from '../testing/room-test-harness';
import { RoomView } from './room-view';

/*
 * The shell's cookie banner is fixed on the bottom edge and publishes its height as
 * SHELL_BOTTOM_INSET: the room must end above it, so its control bar stays clickable.
 */
function renderRoom() {
  const store = prepareRoom({ local: { identity: 'staff-me', displayName: 'Anna' } });
  return renderInPreparedRoom(<RoomView onQuit={jest.fn()} />, store, fakeSession());
}

describe('room view under the shell’s bottom layer', () => {
  it('ends above the shell’s bottom inset, so the control bar at its foot is never covered', () => {
    renderRoom();
    expect(screen.getByTestId('room').style.height).toBe(`calc(100dvh - ${SHELL_BOTTOM_INSET.css})`);
    // The controls are the room's last row, in its flow (not fixed to the viewport): they end where the room ends.
    expect(screen.getByTestId('room')).toContainElement(screen.getByTestId('room-controls'));
    expect(screen.getByTestId('room-controls').style.position).toBe('');
  });

  it('on phones, the full-screen panel stops above the inset too (its composer and close stay reachable)', async () => {
    const original = window.matchMedia;
    window.matchMedia = matchMediaAnswering((query) => query.includes('max-width'));
    try {
      renderRoom();
      await waitFor(() => expect(screen.getByTestId('room')).toHaveAttribute('data-layout', 'phone'));
      await userEvent.click(screen.getByTestId('control-participants'));
      const panel = screen.getByTestId('participants-panel');
      expect(panel).toHaveAttribute('data-layout', 'overlay');
      expect(panel.style.position).toBe('fixed');
      expect(panel.style.bottom).toBe(SHELL_BOTTOM_INSET.css);
      expect(panel.style.top).toBe('0px');
    } finally {
      window.matchMedia = original;
    }
  });
});

import { selectStaffMuteNotice } from '../store/selectors';
import { joinResponse, sessionHarness } from './testing/session-harness';

const marco = { identity: 'staff-marco', displayName: 'Marco', role: 'staff' as const };

async function guestInRoom() {
  const harness = sessionHarness();
  await harness.session.enter(joinResponse('guest'));
  harness.engine.join(marco);
  return harness;
}

describe('RoomSession: the guest is told when staff muted them', () => {
  it('a staff mute turns the microphone off and raises the notice', async () => {
    const { engine, store } = await guestInRoom();
    expect(selectStaffMuteNotice(store.getState())).toBe(false);
    engine.emit('dataReceived', 'staff-marco', { type: 'mute', payload: 'guest-me' });
    expect(store.getState().localMedia.microphoneOn).toBe(false);
    expect(selectStaffMuteNotice(store.getState())).toBe(true);
  });

  it('turning the microphone off oneself raises no notice', async () => {
    const { session, store } = await guestInRoom();
    await session.toggleMicrophone();
    expect(store.getState().localMedia.microphoneOn).toBe(false);
    expect(selectStaffMuteNotice(store.getState())).toBe(false);
  });

  it('a staff mute of a microphone already off changes nothing, so it says nothing', async () => {
    const { session, engine, store } = await guestInRoom();
    await session.toggleMicrophone();
    engine.emit('dataReceived', 'staff-marco', { type: 'mute', payload: 'guest-me' });
    expect(selectStaffMuteNotice(store.getState())).toBe(false);
  });

  it('the notice goes once the guest turns the microphone back on', async () => {
    const { session, engine, store } = await guestInRoom();
    engine.emit('dataReceived', 'staff-marco', { type: 'mute', payload: 'guest-me' });
    expect(selectStaffMuteNotice(store.getState())).toBe(true);
    await session.toggleMicrophone();
    expect(store.getState().localMedia.microphoneOn).toBe(true);
    expect(selectStaffMuteNotice(store.getState())).toBe(false);
  });

  it('a mute from a guest raises no notice', async () => {
    const { engine, store } = await guestInRoom();
    engine.join({ identity: 'guest-giulia', displayName: 'Giulia', role: 'guest' });
    engine.emit('dataReceived', 'guest-giulia', { type: 'mute', payload: 'guest-me' });
    expect(store.getState().localMedia.microphoneOn).toBe(true);
    expect(selectStaffMuteNotice(store.getState())).toBe(false);
  });
});

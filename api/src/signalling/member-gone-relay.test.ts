import { MemberGoneRelay } from './member-gone-relay';

const room = { companyId: 'company-1', roomId: 'room-1' };

describe('MemberGoneRelay', () => {
  it('passes each departure to the handler connected once, with its answer', async () => {
    const relay = new MemberGoneRelay();
    const gone: unknown[] = [];
    relay.connect(async (key, identity, reason) => void gone.push([key, identity, reason]));
    await relay.notify(room, 'guest-a', 'left');
    expect(gone).toEqual([[room, 'guest-a', 'left']]);
  });

  it('refuses a second handler and a departure before any handler, by name', () => {
    const relay = new MemberGoneRelay();
    expect(() => relay.notify(room, 'guest-a', 'left')).toThrow(/before the lobby was connected/);
    relay.connect(() => undefined);
    expect(() => relay.connect(() => undefined)).toThrow(/connected once/);
  });
});

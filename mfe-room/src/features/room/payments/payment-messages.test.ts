import { toDataMessage } from '@incontra/contracts/room/data-messages';
import { joinResponse, sessionHarness } from '../session/testing/session-harness';

const PAYMENT_ID = '00000000-0000-4000-8000-0000000000a1';
const CARD = { paymentId: PAYMENT_ID, token: 'tok_Abc-123', amount: 2500, description: 'Montatura Aria' };
const marco = { identity: 'staff-marco', displayName: 'Marco', role: 'staff' as const };
const giulia = { identity: 'guest-giulia', displayName: 'Giulia', role: 'guest' as const };

async function inRoom(role: 'staff' | 'guest') {
  const harness = sessionHarness();
  await harness.session.enter(joinResponse(role));
  harness.engine.join(marco);
  harness.engine.join(giulia);
  return harness;
}

const paymentMessage = (payload: Partial<typeof CARD> = {}) => ({
  type: 'payment' as const,
  payload: { id: 'm1', sentAt: '2026-11-22T10:31:00.000Z', ...CARD, ...payload },
});

describe('payment requests in the room’s chat', () => {
  it('a payment request from staff becomes a payment card in the chat, counted unread', async () => {
    const { store, engine } = await inRoom('guest');
    engine.emit('dataReceived', 'staff-marco', paymentMessage());
    expect(store.getState().chat.messages).toEqual([
      { id: 'm1', from: 'staff-marco', displayName: 'Marco', mine: false, sentAt: '2026-11-22T10:31:00.000Z', kind: 'payment', payment: CARD },
    ]);
    expect(store.getState().chat.unread).toBe(1);
  });

  it('a payment request from a visitor, or from someone not in the room, is ignored', async () => {
    const { store, engine } = await inRoom('staff');
    engine.emit('dataReceived', 'guest-giulia', paymentMessage());
    engine.emit('dataReceived', 'staff-unknown', paymentMessage());
    expect(store.getState().chat.messages).toEqual([]);
  });

  it('staff send the card to the room and see it as theirs; a guest cannot send one', async () => {
    const { store, engine, session } = await inRoom('staff');
    session.sendPayment(CARD);
    expect(engine.messagesOfType('payment')).toEqual([{ type: 'payment', payload: { id: 'id-1', sentAt: '2026-11-22T10:30:00.000Z', ...CARD } }]);
    expect(store.getState().chat.messages).toEqual([
      { id: 'id-1', from: 'staff-me', displayName: 'Anna', mine: true, sentAt: '2026-11-22T10:30:00.000Z', kind: 'payment', payment: CARD },
    ]);

    const guest = await inRoom('guest');
    expect(() => guest.session.sendPayment(CARD)).toThrow();
    expect(guest.engine.messagesOfType('payment')).toEqual([]);
  });

  it('the contract refuses a card whose token is not a bare token, or whose amount or description is out of bounds', () => {
    expect(toDataMessage(paymentMessage())).not.toBeNull();
    expect(toDataMessage(paymentMessage({ token: 'https://evil.example/pay' }))).toBeNull();
    expect(toDataMessage(paymentMessage({ token: '../admin' }))).toBeNull();
    expect(toDataMessage(paymentMessage({ token: 'a'.repeat(65) }))).toBeNull();
    expect(toDataMessage(paymentMessage({ amount: 10 }))).toBeNull();
    expect(toDataMessage(paymentMessage({ amount: 25.5 }))).toBeNull();
    expect(toDataMessage(paymentMessage({ description: '' }))).toBeNull();
    expect(toDataMessage(paymentMessage({ paymentId: 'not-a-uuid' }))).toBeNull();
  });
});

import { clientLobbyMessageSchema } from '@incontra/contracts/realtime/lobby';
import { FrameGate, parseFrame } from './socket-frames';

const LIMITS = { maxMessageBytes: 32, rateBurst: 3, ratePerSecond: 0, maxBadMessages: 2 };
const ping = Buffer.from('{"type":"ping"}');

describe('parseFrame', () => {
  it('reads JSON the schema accepts from text frames, whatever their chunks', () => {
    expect(parseFrame(ping, false, clientLobbyMessageSchema)).toEqual({ type: 'ping' });
    expect(parseFrame([Buffer.from('{"type":'), Buffer.from('"ping"}')], false, clientLobbyMessageSchema)).toEqual({ type: 'ping' });
    expect(parseFrame(ping, true, clientLobbyMessageSchema)).toBeNull();
    expect(parseFrame(Buffer.from('{"type":"pong"}'), false, clientLobbyMessageSchema)).toBeNull();
    expect(parseFrame(Buffer.from('{'), false, clientLobbyMessageSchema)).toBeNull();
  });
});

describe('FrameGate', () => {
  it('refuses by rate first, then size, then shape', () => {
    const gate = new FrameGate(clientLobbyMessageSchema, LIMITS);
    expect(gate.read(ping, false)).toEqual({ ok: true, message: { type: 'ping' } });
    expect(gate.read(Buffer.alloc(33, 'x'), false)).toEqual({ ok: false, refusal: 'too-large' });
    expect(gate.read(Buffer.from('nope'), false)).toEqual({ ok: false, refusal: 'malformed' });
    // The bucket is empty now: even a valid message is refused, before anything else is looked at.
    expect(gate.read(ping, false)).toEqual({ ok: false, refusal: 'rate-limited' });
  });

  it('says when refusals exceed the limit; weightless ones do not count', () => {
    const gate = new FrameGate(clientLobbyMessageSchema, LIMITS);
    expect([gate.strike(), gate.strike(), gate.strike(0)]).toEqual([false, false, false]);
    expect(gate.strike()).toBe(true);
  });
});

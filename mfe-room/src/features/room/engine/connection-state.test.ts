import { assertTransition, canTransition, ConnectionStateMachine, roomStateOf } from './connection-state';
import type { ConnectionState } from './types';

const STATES: ConnectionState[] = ['connecting', 'connected', 'reconnecting', 'disconnected'];
const LEGAL = new Set([
  'connecting>connected',
  'connecting>disconnected',
  'connected>reconnecting',
  'reconnecting>connected',
  'connected>disconnected',
  'reconnecting>disconnected',
]);

describe('connection state machine', () => {
  it.each(STATES.flatMap((from) => STATES.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    const legal = LEGAL.has(`${from}>${to}`);
    expect(canTransition(from, to)).toBe(legal);
    if (legal) expect(assertTransition(from, to)).toBeUndefined();
    else expect(() => assertTransition(from, to)).toThrow(`Cannot transition from ${from} to ${to}`);
  });

  it('walks connecting → connected ⇄ reconnecting → disconnected, and disconnected is final', () => {
    const machine = new ConnectionStateMachine();
    expect(machine.state).toBe('connecting');
    machine.transition('connected');
    machine.transition('reconnecting');
    machine.transition('connected');
    machine.transition('disconnected');
    expect(() => machine.transition('connected')).toThrow('Cannot transition from disconnected to connected');
    expect(machine.state).toBe('disconnected');
  });

  it('moveTo ignores a repeat but still refuses an illegal move', () => {
    const machine = new ConnectionStateMachine();
    expect(machine.moveTo('connecting')).toBe(false);
    expect(machine.moveTo('connected')).toBe(true);
    expect(() => machine.moveTo('connecting')).toThrow('Cannot transition from connected to connecting');
  });

  it('derives the room state', () => {
    expect(roomStateOf('connecting')).toBeNull();
    expect(roomStateOf('connected')).toBe('connected');
    expect(roomStateOf('reconnecting')).toBe('reconnecting');
    expect(roomStateOf('disconnected')).toBe('disconnected');
  });
});

import { addressKey, credentialKey } from './socket-caps';
import { SlotCounter } from './socket-slots';

describe('addressKey', () => {
  it('counts IPv4 by address, also written as IPv4-mapped IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 by its /64, however it is written', () => {
    const key = addressKey('2001:db8:0:1::1');
    expect(key).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:fffe')).toBe(key);
    expect(addressKey('2001:db8::1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8:0:2::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});

describe('credentialKey', () => {
  it('keeps no token, and tells different credentials apart', () => {
    const key = credentialKey('visitor', 'request', 'secret-token');
    expect(key).toMatch(/^visitor:[\w-]{43}$/);
    expect(key).not.toContain('secret-token');
    expect(credentialKey('visitor', 'request', 'secret-token')).toBe(key);
    expect(credentialKey('visitor', 'request', 'other-token')).not.toBe(key);
    expect(credentialKey('room', 'request', 'secret-token')).not.toBe(key);
  });
});

describe('SlotCounter', () => {
  it('gives at most the limit per key, and a slot back once, however often it is released', () => {
    const slots = new SlotCounter();
    const taken = [slots.take('a', 2), slots.take('a', 2), slots.take('a', 2)];
    expect(taken.map((slot) => slot !== null)).toEqual([true, true, false]);
    expect(slots.take('b', 2)).not.toBeNull();
    expect(slots.held('a')).toBe(2);

    taken[0]!.release();
    taken[0]!.release();
    expect(slots.held('a')).toBe(1);
    expect(slots.take('a', 2)).not.toBeNull();
    expect(slots.take('a', 2)).toBeNull();
    expect(slots.held()).toBe(3);
  });
});

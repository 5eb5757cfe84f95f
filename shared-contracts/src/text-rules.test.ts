import { firstNulField } from './text-rules';

describe('firstNulField', () => {
  it.each([
    ['a plain body', { name: 'Anna', tags: ['a', 'b'], nested: { x: 1, y: null } }, null],
    ['a top-level field', { name: 'An\u0000na' }, ['name']],
    ['an array item', { tags: ['a', 'b\u0000'] }, ['tags', 1]],
    ['a nested field', { a: { b: { c: '\u0000' } } }, ['a', 'b', 'c']],
    ['a key', { 'x\u0000': 'y' }, ['x\u0000']],
    ['a bare string', '\u0000', []],
  ])('finds %s', (_what, value, expected) => {
    expect(firstNulField(value)).toEqual(expected);
  });

  it('walks a body nested thousands deep without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 20_000; level += 1) deep = [deep];
    expect(firstNulField(deep)).toHaveLength(20_000);
    expect(firstNulField(JSON.parse('['.repeat(20_000) + ']'.repeat(20_000)))).toBeNull();
  });
});

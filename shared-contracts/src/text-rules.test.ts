import { firstForbiddenField, firstForbiddenText } from './text-rules';

describe('firstForbiddenField', () => {
  it.each([
    ['a plain body', { name: 'Anna', tags: ['a', 'b'], nested: { x: 1, y: null } }, null],
    ['a top-level field', { name: 'An\u0000na' }, ['name']],
    ['an array item', { tags: ['a', 'b\u0000'] }, ['tags', 1]],
    ['a nested field', { a: { b: { c: '\u0000' } } }, ['a', 'b', 'c']],
    ['a key', { 'x\u0000': 'y' }, ['x\u0000']],
    ['a bare string', '\u0000', []],
    ['a lone high surrogate', { title: 'Benvenuti \ud83d' }, ['title']],
    ['a lone low surrogate in an array', { list: ['ok', '\ude00 x'] }, ['list', 1]],
    ['a lone surrogate in a key', { a: { '\udfff': 1 } }, ['a', '\udfff']],
    ['a surrogate pair reversed', { title: '\ude00\ud83d' }, ['title']],
  ])('finds %s', (_what, value, expected) => {
    expect(firstForbiddenField(value)).toEqual(expected);
  });

  it('takes a whole character written as a surrogate pair, emoji included, as the text it is', () => {
    expect(firstForbiddenField({ title: 'Benvenuti \ud83d\ude00', tags: ['𝄞', '👩‍💻'], '🙂': 'ok' })).toBeNull();
  });

  it('says which rule the first hit breaks', () => {
    expect(firstForbiddenText({ a: 'x\u0000', b: '\ud800' })).toEqual({ path: ['a'], character: 'nul' });
    expect(firstForbiddenText({ a: '\ud800', b: 'x\u0000' })).toEqual({ path: ['a'], character: 'lone-surrogate' });
    expect(firstForbiddenText({ a: '\ud800\u0000' })).toEqual({ path: ['a'], character: 'nul' });
    expect(firstForbiddenText({ a: 'ok' })).toBeNull();
  });

  it('walks a body nested thousands deep without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 20_000; level += 1) deep = [deep];
    expect(firstForbiddenField(deep)).toHaveLength(20_000);
    expect(firstForbiddenField(JSON.parse('['.repeat(20_000) + ']'.repeat(20_000)))).toBeNull();
  });
});

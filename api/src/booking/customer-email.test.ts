import { customerEmailKey } from './customer-email';

describe('customerEmailKey', () => {
  it.each([
    ['Mario.Rossi@Example.it', 'mariorossi@example.it'],
    ['mario.rossi+1@example.it', 'mariorossi@example.it'],
    ['m.a.r.i.o.rossi+prenota+2@example.it', 'mariorossi@example.it'],
    ['mariorossi@googlemail.com', 'mariorossi@gmail.com'],
    ['  anna@example.it ', 'anna@example.it'],
  ])('merges %s into %s', (email, key) => {
    expect(customerEmailKey(email)).toBe(key);
  });

  it('keeps different mailboxes and domains apart', () => {
    expect(customerEmailKey('mario@example.it')).not.toBe(customerEmailKey('maria@example.it'));
    expect(customerEmailKey('mario@example.it')).not.toBe(customerEmailKey('mario@example.com'));
  });
});

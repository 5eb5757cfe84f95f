import { parseEuroAmount } from './euro-amount';

describe('parseEuroAmount', () => {
  it.each([
    ['25,00', 2500],
    ['25', 2500],
    ['25.5', 2550],
    [' 0,50 ', 50],
    ['1234,56', 123456],
  ])('%s is %i cents', (text, cents) => expect(parseEuroAmount(text)).toBe(cents));

  it.each(['', '1.234,56', '-5', '25 €', '2,555', 'abc', '12345678'])('refuses %p', (text) => expect(parseEuroAmount(text)).toBeNull());
});

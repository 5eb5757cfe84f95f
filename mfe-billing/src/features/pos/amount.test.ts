import { parseEuroAmount } from './amount';

describe('an amount typed in euros', () => {
  it.each([
    ['25,00', 2500],
    ['25', 2500],
    ['25.5', 2550],
    ['25,5', 2550],
    [' 0,50 ', 50],
    ['10000,00', 1_000_000],
    ['7,05', 705],
  ])('reads %p as %p cents', (typed, cents) => {
    expect(parseEuroAmount(typed)).toBe(cents);
  });

  it.each(['', ' ', 'abc', '25,', ',50', '25,001', '1.234,56', '-5', '+5', '25 €', '€25', '2 5', '1e3', '12345678'])('refuses %p', (typed) => {
    expect(parseEuroAmount(typed)).toBeNull();
  });
});

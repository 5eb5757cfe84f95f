import { normalizePhoneNumber } from '../src/sms/phone-number';

describe('normalizePhoneNumber', () => {
  it.each([
    // Italian mobiles, typed every which way (default country IT)
    ['333 123 4567', '+393331234567'],
    ['3331234567', '+393331234567'],
    ['333-123-4567', '+393331234567'],
    ['(333) 123-4567', '+393331234567'],
    ['333.123.4567', '+393331234567'],
    ['333/1234567', '+393331234567'],
    ['  333 1234567  ', '+393331234567'],
    ['+39 333 123 4567', '+393331234567'],
    ['+393331234567', '+393331234567'],
    ['0039 333 123 4567', '+393331234567'],
    ['0039-333-123-4567', '+393331234567'],
    ['+39 (347) 765-4321', '+393477654321'],
    // Foreign mobiles need their prefix
    ['+44 7911 123456', '+447911123456'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+49 1512 3456789', '+4915123456789'],
    ['+41 79 123 45 67', '+41791234567'],
    ['0041 79 123 45 67', '+41791234567'],
    // Where the plan cannot tell mobiles from landlines (North America), the number is accepted
    ['+1 415 555 2671', '+14155552671'],
  ])('%j → %s', (input, expected) => {
    expect(normalizePhoneNumber(input, 'IT')).toBe(expected);
  });

  it.each([
    // Landlines and special numbers cannot receive the SMS: refused
    ['06 1234 5678', 'Italian landline'],
    ['+39 02 1234 5678', 'Italian landline with prefix'],
    ['800 123456', 'toll-free'],
    ['899 123456', 'premium rate'],
    ['+33 1 23 45 67 89', 'French landline'],
    // Not numbers
    ['', 'empty'],
    ['   ', 'blank'],
    ['abc', 'letters'],
    ['333-CALL-ME', 'vanity letters'],
    ['333 123 4567 interno 12', 'trailing text'],
    ['chiamami al 3331234567', 'a number inside a sentence'],
    ['+39 333 123 4567 ext. 5', 'an extension'],
    ['++39 333 123 4567', 'two plus signs'],
    ['333+1234567', 'a plus inside'],
    ['333_123_4567', 'odd separators'],
    // Wrong lengths
    ['12345', 'too short'],
    ['+39 333 12', 'too short with prefix'],
    ['+39 33312345', 'one digit short for a mobile'],
    ['3331234567890123', 'too long'],
    ['+39 333 123 4567 8901 2345 6789 0123', 'far too long'],
    ['+999 333 123 4567', 'no such country code'],
  ])('%j (%s) → null', (input) => {
    expect(normalizePhoneNumber(input, 'IT')).toBeNull();
  });

  it('reads a national number in the default country given', () => {
    expect(normalizePhoneNumber('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(normalizePhoneNumber('333 123 4567', 'FR')).toBeNull();
  });

  it('without a usable default country only numbers with their prefix pass', () => {
    expect(normalizePhoneNumber('333 123 4567', 'XX')).toBeNull();
    expect(normalizePhoneNumber('+39 333 123 4567', 'XX')).toBe('+393331234567');
  });
});

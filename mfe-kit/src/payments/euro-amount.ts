/** Euros as typed at a counter: whole euros, or a comma or point before one or two cent digits. */
const EUROS = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;

/**
 * The cents of an amount typed in euros: «25,00», «25» and «25.5» are 2500, 2500 and 2550.
 * Anything else (thousands separators, a sign, the € symbol, three decimals) is null.
 */
export function parseEuroAmount(text: string): number | null {
  const match = EUROS.exec(text.trim());
  if (!match) return null;
  const [, euros = '0', cents = ''] = match;
  return Number(euros) * 100 + Number(cents.padEnd(2, '0'));
}

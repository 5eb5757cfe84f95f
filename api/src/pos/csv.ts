/*
 * CSV as the Italian spreadsheets open it: `;` between cells (the comma is the decimal mark),
 * CRLF between lines, a byte-order mark so that accents read right, every cell quoted when it
 * holds a quote, a separator or a line break. A cell that a spreadsheet would run as a formula
 * (starting with = + - @, or a tab or carriage return that hides one) gets a leading apostrophe:
 * a description typed by staff or a customer's e-mail never becomes a formula on an admin's computer.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, made inert and quoted as needed. */
export function csvCell(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** The whole file: a header line and the rows, each a list of texts. */
export function csvFile(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${[header, ...rows].map((cells) => cells.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

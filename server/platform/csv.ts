export type Cell = string | number | boolean | null | undefined;

/** A plain decimal number ("-12.50", "3"): data, not a formula, whatever its sign. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One RFC 4180 field: quoted when it holds a comma, quote or line break (quotes doubled). A text cell
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe; a
 * plain decimal number such as a negative amount is left as it is.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF line end. */
export function csvLine(row: readonly Cell[]): string {
  return row.map(csvCell).join(',') + '\r\n';
}

/** A CSV document with a header row and CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly Cell[][]): string {
  return [header, ...rows].map(csvLine).join('');
}

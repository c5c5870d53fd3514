type Cell = string | number | boolean | null | undefined;

/**
 * One RFC 4180 field: quoted when it holds a comma, quote or line break (quotes doubled). A text cell
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV document with a header row and CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly Cell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

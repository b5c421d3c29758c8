// The one way the server writes CSV (RFC 4180): fields separated by commas, rows by CRLF; a field holding
// a comma, quote or line break is quoted with its quotes doubled. Text a user or device chose that starts
// like a formula (= + - @ tab CR) is prefixed with an apostrophe, so a spreadsheet program shows it rather
// than running it (OWASP CSV injection); numbers are written as they are.
export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and the rows, each line ended by CRLF. */
export function csvTable(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

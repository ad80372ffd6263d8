/**
 * CSV as RFC 4180 writes it: fields separated by commas, lines ended by CRLF, a field holding a comma,
 * a quote or a line break enclosed in quotes with its quotes doubled.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(fields: (string | number | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

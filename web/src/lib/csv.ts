/** A cell a spreadsheet would run as a formula (=, +, -, @, tab or carriage return first) is kept as text. */
export function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: string | number | null): string {
  const text = typeof value === 'number' ? String(value) : guardFormula(value ?? '');
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV separated by semicolons (spec 1 section 2, as spreadsheets in Brazil read it): a header row, then the rows. */
export function toCsv(headers: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [headers, ...rows].map((row) => row.map(cell).join(';')).join('\r\n');
}

/** Saves CSV as a file, with a byte-order mark so spreadsheets read it as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

import type { Contact } from '../types';

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab or carriage return first) is kept as text. */
export function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: string): string {
  const text = guardFormula(value);
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The contacts export: CSV separated by semicolons (spec 1 section 2), one header row. */
export function contactsToCsv(contacts: readonly Pick<Contact, 'name' | 'number' | 'email'>[], headers: [string, string, string]): string {
  const rows = [headers, ...contacts.map((contact) => [contact.name, contact.number, contact.email ?? ''])];
  return rows.map((row) => row.map(cell).join(';')).join('\r\n');
}

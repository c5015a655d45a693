import type { Contact } from '../types';

function cell(value: string): string {
  return /[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The contacts export: CSV separated by semicolons (spec 1 section 2), one header row. */
export function contactsToCsv(contacts: readonly Pick<Contact, 'name' | 'number' | 'email'>[], headers: [string, string, string]): string {
  const rows = [headers, ...contacts.map((contact) => [contact.name, contact.number, contact.email ?? ''])];
  return rows.map((row) => row.map(cell).join(';')).join('\r\n');
}

/** dd/MM/yy HH:mm of the last ticket (the table's last interaction). */
export function formatLastInteraction(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${two(date.getFullYear() % 100)} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

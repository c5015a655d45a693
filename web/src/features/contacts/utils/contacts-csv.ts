import { toCsv } from '@/lib/csv';

import type { Contact } from '../types';

/** The contacts export: CSV separated by semicolons (spec 1 section 2), one header row. */
export function contactsToCsv(contacts: readonly Pick<Contact, 'name' | 'number' | 'email'>[], headers: [string, string, string]): string {
  return toCsv(
    headers,
    contacts.map((contact) => [contact.name, contact.number, contact.email ?? '']),
  );
}

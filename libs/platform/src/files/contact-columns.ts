import { normaliseSheetHeader } from './spreadsheet';

/**
 * The header names (compared as {@link normaliseSheetHeader} makes them) under which sheets and the
 * exports of other systems hold a contact's name, number and e-mail: the Whaticket family's own
 * (ticketz: name, number, email), Chatwoot's (name, phone_number, email) and Google Contacts' (Name or
 * First/Middle/Last Name, Phone 1 - Value, E-mail 1 - Value; older exports Given/Additional/Family Name).
 */
export const CONTACT_COLUMN_NAMES = {
  name: ['name', 'nome', 'contato', 'full name', 'nome completo', 'display name'],
  firstName: ['first name', 'given name', 'primeiro nome'],
  middleName: ['middle name', 'additional name'],
  lastName: ['last name', 'family name', 'sobrenome'],
  number: [
    'number',
    'numero',
    'telefone',
    'phone',
    'celular',
    'whatsapp',
    'numero whatsapp',
    'phone_number',
    'phone number',
    'phone 1 - value',
    'mobile phone',
    'telefone celular',
  ],
  email: ['email', 'e-mail', 'email address', 'email_address', 'e-mail 1 - value'],
} as const;

/** Where a sheet's contact columns are, and a row's name, number and e-mail read from them. */
export interface ContactColumns {
  /** The number column was found: without it nothing can be imported. */
  hasNumber: boolean;
  /** The columns read as name, number or e-mail (the others are the caller's). */
  used: ReadonlySet<number>;
  name(cells: readonly string[]): string;
  number(cells: readonly string[]): string;
  email(cells: readonly string[]): string;
}

export function contactColumns(headers: readonly string[]): ContactColumns {
  const normalised = headers.map(normaliseSheetHeader);
  const at = (names: readonly string[]) => normalised.findIndex((header) => names.includes(header));
  const index = Object.fromEntries(Object.entries(CONTACT_COLUMN_NAMES).map(([field, names]) => [field, at(names)])) as Record<
    keyof typeof CONTACT_COLUMN_NAMES,
    number
  >;
  const text = (cells: readonly string[], column: number) => (column >= 0 ? (cells[column] ?? '').trim() : '');
  return {
    hasNumber: index.number >= 0,
    used: new Set(Object.values(index).filter((column) => column >= 0)),
    name: (cells) =>
      text(cells, index.name) ||
      [index.firstName, index.middleName, index.lastName]
        .map((column) => text(cells, column))
        .filter(Boolean)
        .join(' '),
    // Google Contacts puts a contact's several numbers in one cell, separated by ' ::: '.
    number: (cells) => text(cells, index.number).split(':::')[0]!.trim(),
    email: (cells) => text(cells, index.email).split(':::')[0]!.trim(),
  };
}

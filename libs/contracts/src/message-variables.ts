/**
 * The variables a message may carry, one syntax for the whole product (decision 0040): `{{nome}}`.
 * The older forms are still read: campaigns' `{nome}` and quick messages' English names
 * (`{{name}}`, `{{firstName}}`, `{{number}}`). One function renders them, so the server's sends
 * (campaigns, schedules) and the web's (quick messages picked in the chat) agree.
 */

/** The contact's variables, in the order the message fields list them. */
export const CONTACT_MESSAGE_VARIABLES = ['nome', 'primeiroNome', 'numero', 'email'] as const;
export type ContactMessageVariable = (typeof CONTACT_MESSAGE_VARIABLES)[number];

/** Names written before there was one syntax, read as the variable they meant. */
const OLD_NAMES: Readonly<Record<string, ContactMessageVariable>> = {
  name: 'nome',
  firstName: 'primeiroNome',
  number: 'numero',
};

/** Whose variables a message is filled with; missing fields fill in as empty. */
export interface MessageContact {
  name?: string | null;
  number?: string | null;
  email?: string | null;
}

/** A variable as written in a message, the form the message fields insert. */
export const messageVariableToken = (key: string): string => `{{${key}}}`;

/**
 * The values of the variables for one contact, then each custom variable (campaign settings) that
 * does not take a contact's name.
 */
export function messageVariableValues(
  contact: MessageContact | null | undefined,
  custom: readonly { key: string; value: string }[] = [],
): Map<string, string> {
  const name = contact?.name?.trim() ?? '';
  const values = new Map<string, string>([
    ['nome', name],
    ['primeiroNome', name.split(/\s+/)[0] ?? ''],
    ['numero', contact?.number ?? ''],
    ['email', contact?.email ?? ''],
  ]);
  for (const variable of custom) if (!values.has(variable.key)) values.set(variable.key, variable.value);
  return values;
}

/** `{{ key }}` (the syntax) or `{key}` (campaigns' older one); a key is letters, digits and _. */
const VARIABLE = /\{\{\s*([\p{L}\p{N}_]+)\s*\}\}|\{([\p{L}\p{N}_]+)\}/gu;

/** The message with its variables filled in; an unknown variable stays as written. */
export function renderMessageVariables(message: string, values: ReadonlyMap<string, string>): string {
  return message.replace(VARIABLE, (whole, braced: string | undefined, single: string | undefined) => {
    const key = braced ?? single!;
    return values.get(key) ?? (OLD_NAMES[key] !== undefined ? values.get(OLD_NAMES[key]) : undefined) ?? whole;
  });
}

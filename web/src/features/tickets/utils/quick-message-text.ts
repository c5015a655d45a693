import { QUICK_MESSAGE_LABEL_MAX, type QuickMessage } from '@app/contracts';

export type QuickMessageContact = { name?: string | null; number?: string | null; email?: string | null };

/**
 * The `{{name}}`-style variables a quick message may carry, filled in from the ticket's contact:
 * name, firstName (the first word of the name), number and email. An unknown variable stays as written.
 */
export function fillQuickMessageVariables(text: string, contact: QuickMessageContact | null | undefined): string {
  const name = contact?.name?.trim() ?? '';
  const values: Record<string, string> = {
    name,
    firstName: name.split(/\s+/)[0] ?? '',
    number: contact?.number ?? '',
    email: contact?.email ?? '',
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in values ? values[key]! : whole));
}

/**
 * The suggestions for what is typed: only when the text starts with '/' and has more than that
 * one character (spec 2 section 5); shortcodes containing what follows the '/', case-insensitively.
 */
export function matchingQuickMessages(quickMessages: readonly QuickMessage[], typed: string): QuickMessage[] {
  if (!typed.startsWith('/') || typed.length <= 1) return [];
  const search = typed.slice(1).toLowerCase();
  return quickMessages.filter((quickMessage) => quickMessage.shortcode.toLowerCase().includes(search));
}

/** A suggestion's label, 'shortcode - message', trimmed to 35 characters. */
export function quickMessageLabel(quickMessage: Pick<QuickMessage, 'shortcode' | 'message'>): string {
  const label = quickMessage.message ? `${quickMessage.shortcode} - ${quickMessage.message}` : quickMessage.shortcode;
  return label.length > QUICK_MESSAGE_LABEL_MAX ? `${label.slice(0, QUICK_MESSAGE_LABEL_MAX)}...` : label;
}

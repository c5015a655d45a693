import {
  type MessageContact,
  messageVariableValues,
  QUICK_MESSAGE_LABEL_MAX,
  type QuickMessage,
  renderMessageVariables,
} from '@app/contracts';

export type QuickMessageContact = MessageContact;

/**
 * The variables a quick message may carry (decision 0040: `{{nome}}`, `{{primeiroNome}}`,
 * `{{numero}}`, `{{email}}`, and the older `{{name}}`, `{{firstName}}`, `{{number}}`), filled in
 * from the ticket's contact by the function the server's sends use. An unknown variable stays as written.
 */
export function fillQuickMessageVariables(text: string, contact: QuickMessageContact | null | undefined): string {
  return renderMessageVariables(text, messageVariableValues(contact));
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

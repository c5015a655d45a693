import { createHash, randomInt } from 'node:crypto';

import { type CampaignVariable, type MessageContact, messageVariableValues, renderMessageVariables } from '@app/contracts';

/** One of the filled messages at random (null when none is). */
export function pickMessage(messages: readonly (string | null)[]): string | null {
  const filled = messages.filter((message): message is string => message !== null && message.trim() !== '');
  if (filled.length === 0) return null;
  return filled[randomInt(filled.length)]!;
}

/**
 * The message for one recipient (decision 0040): `{{nome}}`, `{{primeiroNome}}`, `{{numero}}` and
 * `{{email}}` are the recipient's, each custom variable of the settings `{{key}}` its value; the
 * older `{nome}` form is still read. Unknown names stay as written.
 */
export function fillVariables(message: string, recipient: MessageContact, variables: readonly CampaignVariable[]): string {
  return renderMessageVariables(message, messageVariableValues(recipient, variables));
}

/**
 * The command id of one part of one send of a shipping record: the same inputs always give the same
 * id (a name-based UUID, version 5 layout, over SHA-256), so a command written again after a crash is
 * the same command to the whatsapp service, which carries each command id out once.
 */
export function shippingCommandId(shippingId: number, attempt: number, stage: string, part: number): string {
  const bytes = createHash('sha256')
    .update(`outbound-campaign-shipping:${shippingId}:${attempt}:${stage}:${part}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** WhatsApp's refusal to let this number reach out to new contacts (a ban warning): the connection pauses at once. */
export const isReachOutRefusal = (reason: string) => /reach[- _]?out/i.test(reason);
/** The connection is not connected: its share waits for it rather than failing. */
export const isDisconnection = (reason: string) => reason.startsWith('ERR_WAPP_NOT_INITIALIZED');

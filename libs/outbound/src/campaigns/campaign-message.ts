import { createHash, randomInt } from 'node:crypto';

import type { CampaignVariable } from '@app/contracts';

/** The recipient's fields the spec's variables name. */
export interface Recipient {
  name: string;
  number: string;
  email: string;
}

/** One of the filled messages at random (null when none is). */
export function pickMessage(messages: readonly (string | null)[]): string | null {
  const filled = messages.filter((message): message is string => message !== null && message.trim() !== '');
  if (filled.length === 0) return null;
  return filled[randomInt(filled.length)]!;
}

/**
 * The message for one recipient: {nome}, {numero} and {email} are the recipient's, and each custom
 * variable of the settings {key} its value. Unknown names stay as written.
 */
export function fillVariables(message: string, recipient: Recipient, variables: readonly CampaignVariable[]): string {
  const values = new Map<string, string>([
    ['nome', recipient.name],
    ['numero', recipient.number],
    ['email', recipient.email],
  ]);
  for (const variable of variables) if (!values.has(variable.key)) values.set(variable.key, variable.value);
  return message.replace(/\{([\p{L}\p{N}_]+)\}/gu, (whole, key: string) => values.get(key) ?? whole);
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

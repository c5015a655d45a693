import { maskSecret, parseServiceAccount } from '@app/contracts';

import type { KeyCipher } from '../common/key-cipher';
import type { SealedKey } from '../common/sealed-key';
import type { ChatbotSettings } from './protocols/chatbot-protocol';
import type { QueueIntegrationRow } from './queue-integration.repository';

/** The integration's fields a protocol reads, its secrets decrypted (only ever sent to the product). */
export function chatbotSettingsOf(row: QueueIntegrationRow, cipher: KeyCipher): ChatbotSettings {
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    id: row.id,
    companyId: row.company_id,
    type: row.type,
    name: row.name,
    projectName: orNull(row.project_name),
    jsonContent: orNull(cipher.decrypt(row.json_content)),
    language: orNull(row.language),
    urlN8N: orNull(row.url_n8n),
    urlflowise: orNull(row.url_flowise),
    urldify: orNull(row.url_dify),
    apidify: orNull(cipher.decrypt(row.api_dify)),
    openaiid: orNull(row.openai_id),
    openaikey: orNull(cipher.decrypt(row.openai_key)),
    typebotSlug: orNull(row.typebot_slug),
    signingSecret: orNull(cipher.decrypt(row.signing_secret)),
  };
}

/**
 * A dialogflow service account as the API shows it: the JSON with its private key masked (the mask
 * and the last 4 characters); text that is not a JSON object is masked whole.
 */
export function shownServiceAccount(plain: string): string {
  if (!plain) return '';
  const account = parseServiceAccount(plain);
  if (!account) return maskSecret(plain);
  return JSON.stringify({ ...account, ...(account.private_key ? { private_key: maskSecret(account.private_key) } : {}) }, null, 2);
}

export const sealServiceAccount = (cipher: KeyCipher, plain: string): SealedKey => ({
  stored: cipher.encrypt(plain),
  shown: shownServiceAccount(plain),
});

/**
 * The service account an admin sent back: left out or sent as shown keeps the stored one; a JSON whose
 * private key is still the shown mask gets the stored key back (the rest may have changed); anything
 * else replaces it.
 */
export function keptOrSealedServiceAccount(cipher: KeyCipher, sent: string | undefined, current: SealedKey): SealedKey {
  if (sent === undefined || (current.shown !== '' && sent === current.shown)) return current;
  const account = parseServiceAccount(sent);
  const stored = current.stored ? parseServiceAccount(cipher.decrypt(current.stored)) : null;
  if (account?.private_key && stored?.private_key && account.private_key === maskSecret(stored.private_key)) {
    return sealServiceAccount(cipher, JSON.stringify({ ...account, private_key: stored.private_key }, null, 2));
  }
  return sealServiceAccount(cipher, sent);
}

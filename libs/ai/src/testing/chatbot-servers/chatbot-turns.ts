import { OutboundAllowlist, OutboundUrlGuard } from '@app/platform';

import { guardedFetch } from '../../common/guarded-fetch';
import type { ChatbotSettings, ChatbotTurn, ChatbotType } from '../../integrations/protocols/chatbot-protocol';

/** An integration's saved fields for a protocol spec: every field empty but the type's own. */
export function chatbotSettings(type: ChatbotType, fields: Partial<ChatbotSettings> = {}): ChatbotSettings {
  return {
    id: 1,
    companyId: 1,
    type,
    name: `${type} de teste`,
    projectName: null,
    jsonContent: null,
    language: null,
    urlN8N: null,
    urlflowise: null,
    urldify: null,
    apidify: null,
    openaiid: null,
    openaikey: null,
    typebotSlug: null,
    signingSecret: null,
    ...fields,
  };
}

/** A customer's turn on a ticket, as the engine hands it to a protocol. */
export function chatbotTurn(
  settings: ChatbotSettings,
  text: string,
  session: ChatbotTurn['session'] = null,
  signal: AbortSignal = new AbortController().signal,
  ticketId = 42,
): ChatbotTurn {
  return { settings, ticketId, contact: { id: 7, name: 'Maria Cliente', number: '5511988887777' }, text, session, signal };
}

/**
 * The fetch the engine passes protocols, through the outbound URL guard, here allowing the loopback
 * address the local product servers listen on (as OUTBOUND_ALLOWED_HOSTS would a self-hosted product).
 */
export function loopbackGuardedFetch(): typeof fetch {
  return guardedFetch(new OutboundUrlGuard(new OutboundAllowlist(['127.0.0.1'])));
}

import type { ChatbotMessage, ChatbotReply } from './chatbot-protocol';

/**
 * The Whaticket family's transfer order a bot writes as a message: `#{"queueId":N}` or
 * `#{"queueId":N,"userId":M}` (spaces allowed). Such a message is not sent to the customer: it moves
 * the ticket.
 */
export function handoffOf(text: string): { queueId: number; userId?: number } | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('#{') || !trimmed.endsWith('}')) return null;
  try {
    const parsed = JSON.parse(trimmed.slice(1)) as { queueId?: unknown; userId?: unknown };
    const queueId = Number(parsed.queueId);
    if (!Number.isInteger(queueId) || queueId <= 0) return null;
    const userId = Number(parsed.userId);
    return Number.isInteger(userId) && userId > 0 ? { queueId, userId } : { queueId };
  } catch {
    return null;
  }
}

/** The reply with every transfer order taken out of its messages (the first one kept as its handoff). */
export function withHandoff(reply: ChatbotReply): ChatbotReply {
  let handoff = reply.handoff;
  const messages: ChatbotMessage[] = [];
  for (const message of reply.messages) {
    const order = message.kind === 'text' ? handoffOf(message.body) : null;
    if (order) handoff ??= order;
    else messages.push(message);
  }
  return { ...reply, messages, ...(handoff ? { handoff } : {}) };
}

/** Buttons and lists as the numbered text WhatsApp shows everywhere: "1 - Sim". */
export const numbered = (items: string[]): string => items.map((item, i) => `${i + 1} - ${item}`).join('\n');

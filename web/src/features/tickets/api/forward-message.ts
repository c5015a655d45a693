import { type Message, type MessageForwardBody, messageForwardResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Spec 1 section 9: messages are forwarded one at a time with a 900 ms pause. */
export const FORWARD_PAUSE_MS = 900;

/** `POST /api/message/forward {messageId, contactId, signMessage}`. */
export function forwardMessage(body: MessageForwardBody): Promise<Message> {
  return api.post('/message/forward', body, { schema: messageForwardResponseSchema });
}

export type ForwardProgress = { done: number; total: number };

export type ForwardResult = {
  forwarded: number[];
  /** The messages that could not be forwarded, with why; the others still went out. */
  failed: { messageId: number; error: unknown }[];
};

type ForwardMessagesInput = {
  /** In the order they are to go out (oldest first). */
  messageIds: number[];
  contactId: number;
  signMessage: boolean;
  onProgress?: (progress: ForwardProgress) => void;
  pauseMs?: number;
};

/**
 * Forwards the messages one at a time, in the given order, pausing between them (spec 1: 900 ms).
 * A failure does not stop the rest: it is collected and reported at the end.
 */
export async function forwardMessages({
  messageIds,
  contactId,
  signMessage,
  onProgress,
  pauseMs = FORWARD_PAUSE_MS,
}: ForwardMessagesInput): Promise<ForwardResult> {
  const result: ForwardResult = { forwarded: [], failed: [] };
  for (const [index, messageId] of messageIds.entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    try {
      await forwardMessage({ messageId, contactId, signMessage });
      result.forwarded.push(messageId);
    } catch (error) {
      result.failed.push({ messageId, error });
    }
    onProgress?.({ done: index + 1, total: messageIds.length });
  }
  return result;
}

export function useForwardMessages() {
  return useMutation({ mutationFn: forwardMessages, meta: { silent: true } });
}

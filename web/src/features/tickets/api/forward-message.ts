import type { MessageForwardBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec 1 section 9: messages are forwarded one at a time with a 900 ms pause. */
export const FORWARD_PAUSE_MS = 900;

/** `POST /api/message/forward {messageId, contactId, signMessage}`. */
export function forwardMessage(body: MessageForwardBody): Promise<unknown> {
  return api.post('/message/forward', body);
}

/** Forwards the messages in order, pausing between them. */
export async function forwardMessages(messageIds: number[], contactId: number, signMessage: boolean, pauseMs = FORWARD_PAUSE_MS) {
  for (const [index, messageId] of messageIds.entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    await forwardMessage({ messageId, contactId, signMessage });
  }
}

export function useForwardMessages() {
  return useMutation({
    mutationFn: ({ messageIds, contactId, signMessage }: { messageIds: number[]; contactId: number; signMessage: boolean }) =>
      forwardMessages(messageIds, contactId, signMessage),
  });
}

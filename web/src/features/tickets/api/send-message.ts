import { messageSendResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Message } from '../types';

export type SendMessageInput = {
  ticketId: number;
  body: string;
  quotedMsg?: Pick<Message, 'id' | 'body' | 'fromMe'> | null;
  /** A media already stored by the company (a quick message's attachment), sent by reference; `body` is its caption. */
  media?: StoredMedia | null;
};

export type StoredMedia = { mediaUrl: string; mimetype: string; fileName: string };

/**
 * `POST /api/messages/{ticketId}` (JSON). The sent message comes back on `company-{id}-appMessage`,
 * which puts it in the chat.
 */
export function sendMessage({ ticketId, body, quotedMsg, media }: SendMessageInput): Promise<Message> {
  return api.post(
    `/messages/${ticketId}`,
    { read: true, fromMe: true, body, quotedMsg: quotedMsg ?? null, ...(media ?? {}) },
    { schema: messageSendResponseSchema },
  );
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage, meta: { silent: true } });
}

import { messageSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Message } from '../types';

export type EditMessageInput = { id: number; body: string };

/** `POST /api/messages/edit/{id}`: an own text message gets a new text (it comes back on the socket). */
export function editMessage({ id, body }: EditMessageInput): Promise<Message> {
  return api.post(`/messages/edit/${id}`, { body, fromMe: true, read: true }, { schema: messageSchema });
}

export function useEditMessage() {
  return useMutation({ mutationFn: editMessage, meta: { silent: true } });
}

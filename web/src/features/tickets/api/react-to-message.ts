import { type Message, messageReactionResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type ReactInput = { id: number; emoji: string };

/** `POST /api/messages/{id}/reactions {type}`: reacts with an emoji ('' removes the reaction). */
export function reactToMessage({ id, emoji }: ReactInput): Promise<Message> {
  return api.post(`/messages/${id}/reactions`, { type: emoji }, { schema: messageReactionResponseSchema });
}

export function useReactToMessage() {
  return useMutation({ mutationFn: reactToMessage, meta: { silent: true } });
}

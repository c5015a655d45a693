import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ReactInput = { id: number; emoji: string };

/** `POST /api/messages/{id}/reactions {type}`: reacts with an emoji ('' removes the reaction). */
export function reactToMessage({ id, emoji }: ReactInput): Promise<unknown> {
  return api.post(`/messages/${id}/reactions`, { type: emoji });
}

export function useReactToMessage() {
  return useMutation({ mutationFn: reactToMessage, meta: { silent: true } });
}

import { can } from '@app/contracts';

import type { Message } from '../types';

/** The reaction picker's quick row (spec 1 section 2: 6 quick emojis plus a larger set). */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

export const MORE_REACTIONS = [
  '😀',
  '😁',
  '😅',
  '🤣',
  '😊',
  '😍',
  '😘',
  '😎',
  '🤔',
  '🙄',
  '😴',
  '😡',
  '🥳',
  '🤩',
  '😇',
  '🤝',
  '👏',
  '🙌',
  '💪',
  '👌',
  '✌️',
  '🔥',
  '🎉',
  '✅',
  '❌',
  '⭐',
  '💯',
  '👀',
  '💔',
  '😱',
] as const;

export type MessageMenuAction = 'reply' | 'react' | 'forward' | 'edit' | 'delete';

/**
 * What the message menu offers: reply, react and forward on any message that is not deleted; edit
 * (text only) and delete on own messages only (spec 1 section 4): sent by this user, or any sent
 * message for the roles that edit any (messages:editAny). Without a user nothing is editable.
 */
export function getMessageMenuActions(
  message: Pick<Message, 'fromMe' | 'isDeleted' | 'mediaType' | 'userId'>,
  user: { id: number; profile: string; super?: boolean } | null,
): MessageMenuAction[] {
  if (message.isDeleted) return [];
  const actions: MessageMenuAction[] = ['reply', 'react', 'forward'];
  const own = !!user && (message.userId === user.id || can(user, 'messages:editAny'));
  if (message.fromMe && own) {
    if (message.mediaType === 'chat' || !message.mediaType) actions.push('edit');
    actions.push('delete');
  }
  return actions;
}

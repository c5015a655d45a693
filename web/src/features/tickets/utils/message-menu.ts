import type { Message } from '../types';

/** The reaction picker's quick row (spec 1 section 2: 6 quick emojis plus a larger set). */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

export const MORE_REACTIONS = [
  '😀', '😁', '😅', '🤣', '😊', '😍', '😘', '😎', '🤔', '🙄', '😴', '😡',
  '🥳', '🤩', '😇', '🤝', '👏', '🙌', '💪', '👌', '✌️', '🔥', '🎉', '✅',
  '❌', '⭐', '💯', '👀', '💔', '😱',
] as const;

export type MessageMenuAction = 'reply' | 'react' | 'forward' | 'edit' | 'delete';

/**
 * What the message menu offers: reply, react and forward on any message that is not deleted; edit
 * (text only) and delete on own messages only (spec 1 section 4).
 */
export function getMessageMenuActions(message: Pick<Message, 'fromMe' | 'isDeleted' | 'mediaType'>): MessageMenuAction[] {
  if (message.isDeleted) return [];
  const actions: MessageMenuAction[] = ['reply', 'react', 'forward'];
  if (message.fromMe) {
    if (message.mediaType === 'chat' || !message.mediaType) actions.push('edit');
    actions.push('delete');
  }
  return actions;
}

import { HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuForward, LuPencil, LuReply, LuSmilePlus, LuTrash2 } from 'react-icons/lu';

import { useInboxUser } from '../hooks/inbox-user-context';
import type { Message } from '../types';
import { getMessageMenuActions, QUICK_REACTIONS } from '../utils/message-menu';

export type MessageMenuHandlers = {
  onReply: (message: Message) => void;
  onReact: (message: Message, emoji: string) => void;
  onMoreReactions: (message: Message) => void;
  onForward: (message: Message) => void;
  onEdit: (message: Message) => void;
  onDelete: (message: Message) => void;
};

/**
 * The message menu: reply, react (6 quick emojis and more), forward, and edit and delete on own messages.
 * Items act on click: Ark turns Enter on a highlighted item into a click too.
 */
export function MessageMenu({ message, ...handlers }: { message: Message } & MessageMenuHandlers) {
  const { t } = useTranslation();
  const actions = getMessageMenuActions(message, useInboxUser());
  if (actions.length === 0) return null;

  return (
    <Menu.Root positioning={{ placement: message.fromMe ? 'bottom-end' : 'bottom-start' }} lazyMount unmountOnExit>
      <Menu.Trigger asChild>
        {/* Not a Tab stop of its own: Enter on the focused message opens it (message-list). */}
        <IconButton size="2xs" variant="ghost" tabIndex={-1} aria-label={t('tickets.messageMenu.open')} data-testid="message-menu">
          <LuChevronDown />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44" data-testid="message-menu-content">
            {/* Side by side: a menu item is full width by default, which pushed all but the first out of view. */}
            <HStack gap="0" px="1">
              {QUICK_REACTIONS.map((emoji) => (
                <Menu.Item
                  key={emoji}
                  value={`react-${emoji}`}
                  onClick={() => handlers.onReact(message, emoji)}
                  w="auto"
                  px="1.5"
                  data-testid="message-quick-reaction"
                >
                  {emoji}
                </Menu.Item>
              ))}
              <Menu.Item
                value="react-more"
                onClick={() => handlers.onMoreReactions(message)}
                w="auto"
                px="1.5"
                aria-label={t('tickets.messageMenu.moreReactions')}
                data-testid="message-more-reactions"
              >
                <LuSmilePlus />
              </Menu.Item>
            </HStack>
            <Menu.Separator />
            <Menu.Item value="reply" onClick={() => handlers.onReply(message)} data-testid="message-menu-reply">
              <LuReply /> {t('tickets.messageMenu.reply')}
            </Menu.Item>
            <Menu.Item value="forward" onClick={() => handlers.onForward(message)} data-testid="message-menu-forward">
              <LuForward /> {t('tickets.messageMenu.forward')}
            </Menu.Item>
            {actions.includes('edit') && (
              <Menu.Item value="edit" onClick={() => handlers.onEdit(message)} data-testid="message-menu-edit">
                <LuPencil /> {t('tickets.messageMenu.edit')}
              </Menu.Item>
            )}
            {actions.includes('delete') && (
              <Menu.Item value="delete" color="fg.error" onClick={() => handlers.onDelete(message)} data-testid="message-menu-delete">
                <LuTrash2 /> {t('tickets.messageMenu.delete')}
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

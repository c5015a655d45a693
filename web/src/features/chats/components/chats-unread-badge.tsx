import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '@/features/auth/hooks/use-auth';

import { useChats } from '../api/chats';
import { useChatsRealtime } from '../hooks/use-chats-realtime';

/** The menu's dot on Internal chat while one of the user's chats has unread messages (spec 2). */
export function ChatsUnreadBadge({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const chats = useChats();
  useChatsRealtime(companyId, user?.id ?? 0);
  const unread = (chats.data ?? []).some((chat) => chat.users.some((member) => member.userId === user?.id && member.unreads > 0));
  if (!unread) return null;
  return (
    <Box
      w="2"
      h="2"
      borderRadius="full"
      bg="red.solid"
      title={t('chats.unread')}
      aria-label={t('chats.unread')}
      data-testid="chats-unread-dot"
    />
  );
}

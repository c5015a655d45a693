import { Badge, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { InfoDialog } from '@/components/ui/info-dialog';

import type { Ticket } from '../types';
import { MessageList } from './message-list';

type SpyDialogProps = { ticket: Ticket | null; onClose: () => void };

/** The admin's read-only view of a conversation, opened from the list item's spy icon. */
export function SpyDialog({ ticket, onClose }: SpyDialogProps) {
  const { t } = useTranslation();
  return (
    <InfoDialog
      open={ticket != null}
      onClose={onClose}
      title={
        <>
          {ticket?.contact.name} <Badge ml="2">{t('tickets.chat.spyMode')}</Badge>
        </>
      }
      testId="spy-dialog"
      size="lg"
      placement="center"
      scrollBehavior="inside"
      contentProps={{ h: '80vh' }}
      bodyProps={{ p: '0', display: 'flex' }}
    >
      <Flex direction="column" flex="1" minH="0">
        {ticket && <MessageList ticketId={ticket.id} isGroup={ticket.isGroup} />}
      </Flex>
    </InfoDialog>
  );
}

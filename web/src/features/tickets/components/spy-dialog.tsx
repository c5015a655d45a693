import { Badge, CloseButton, Dialog, Flex, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../types';
import { MessageList } from './message-list';

type SpyDialogProps = { ticket: Ticket | null; onClose: () => void };

/** The admin's read-only view of a conversation, opened from the list item's spy icon. */
export function SpyDialog({ ticket, onClose }: SpyDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={ticket != null} onOpenChange={(details) => !details.open && onClose()} size="lg" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content h="80vh" data-testid="spy-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {ticket?.contact.name} <Badge ml="2">{t('tickets.chat.spyMode')}</Badge>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body p="0" display="flex">
              <Flex direction="column" flex="1" minH="0">
                {ticket && <MessageList ticketId={ticket.id} isGroup={ticket.isGroup} />}
              </Flex>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Button, chakra, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuArrowRightLeft, LuTrash2 } from 'react-icons/lu';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError, toastSuccess } from '@/components/ui/toaster';

import { useDeleteTicket } from '../api/delete-ticket';
import { useUpdateTicket } from '../api/update-ticket';
import type { InboxUser, Ticket } from '../types';
import { chatFocusDone, wantChatFocus } from '../utils/chat-focus';
import { getTicketActions, transitionBody } from '../utils/ticket-actions';
import { ContactAvatar } from './contact-avatar';
import { ContactDrawer } from './contact-drawer';
import { TransferDialog } from './transfer-dialog';

type TicketHeaderProps = {
  ticket: Ticket;
  user: InboxUser;
  /** The contact typing ('composing') or recording, from the presence events. */
  presence?: string | null;
  onBack?: () => void;
  onDeleted: () => void;
};

type Transition = 'accept' | 'return' | 'resolve' | 'reopen';
const TRANSITIONS: Transition[] = ['accept', 'return', 'resolve', 'reopen'];

/** The chat header: contact, ticket number, assignee and the actions of the ticket's status. */
export function TicketHeader({ ticket, user, presence, onBack, onDeleted }: TicketHeaderProps) {
  const { t } = useTranslation();
  const updateMutation = useUpdateTicket();
  const deleteMutation = useDeleteTicket();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const actions = getTicketActions(ticket, user);

  async function handleTransition(action: Transition) {
    // The button pressed leaves with the status it belonged to: accepted, the agent writes; else focus
    // rests on the header naming the ticket. Wanted before the call: the socket's update may come first.
    wantChatFocus(action === 'accept' ? 'composer' : 'chat', ticket.uuid);
    try {
      await updateMutation.mutateAsync({ id: ticket.id, changes: transitionBody(action, user.id) });
    } catch (error) {
      chatFocusDone();
      toastError(error);
    }
  }

  function handleTransferred() {
    wantChatFocus('chat', ticket.uuid);
    setTransferOpen(false);
  }

  async function handleDelete() {
    try {
      await deleteMutation.mutateAsync(ticket.id);
      setConfirmDelete(false);
      toastSuccess(t('tickets.chat.deletedHere'));
      onDeleted();
    } catch (error) {
      toastError(error);
      setConfirmDelete(false);
    }
  }

  return (
    <Flex gap="3" px="3" py="2" align="center" borderBottomWidth="1px" bg="bg.panel" wrap="wrap" data-testid="ticket-header">
      {onBack && (
        <IconButton size="sm" variant="ghost" aria-label={t('tickets.buttons.back')} onClick={onBack}>
          <LuArrowLeft />
        </IconButton>
      )}
      <chakra.button
        type="button"
        display="flex"
        alignItems="center"
        gap="3"
        flex="1"
        // On a narrow screen the action buttons wrap under the contact rather than squeeze its name away.
        minW="40"
        textAlign="start"
        onClick={() => setContactOpen(true)}
        // Named by what it shows (contact, ticket number, assignee); the title says what it does.
        title={t('tickets.contact.open')}
        data-testid="ticket-header-contact"
      >
        <ContactAvatar name={ticket.contact.name} src={ticket.contact.profilePicUrl} />
        <Stack gap="0" flex="1" minW="0">
          <Text fontWeight="semibold" truncate data-testid="ticket-header-name">
            {ticket.contact.name}{' '}
            <Text as="span" color="fg.muted" fontWeight="normal">
              {t('tickets.chat.ticketNumber', { id: ticket.id })}
            </Text>
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate data-testid="ticket-header-assignee">
            {ticket.user ? t('tickets.chat.assignedTo', { name: ticket.user.name }) : t('tickets.chat.unassigned')}
          </Text>
          {(presence === 'composing' || presence === 'recording') && (
            <Text fontSize="xs" color="green.600" fontStyle="italic" data-testid="ticket-presence">
              {t(`tickets.chat.presence.${presence}`)}
            </Text>
          )}
        </Stack>
      </chakra.button>
      <HStack gap="2" ms="auto">
        {TRANSITIONS.filter((action) => actions.includes(action)).map((action) => (
          <Button
            key={action}
            size="xs"
            variant={action === 'return' ? 'outline' : 'solid'}
            colorPalette={action === 'resolve' ? 'green' : 'brand'}
            loading={updateMutation.isPending && updateMutation.variables?.changes.status === transitionBody(action, user.id).status}
            disabled={updateMutation.isPending}
            onClick={() => void handleTransition(action)}
            data-testid={`ticket-action-${action}`}
          >
            {t(`tickets.buttons.${action}`)}
          </Button>
        ))}
        {actions.includes('transfer') && (
          <IconButton
            size="xs"
            variant="outline"
            aria-label={t('tickets.buttons.transfer')}
            title={t('tickets.buttons.transfer')}
            onClick={() => setTransferOpen(true)}
            data-testid="ticket-action-transfer"
          >
            <LuArrowRightLeft />
          </IconButton>
        )}
        {actions.includes('delete') && (
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={t('tickets.buttons.delete')}
            title={t('tickets.buttons.delete')}
            onClick={() => setConfirmDelete(true)}
            data-testid="ticket-action-delete"
          >
            <LuTrash2 />
          </IconButton>
        )}
      </HStack>
      {contactOpen && (
        <ContactDrawer ticket={ticket} open canSchedule={user.company?.plan?.useSchedules === true} onClose={() => setContactOpen(false)} />
      )}
      {transferOpen && <TransferDialog ticket={ticket} open onClose={() => setTransferOpen(false)} onTransferred={handleTransferred} />}
      <ConfirmDialog
        open={confirmDelete}
        title={t('tickets.buttons.delete')}
        loading={deleteMutation.isPending}
        onConfirm={() => void handleDelete()}
        onClose={() => setConfirmDelete(false)}
      />
    </Flex>
  );
}

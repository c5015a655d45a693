import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUser } from 'react-icons/lu';
import { useNavigate } from 'react-router';

import { toastError } from '@/components/ui/toaster';

import { useStartContactTicket } from '../api/start-contact-ticket';
import { useInboxUser } from '../hooks/inbox-user-context';
import { parseVCard } from '../utils/vcard';

/** A shared contact: its name and number, and a button to start a ticket, or 'CONTATO FORA DO WHATSAPP'. */
export function ContactCardMessage({ body }: { body: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useInboxUser();
  const startMutation = useStartContactTicket();
  const card = parseVCard(body);
  const [invalid, setInvalid] = useState(card.number === '');

  async function handleStart() {
    if (!user) return;
    try {
      const result = await startMutation.mutateAsync({ name: card.name, number: card.number, userId: user.id });
      if ('uuid' in result) void navigate(`/tickets/${result.uuid}`);
      else if ('invalidNumber' in result) setInvalid(true);
      else
        toastError(
          t('tickets.newTicket.conflict', {
            userName: result.heldBy.userName ?? '',
            queueName: result.heldBy.queueName ?? t('tickets.noQueue'),
          }),
        );
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Stack gap="1" minW="48" data-testid="message-contact-card">
      <Text fontWeight="semibold" display="flex" alignItems="center" gap="2">
        <LuUser /> {card.name || t('tickets.chat.contact')}
      </Text>
      {card.number && <Text fontSize="sm">{card.number}</Text>}
      {invalid ? (
        <Text fontSize="xs" fontWeight="bold" color="fg.error" data-testid="contact-card-invalid">
          {t('tickets.chat.contactOutsideWhatsApp')}
        </Text>
      ) : (
        <Button
          size="xs"
          variant="outline"
          onClick={() => void handleStart()}
          loading={startMutation.isPending}
          data-testid="contact-card-start"
        >
          {t('tickets.chat.startConversation')}
        </Button>
      )}
    </Stack>
  );
}

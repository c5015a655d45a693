import { appMessageSocketPayloadSchema } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { useCloudWindow } from '../api/cloud-templates';
import { useTicketConnections } from '../api/get-connections';
import type { Ticket } from '../types';
import { appMessageEventName } from './use-tickets-realtime';

/**
 * Whether the ticket can only take an approved template: its connection is a WhatsApp Cloud API one
 * and the contact's 24-hour window has closed. A message from the customer reopens the window, so
 * one arriving in this ticket asks again at once.
 */
export function useTemplateOnly(ticket: Pick<Ticket, 'id' | 'whatsappId' | 'isGroup' | 'contact'> | undefined, companyId: number) {
  const queryClient = useQueryClient();
  const connections = useTicketConnections(!!ticket);
  const number = ticket?.contact.number ?? '';
  const connectionId = ticket?.whatsappId ?? 0;
  const cloud =
    !!ticket &&
    !ticket.isGroup &&
    /^\d{8,15}$/.test(number) &&
    connections.data?.find((connection) => connection.id === connectionId)?.provider === 'cloud';
  const window = useCloudWindow(connectionId, number, cloud);

  useSocketEvent(appMessageEventName(companyId), (payload) => {
    if (!cloud) return;
    const parsed = appMessageSocketPayloadSchema.safeParse(payload);
    if (!parsed.success || parsed.data.message.ticketId !== ticket?.id || parsed.data.message.fromMe) return;
    void queryClient.invalidateQueries({ queryKey: ['tickets', 'cloud-window', connectionId, number] });
  });

  return cloud && window.data?.open === false;
}

import { contactSchema, ticketCreateResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api, isApiError } from '@/lib/api-client';

import { readOtherOpenTicket } from '../utils/new-ticket-form';

export type StartContactTicketResult =
  { uuid: string } | { invalidNumber: true } | { heldBy: { userName: string | null; queueName: string | null } };

/**
 * A contact card's start-a-ticket: the contact is saved (`POST /api/contacts`, checked against
 * WhatsApp; an existing contact is reused) and a ticket opened for the user (`POST /api/tickets`, which
 * checks the number again). Either check refusing the number gives `invalidNumber`.
 */
export async function startContactTicket({
  name,
  number,
  userId,
}: {
  name: string;
  number: string;
  userId: number;
}): Promise<StartContactTicketResult> {
  let contactId: number;
  try {
    contactId = (await api.post('/contacts', { name: name || number, number }, { schema: contactSchema })).id;
  } catch (error) {
    if (isApiError(error) && error.code === 'ERR_WAPP_INVALID_CONTACT') return { invalidNumber: true };
    const existing = isApiError(error) ? (error.details.existingContact as { id?: number } | null | undefined) : undefined;
    if (!existing?.id) throw error;
    contactId = existing.id;
  }
  try {
    const ticket = await api.post('/tickets', { contactId, userId, status: 'open' }, { schema: ticketCreateResponseSchema });
    return { uuid: ticket.uuid };
  } catch (error) {
    // An existing contact is checked on WhatsApp when its ticket starts.
    if (isApiError(error) && error.code === 'ERR_WAPP_INVALID_CONTACT') return { invalidNumber: true };
    const other = readOtherOpenTicket(error);
    if (!other) throw error;
    // The uuid comes only with the caller's own ticket.
    return other.uuid && other.userId === userId
      ? { uuid: other.uuid }
      : { heldBy: { userName: other.userName, queueName: other.queueName } };
  }
}

export function useStartContactTicket() {
  return useMutation({ mutationFn: startContactTicket, meta: { silent: true } });
}

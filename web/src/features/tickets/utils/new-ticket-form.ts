import { type OtherOpenTicketError, otherOpenTicketErrorSchema, type TicketCreateBody } from '@app/contracts';
import { z } from 'zod';

import { isApiError } from '@/lib/api-client';

/**
 * The new-ticket dialog (spec 1 section 5): a contact, a queue unless the user is admin ('Selecione
 * uma fila'), a connection. Messages are i18n keys; the dialog translates them.
 */
export function newTicketFormSchema(admin: boolean) {
  return z
    .object({
      contactId: z.number({ error: 'tickets.newTicket.contactRequired' }).int().positive('tickets.newTicket.contactRequired'),
      queueId: z.string(),
      whatsappId: z.string().min(1, 'tickets.newTicket.connectionRequired'),
    })
    .superRefine((values, context) => {
      if (!admin && !values.queueId) context.addIssue({ code: 'custom', path: ['queueId'], message: 'tickets.newTicket.queueRequired' });
    });
}

export type NewTicketFormValues = { contactId: number; queueId: string; whatsappId: string };

/** The POST /tickets body: the ticket opens for the current user. */
export function toCreateTicketBody(values: NewTicketFormValues, userId: number): TicketCreateBody {
  return {
    contactId: values.contactId,
    queueId: values.queueId ? Number(values.queueId) : null,
    whatsappId: Number(values.whatsappId),
    userId,
    status: 'open',
  };
}

/** The holder of the contact's open ticket, when the error is ERR_OTHER_OPEN_TICKET. */
export function readOtherOpenTicket(error: unknown): OtherOpenTicketError | null {
  if (!isApiError(error) || error.code !== 'ERR_OTHER_OPEN_TICKET') return null;
  const parsed = otherOpenTicketErrorSchema.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}

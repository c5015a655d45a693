import { z } from 'zod';

import type { TicketUpdateBody } from '../types';

/** Spec 1 section 5: user search starts at 3 characters. */
export const USER_SEARCH_MIN_LENGTH = 3;

/** Transfer (spec 1 section 5): a queue is required; a connection is selected; a user is optional. */
export const transferFormSchema = z.object({
  queueId: z.string().min(1, 'tickets.transfer.queueRequired'),
  whatsappId: z.string(),
  userId: z.number().int().positive().nullable(),
});

export type TransferFormValues = z.infer<typeof transferFormSchema>;

/**
 * The PUT /tickets/{id} body of a transfer: a queue chosen without a user makes the ticket pending
 * and clears its user (spec 1 section 4).
 */
export function toTransferBody(values: TransferFormValues): TicketUpdateBody {
  const body: TicketUpdateBody = { queueId: Number(values.queueId) };
  if (values.whatsappId) body.whatsappId = Number(values.whatsappId);
  if (values.userId) {
    body.userId = values.userId;
  } else {
    body.userId = null;
    body.status = 'pending';
  }
  return body;
}

/** Users whose name matches the search, once it has 3 characters. */
export function matchUsers<T extends { name: string }>(users: readonly T[], search: string): T[] {
  const text = search.trim().toLowerCase();
  if (text.length < USER_SEARCH_MIN_LENGTH) return [];
  return users.filter((user) => user.name.toLowerCase().includes(text));
}

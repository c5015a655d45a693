import type { z } from 'zod';

import { contactSchema } from './api/conversations/contacts';
import { messageListResponseSchema } from './api/conversations/messages';
import { queueSchema } from './api/conversations/queues';
import { tagSchema } from './api/conversations/tags';
import { connectionSchema } from './api/whatsapp';
import { userSnapshotSchema } from './events/identity.events';
import type { ServiceName } from './routes';

/**
 * The records one service owns and others keep copies of (projections fed by the owner's events), and
 * where the owner answers one of them to a user of its company: the route under /api and the schema
 * of the answer, which is the record as the owner's events carry it. A service whose copy does not
 * have an id yet asks there (docs/decisions/0039-ids-usable-at-once-read-through.md).
 */
export const OWNED_RECORDS = {
  contact: { owner: 'conversations', path: (id: number) => `/contacts/${id}`, schema: contactSchema },
  tag: { owner: 'conversations', path: (id: number) => `/tags/${id}`, schema: tagSchema },
  queue: { owner: 'conversations', path: (id: number) => `/queue/${id}`, schema: queueSchema },
  connection: { owner: 'whatsapp', path: (id: number) => `/whatsapp/${id}`, schema: connectionSchema },
  user: { owner: 'identity', path: (id: number) => `/users/${id}/snapshot`, schema: userSnapshotSchema },
  /**
   * A ticket's newest page of messages as its viewer may see them (conversations' visibility rule:
   * 404 another company's, 403 a hidden one): the copilot reads the conversation it helps with here.
   */
  ticketMessages: {
    owner: 'conversations',
    path: (id: number) => `/messages/${id}`,
    schema: messageListResponseSchema.transform((page) => ({
      id: page.ticket.id,
      companyId: page.ticket.companyId,
      messages: page.messages,
    })),
  },
} as const satisfies Record<
  string,
  { owner: ServiceName; path: (id: number) => string; schema: z.ZodType<{ id: number; companyId: number }> }
>;

export type OwnedRecordKind = keyof typeof OWNED_RECORDS;
export type OwnedRecord<K extends OwnedRecordKind> = z.infer<(typeof OWNED_RECORDS)[K]['schema']>;

import { z } from 'zod';

import { aiAuthorSchema } from '../ai/answering';
import { idParamSchema, looseBoolean } from '../primitives';
import { messageAckSchema } from './constants';
import { contactRefSchema } from './contacts';
import { id, isoDateTime, M, pageNumber } from './fields';
import { ticketSchema } from './tickets';

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

const quotedMessageSchema = z.object({
  id,
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  isDeleted: z.boolean(),
  contact: contactRefSchema.pick({ id: true, name: true }).nullable(),
});

export const messageReactionSchema = z.object({
  /** The reacting side: the contact (fromMe false) or the company (fromMe true). */
  fromMe: z.boolean(),
  emoji: z.string(),
});

export const messageSchema = z.object({
  id,
  /** The WhatsApp message id ('' until the send is confirmed). */
  wid: z.string(),
  ticketId: id,
  contactId: id.nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  quotedMsgId: id.nullable(),
  quotedMsg: quotedMessageSchema.nullable(),
  ack: messageAckSchema,
  read: z.boolean(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  /** Set when a send failed (ERR_SENDING_WAPP_MSG). */
  sendError: z.string().nullable(),
  reactions: z.array(messageReactionSchema),
  /** The user who sent it (fromMe); null for the contact's, the phone's and the service's own. Own messages are this user's. */
  userId: id.nullable(),
  /** The sender inside a group, or the ticket's contact. */
  contact: contactRefSchema.pick({ id: true, name: true, number: true, profilePicUrl: true }).nullable(),
  queueId: id.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** The AI assistant (a prompt or an agent) that wrote it; null for everyone else's. */
  aiAuthor: aiAuthorSchema.nullable().optional(),
  /** What an audio says, as the ai service transcribed it (shown under the audio); null until then. */
  transcript: z.string().nullable().optional(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * GET /messages/{ticketId}: the conversation with the ticket's contact on its connection (earlier
 * tickets too, so the web draws the marker between them), each page oldest first. Without a cursor
 * the newest page; `nextId` (what a page answered) or `pageNumber` pages older; `aroundId` answers the
 * page around one message of the conversation (some older, that one and some newer: 404 for a message
 * that is not one of it), and `newerId` (what that page answered) pages newer from there.
 */
export const messageListQuerySchema = z.object({
  pageNumber,
  nextId: idParamSchema.optional(),
  newerId: idParamSchema.optional(),
  aroundId: idParamSchema.optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;
export const messageListResponseSchema = z.object({
  messages: z.array(messageSchema),
  ticket: ticketSchema,
  hasMore: z.boolean(),
  /** The cursor of the next (older) page: the oldest message of this one; null on the last page. */
  nextId: z.number().int().nullable(),
  /** Newer messages than this page's exist (only after `aroundId` or `newerId`: other pages end at the newest). */
  hasNewer: z.boolean().default(false),
  /** The cursor of the newer page (`newerId`): the newest message of this one; null when this page reaches the newest. */
  newerId: z.number().int().nullable().default(null),
});
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

const messageBody = z.string().max(65_536, M.genericTooLong);

/**
 * POST /messages/{ticketId} as JSON. Empty or whitespace-only text is refused unless a media goes
 * with it: `mediaUrl` is what POST /whatsapp-media answered (`url`, with its `mimetype` and
 * `fileName`), and `body` is then the caption.
 */
export const messageSendSchema = z
  .object({
    body: messageBody.default(''),
    /** The Whaticket web sends `read: 1` with every reply; `'1'`, `'true'` and booleans too. */
    read: looseBoolean.optional(),
    fromMe: looseBoolean.optional(),
    mediaUrl: z.string().max(2_000).nullable().optional(),
    mimetype: z.string().max(255).optional(),
    fileName: z.string().max(255).optional(),
    /** The message replied to: its id (the web may send the whole message). */
    quotedMsg: z.object({ id }).loose().nullable().optional(),
  })
  .refine((m) => m.body.trim().length > 0 || !!m.mediaUrl, { message: M.emptyMessage, path: ['body'] })
  .refine((m) => !m.mediaUrl || !!m.mimetype, { message: M.required, path: ['mimetype'] });
export type MessageSendBody = z.infer<typeof messageSendSchema>;
/** The `{{n}}` placeholders of a template's text, in the order they appear. */
export const TEMPLATE_PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

/** A template's text with its `{{n}}` filled from `parameters` (1-based); a placeholder without one stays. */
export function fillTemplateText(text: string, parameters: readonly string[]): string {
  return text.replace(TEMPLATE_PLACEHOLDER, (placeholder, n: string) => parameters[Number(n) - 1] ?? placeholder);
}

const templateParameter = (max: number) => z.string().trim().min(1, M.genericRequired).max(max, M.genericTooLong);

/**
 * POST /messages/{ticketId}/template (ours, WhatsApp Cloud API connections): an approved template of
 * the ticket's number, the only message Meta delivers once the 24-hour customer-service window has
 * closed. `body` is the template's text as GET /whatsapp/{id}/cloud/templates lists it: the chat
 * shows it with the parameters filled in (Meta sends its own copy of the text).
 */
export const messageTemplateSendSchema = z
  .object({
    name: z.string().trim().min(1, M.genericRequired).max(512, M.genericTooLong),
    language: z.string().trim().min(2, M.genericTooShort).max(15, M.genericTooLong),
    bodyParameters: z.array(templateParameter(1_024)).max(50).default([]),
    headerParameters: z.array(templateParameter(60)).max(1).default([]),
    body: z.string().max(1_024, M.genericTooLong).default(''),
  })
  .refine((m) => [...m.body.matchAll(TEMPLATE_PLACEHOLDER)].every((match) => Number(match[1]) <= m.bodyParameters.length), {
    message: 'Preencha todas as variáveis do modelo',
    path: ['bodyParameters'],
  });
export type MessageTemplateSendBody = z.infer<typeof messageTemplateSendSchema>;

/** POST /messages/{ticketId} as JSON answers the message; as multipart (`medias`), one message a file. */
export const messageSendResponseSchema = messageSchema;
export const messageSendFilesResponseSchema = z.array(messageSchema);
/** DELETE /messages/{id}: the message, now deleted for everybody (isDeleted). */
export const messageDeleteResponseSchema = messageSchema;

/** POST /messages/edit/{id}: own, not deleted, text only. */
export const messageEditSchema = z.object({
  body: messageBody.refine((value) => value.trim().length > 0, M.emptyMessage),
  /** The Whaticket edit dialog sends `{ read: 1, fromMe: true, mediaUrl: '', body, quotedMsg: null }`. */
  read: looseBoolean.optional(),
  fromMe: looseBoolean.optional(),
  mediaUrl: z.string().nullable().optional(),
  quotedMsg: z.unknown().optional(),
});
export type MessageEditBody = z.infer<typeof messageEditSchema>;

/** POST /messages/{id}/reactions {type}: the emoji ('' removes our reaction). */
export const messageReactionCreateSchema = z.object({ type: z.string().max(16) });
export type MessageReactionCreateBody = z.infer<typeof messageReactionCreateSchema>;
/** POST /messages/{id}/reactions answers the message with its reactions. */
export const messageReactionResponseSchema = messageSchema;

/** POST /message/forward. */
export const messageForwardSchema = z.object({
  messageId: id,
  contactId: id,
  signMessage: z.boolean().default(true),
});
export type MessageForwardBody = z.input<typeof messageForwardSchema>;
/** POST /message/forward answers the new message, sent to the contact. */
export const messageForwardResponseSchema = messageSchema;

/**
 * POST /messages/react/{id} `{ ticketId, emoji }`: the ticketz client's reaction (its message menu);
 * the same operation as POST /messages/{id}/reactions, the message checked to be of that ticket.
 * Ids as JSON numbers or digit strings (the client sends what GET /messages gave it).
 */
export const messageReactWhaticketSchema = z.object({
  ticketId: idParamSchema,
  emoji: z.string({ error: 'Obrigatório' }).max(16),
});
export type MessageReactWhaticketBody = z.infer<typeof messageReactWhaticketSchema>;

/**
 * POST /messages/forward `{ contactId, ticketId, messageId, queueId }`: the ticketz client's forward
 * dialog. The message must be of that ticket; a ticket opened for the contact goes to `queueId` (one
 * of the caller's queues unless the caller sees every queue; absent for a group).
 */
export const messageForwardWhaticketSchema = z.object({
  contactId: idParamSchema,
  ticketId: idParamSchema,
  messageId: idParamSchema,
  queueId: idParamSchema.nullish(),
});
export type MessageForwardWhaticketBody = z.infer<typeof messageForwardWhaticketSchema>;

/** `company-{id}-appMessage`: a message appeared (create) or changed (update: ack, edit, delete, reaction). */
export const appMessageSocketPayloadSchema = z.object({
  action: z.enum(['create', 'update']),
  message: messageSchema,
  ticket: ticketSchema,
  contact: contactRefSchema,
});
export type AppMessageSocketPayload = z.infer<typeof appMessageSocketPayloadSchema>;

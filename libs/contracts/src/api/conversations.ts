import { z } from 'zod';

/**
 * The conversations API (owned by the conversations service): tickets, messages, contacts, queues,
 * tags and ticket notes as the REST API shows them, the bodies and queries it accepts, and the socket
 * payloads of `company-{id}-ticket`, `company-{id}-appMessage` and `company-{id}-contact`. Server and
 * web validate with these same schemas; paths are relative to /api.
 */

// ---------------------------------------------------------------------------------------------
// Messages the spec gives
// ---------------------------------------------------------------------------------------------

export const CONVERSATIONS_MESSAGES = {
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  required: 'Required',
  invalidEmail: 'Invalid email',
  genericTooShort: 'Muito curto!',
  genericTooLong: 'Muito grande!',
  genericRequired: 'Obrigatório',
  /** New-ticket dialog: a queue is required unless the user is admin. */
  queueRequired: 'Selecione uma fila',
  /** The web's toast for ERR_TICKET_NOT_ALLOWED (a ticket of a queue the user is not in). */
  accessNotAllowed: 'Acesso não permitido',
  emptyMessage: 'Mensagem vazia',
  noteAdded: 'Observação adicionada com sucesso!',
  noteDeleted: 'Observação excluída com sucesso!',
  tagTooShort: 'Mensagem muito curta',
  /** Spec 3: creating a queue past the plan's limit; `{current}` and `{max}` are filled in. */
  queueLimitReached: 'Limite de filas atingido ({current}/{max}). Exclua uma fila existente ou atualize seu plano para criar mais filas.',
} as const;
const M = CONVERSATIONS_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Enumerations and constants
// ---------------------------------------------------------------------------------------------

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** The spec's Message.mediaType values, plus `chat` for plain text. */
export const MESSAGE_MEDIA_TYPES = [
  'chat',
  'image',
  'audio',
  'video',
  'application',
  'locationMessage',
  'contactMessage',
  'call_log',
  'reactionMessage',
  'vcard',
] as const;

/** Ack: 0 clock (not yet sent), 1 and 2 single tick, 3 double tick, 4 and 5 double blue tick. */
export const messageAckSchema = z.number().int().min(0).max(5);

export const TICKETS_PAGE_SIZE = 40;
export const MESSAGES_PAGE_SIZE = 20;
export const CONTACTS_PAGE_SIZE = 20;
/** Paging is bounded: deeper pages are refused rather than scanned. */
export const MAX_PAGE_NUMBER = 2_500;

export const CONTACT_NAME_MIN = 2;
export const CONTACT_NAME_MAX = 50;
export const CONTACT_NUMBER_MIN = 8;
export const CONTACT_NUMBER_MAX = 50;
export const TICKET_NOTE_MIN = 2;
export const TAG_NAME_MIN = 3;

/** Default out-of-hours week of a new queue (spec 3 §9). */
export const DEFAULT_QUEUE_SCHEDULES = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
] as const;

// ---------------------------------------------------------------------------------------------
// Shared field schemas
// ---------------------------------------------------------------------------------------------

const id = z.number().int().positive();
const isoDateTime = z.string();
const dateOnly = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'YYYY-MM-DD');
const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).default(1);
const searchParam = z.string().trim().max(200).default('');

/**
 * A list of ids in a query string: `[1,2]` (JSON, as the Whaticket web sends it), `1,2`, or the
 * parameter repeated. Empty means "no filter".
 */
export const idListQuerySchema = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.flatMap((item) => String(item).split(','));
  const text = String(value).trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch {
      return [text];
    }
  }
  return text.split(',');
}, z.array(z.coerce.number().int().positive()).max(500));

const booleanQuery = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : value === true || value === 'true' || value === '1'),
  z.boolean().optional(),
);

// ---------------------------------------------------------------------------------------------
// Queues
// ---------------------------------------------------------------------------------------------

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '##:##');
export const queueScheduleSchema = z.object({
  weekday: z.string().trim().max(30),
  weekdayEn: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
  startTime: timeOfDay.or(z.literal('')),
  endTime: timeOfDay.or(z.literal('')),
});
export type QueueSchedule = z.infer<typeof queueScheduleSchema>;

export const queueSchema = z.object({
  id,
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  orderQueue: z.number().int().nullable(),
  integrationId: id.nullable(),
  agentId: id.nullable(),
  promptId: id.nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  schedules: z.array(queueScheduleSchema),
  companyId: id,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Queue = z.infer<typeof queueSchema>;

/** What a ticket or a user carries of its queue. */
export const queueRefSchema = z.object({ id, name: z.string(), color: z.string() });
export type QueueRef = z.infer<typeof queueRefSchema>;

const colour = z
  .string({ error: M.genericRequired })
  .trim()
  .regex(/^#[0-9a-fA-F]{3,8}$/, 'Cor inválida');
const longText = z.string().max(5_000, M.genericTooLong);

/** POST /queue. */
export const queueCreateSchema = z.object({
  name: z.string({ error: M.required }).trim().min(2, M.tooShort).max(50, M.tooLong),
  color: colour,
  greetingMessage: longText.default(''),
  complationMessage: longText.default(''),
  outOfHoursMessage: longText.default(''),
  ratingMessage: longText.default(''),
  orderQueue: z.coerce.number().int().min(0).max(10_000).nullable().default(null),
  integrationId: id.nullable().default(null),
  agentId: id.nullable().default(null),
  promptId: id.nullable().default(null),
  schedules: z.array(queueScheduleSchema).max(7).optional(),
});
export type QueueCreateBody = z.input<typeof queueCreateSchema>;
/** PUT /queue/{id}: only sent fields change. */
export const queueUpdateSchema = queueCreateSchema.partial();
export type QueueUpdateBody = z.input<typeof queueUpdateSchema>;
/** GET /queue answers a plain array (ordered by orderQueue, then name). */
export const queueListResponseSchema = z.array(queueSchema);

// ---------------------------------------------------------------------------------------------
// Tags
// ---------------------------------------------------------------------------------------------

export const tagSchema = z.object({
  id,
  name: z.string(),
  color: z.string(),
  kanban: z.number().int().min(0).max(1),
  companyId: id,
});
export type Tag = z.infer<typeof tagSchema>;

/** POST /tags {name, color?, kanban?}. */
export const tagCreateSchema = z.object({
  name: z.string({ error: M.genericRequired }).trim().min(TAG_NAME_MIN, M.tagTooShort).max(100, M.genericTooLong),
  color: colour.default('#A4CCCC'),
  kanban: z.coerce.number().int().min(0).max(1).default(0),
});
export type TagCreateBody = z.input<typeof tagCreateSchema>;

/** POST /tags/sync {ticketId, tags}: the ticket's tags become exactly these. */
export const tagSyncSchema = z.object({
  ticketId: id,
  tags: z.array(z.object({ id }).loose()).max(100),
});
export type TagSyncBody = z.infer<typeof tagSyncSchema>;
export const tagListResponseSchema = z.array(tagSchema);

// ---------------------------------------------------------------------------------------------
// Contacts
// ---------------------------------------------------------------------------------------------

export const contactExtraInfoSchema = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, M.required).max(100, M.tooLong),
  value: z.string().max(1_000, M.tooLong),
});
export type ContactExtraInfo = z.infer<typeof contactExtraInfoSchema>;

export const contactSchema = z.object({
  id,
  uuid: z.uuid(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string(),
  active: z.boolean(),
  isGroup: z.boolean(),
  /** The connection the contact first wrote through (the spec's `whatsapp`). */
  whatsappId: id.nullable(),
  extraInfo: z.array(contactExtraInfoSchema),
  companyId: id,
  /** The last ticket's updatedAt: the contacts table's last interaction. */
  lastInteractionAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Contact = z.infer<typeof contactSchema>;

const contactName = z
  .string({ error: M.required })
  .trim()
  .min(CONTACT_NAME_MIN, M.tooShort)
  .max(CONTACT_NAME_MAX, M.tooLong);
const contactNumber = z
  .string({ error: M.required })
  .trim()
  .transform((value) => value.replace(/[\s()+-]/g, ''))
  .pipe(z.string().min(CONTACT_NUMBER_MIN, M.tooShort).max(CONTACT_NUMBER_MAX, M.tooLong).regex(/^[\d-]+$/, 'Número inválido'));

/** POST /contacts. */
export const contactCreateSchema = z.object({
  name: contactName,
  number: contactNumber,
  email: z.union([z.literal(''), z.email(M.invalidEmail)]).default(''),
  extraInfo: z.array(contactExtraInfoSchema).max(50).default([]),
});
export type ContactCreateBody = z.input<typeof contactCreateSchema>;
/** PUT /contacts/{id}. */
export const contactUpdateSchema = contactCreateSchema.partial();
export type ContactUpdateBody = z.input<typeof contactUpdateSchema>;

/** GET /contacts/ query. */
export const contactListQuerySchema = z.object({ searchParam, pageNumber });
export const contactListResponseSchema = z.object({ contacts: z.array(contactSchema), hasMore: z.boolean() });
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;

/** Sheets accepted by POST /contacts/upload (multipart `file`). */
export const CONTACT_SHEET_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_SHEET_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
/** Rows read from one sheet at most; the rest are refused. */
export const CONTACT_SHEET_MAX_ROWS = 10_000;

/** POST /contacts/import: the connected phone's address book, as contacts (existing numbers skipped). */
export const contactImportResponseSchema = z.object({ imported: z.number().int().min(0), skipped: z.number().int().min(0) });
export type ContactImportResponse = z.infer<typeof contactImportResponseSchema>;

/** POST /contacts/upload: what became of each row (row numbers as the sheet shows them, header = 1). */
export const contactUploadResponseSchema = z.object({
  created: z.number().int().min(0),
  skipped: z.number().int().min(0),
  invalid: z.array(z.object({ row: z.number().int().min(1), reason: z.string() })),
});
export type ContactUploadResponse = z.infer<typeof contactUploadResponseSchema>;

/** What a ticket or message carries of its contact. */
export const contactRefSchema = contactSchema.pick({
  id: true,
  uuid: true,
  name: true,
  number: true,
  email: true,
  profilePicUrl: true,
  isGroup: true,
});
export type ContactRef = z.infer<typeof contactRefSchema>;

// ---------------------------------------------------------------------------------------------
// Tickets
// ---------------------------------------------------------------------------------------------

export const ticketSchema = z.object({
  id,
  uuid: z.uuid(),
  status: ticketStatusSchema,
  userId: id.nullable(),
  user: z.object({ id, name: z.string() }).nullable(),
  queueId: id.nullable(),
  queue: queueRefSchema.nullable(),
  whatsappId: id,
  whatsapp: z.object({ id, name: z.string() }).nullable(),
  contactId: id,
  contact: contactRefSchema,
  companyId: id,
  lastMessage: z.string(),
  unreadMessages: z.number().int().min(0),
  isGroup: z.boolean(),
  chatbot: z.boolean(),
  /** composing or recording while the contact types or records; null otherwise. */
  presence: z.enum(['composing', 'recording']).nullable(),
  tags: z.array(tagSchema.pick({ id: true, name: true, color: true })),
  useIntegration: z.boolean(),
  promptId: id.nullable(),
  integrationId: id.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * GET /tickets. `status` filters one state; `showAll` (permitted roles only) lifts the "mine or
 * pending" rule of the Open tab; `queueIds` narrows to those queues (always within the user's own
 * queues unless admin or supervisor); `date` and `updatedAt` pick one day (YYYY-MM-DD) of creation or
 * of last update; `tags` and `users` narrow to tickets carrying any of those tags or assigned to any of
 * those users; `withUnreadMessages` keeps tickets with unread messages only.
 */
export const ticketListQuerySchema = z.object({
  searchParam: searchParam.transform((value) => value.toLowerCase()),
  pageNumber,
  status: ticketStatusSchema.optional(),
  date: dateOnly.optional(),
  updatedAt: dateOnly.optional(),
  showAll: booleanQuery,
  withUnreadMessages: booleanQuery,
  queueIds: idListQuerySchema,
  tags: idListQuerySchema,
  users: idListQuerySchema,
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;
export const ticketListResponseSchema = z.object({ tickets: z.array(ticketSchema), hasMore: z.boolean() });
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

/** POST /tickets: creating from a contact opens the ticket for the caller. */
export const ticketCreateSchema = z.object({
  contactId: id,
  queueId: id.nullable().optional(),
  whatsappId: id.nullable().optional(),
  userId: id.nullable().optional(),
  status: ticketStatusSchema.default('open'),
});
export type TicketCreateBody = z.input<typeof ticketCreateSchema>;
export const ticketCreateResponseSchema = ticketSchema;

/**
 * PUT /tickets/{id}: the spec's transitions (accept, return, resolve, reopen, transfer). A queue
 * chosen without a user (transfer) makes the ticket pending and clears its user.
 */
export const ticketUpdateSchema = z.object({
  status: ticketStatusSchema.optional(),
  userId: id.nullable().optional(),
  queueId: id.nullable().optional(),
  whatsappId: id.optional(),
  useIntegration: z.boolean().optional(),
  promptId: id.nullable().optional(),
  integrationId: id.nullable().optional(),
});
export type TicketUpdateBody = z.infer<typeof ticketUpdateSchema>;

/** POST /tickets/closeAll {status, selectedQueueIds}: closes the company's tickets in that status of those queues. */
export const ticketCloseAllSchema = z.object({
  status: z.enum(['pending', 'open']).default('open'),
  selectedQueueIds: z.array(id).max(500).default([]),
});
export type TicketCloseAllBody = z.input<typeof ticketCloseAllSchema>;
export const ticketCloseAllResponseSchema = z.object({ closed: z.number().int().min(0) });

/** The body of 409 ERR_OTHER_OPEN_TICKET: who holds the contact's open ticket. */
export const otherOpenTicketErrorSchema = z.object({
  error: z.literal('ERR_OTHER_OPEN_TICKET'),
  message: z.string(),
  ticketId: id,
  uuid: z.uuid(),
  userId: id.nullable(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
});
export type OtherOpenTicketError = z.infer<typeof otherOpenTicketErrorSchema>;

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
  /** The sender inside a group, or the ticket's contact. */
  contact: contactRefSchema.pick({ id: true, name: true, number: true, profilePicUrl: true }).nullable(),
  queueId: id.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Message = z.infer<typeof messageSchema>;

/**
 * GET /messages/{ticketId}?pageNumber: the conversation with the ticket's contact on its connection
 * (earlier tickets too, so the web draws the marker between them), newest page first, each page
 * oldest first.
 */
export const messageListQuerySchema = z.object({ pageNumber });
export const messageListResponseSchema = z.object({
  messages: z.array(messageSchema),
  ticket: ticketSchema,
  hasMore: z.boolean(),
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
    read: z.boolean().optional(),
    fromMe: z.boolean().optional(),
    mediaUrl: z.string().max(2_000).nullable().optional(),
    mimetype: z.string().max(255).optional(),
    fileName: z.string().max(255).optional(),
    /** The message replied to: its id (the web may send the whole message). */
    quotedMsg: z.object({ id }).loose().nullable().optional(),
  })
  .refine((m) => m.body.trim().length > 0 || !!m.mediaUrl, { message: M.emptyMessage, path: ['body'] })
  .refine((m) => !m.mediaUrl || !!m.mimetype, { message: M.required, path: ['mimetype'] });
export type MessageSendBody = z.infer<typeof messageSendSchema>;

/** POST /messages/edit/{id}: own, not deleted, text only. */
export const messageEditSchema = z.object({
  body: messageBody.refine((value) => value.trim().length > 0, M.emptyMessage),
  read: z.boolean().optional(),
  fromMe: z.boolean().optional(),
  mediaUrl: z.string().nullable().optional(),
  quotedMsg: z.unknown().optional(),
});
export type MessageEditBody = z.infer<typeof messageEditSchema>;

/** POST /messages/{id}/reactions {type}: the emoji ('' removes our reaction). */
export const messageReactionCreateSchema = z.object({ type: z.string().max(16) });
export type MessageReactionCreateBody = z.infer<typeof messageReactionCreateSchema>;

/** POST /message/forward. */
export const messageForwardSchema = z.object({
  messageId: id,
  contactId: id,
  signMessage: z.boolean().default(true),
});
export type MessageForwardBody = z.input<typeof messageForwardSchema>;

// ---------------------------------------------------------------------------------------------
// Ticket notes
// ---------------------------------------------------------------------------------------------

export const ticketNoteSchema = z.object({
  id,
  note: z.string(),
  userId: id.nullable(),
  user: z.object({ id, name: z.string() }).nullable(),
  ticketId: id.nullable(),
  contactId: id,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type TicketNote = z.infer<typeof ticketNoteSchema>;

/** POST /ticket-notes. */
export const ticketNoteCreateSchema = z.object({
  note: z.string({ error: M.genericRequired }).trim().min(TICKET_NOTE_MIN, M.genericTooShort).max(5_000, M.genericTooLong),
  ticketId: id.nullable().optional(),
  contactId: id,
});
export type TicketNoteCreateBody = z.input<typeof ticketNoteCreateSchema>;
/** GET /ticket-notes/list?ticketId&contactId. */
export const ticketNoteListQuerySchema = z.object({
  ticketId: z.coerce.number().int().positive().optional(),
  contactId: z.coerce.number().int().positive(),
});
export const ticketNoteListResponseSchema = z.array(ticketNoteSchema);

// ---------------------------------------------------------------------------------------------
// Socket payloads
// ---------------------------------------------------------------------------------------------

/** `company-{id}-ticket`. */
export const ticketSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), ticket: ticketSchema }),
  /** The ticket's unread count went back to 0 (someone read it). */
  z.object({ action: z.literal('updateUnread'), ticketId: id }),
  z.object({ action: z.literal('delete'), ticketId: id }),
]);
export type TicketSocketPayload = z.infer<typeof ticketSocketPayloadSchema>;

/** `company-{id}-appMessage`: a message appeared (create) or changed (update: ack, edit, delete, reaction). */
export const appMessageSocketPayloadSchema = z.object({
  action: z.enum(['create', 'update']),
  message: messageSchema,
  ticket: ticketSchema,
  contact: contactRefSchema,
});
export type AppMessageSocketPayload = z.infer<typeof appMessageSocketPayloadSchema>;

/** `company-{id}-contact`. */
export const contactSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), contact: contactSchema }),
  z.object({ action: z.literal('update'), contact: contactSchema }),
  z.object({ action: z.literal('delete'), contactId: id }),
]);
export type ContactSocketPayload = z.infer<typeof contactSocketPayloadSchema>;

/** `company-{id}-queue`: the queues list refreshes live (spec 3). */
export const queueSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), queue: queueSchema }),
  z.object({ action: z.literal('update'), queue: queueSchema }),
  z.object({ action: z.literal('delete'), queueId: id }),
]);
export type QueueSocketPayload = z.infer<typeof queueSocketPayloadSchema>;

/** `company-{id}-presence`: the contact of a ticket is typing or recording (or stopped). */
export const presenceSocketPayloadSchema = z.object({
  action: z.literal('update'),
  ticketId: id,
  presence: z.enum(['available', 'unavailable', 'composing', 'recording', 'paused']),
});
export type PresenceSocketPayload = z.infer<typeof presenceSocketPayloadSchema>;

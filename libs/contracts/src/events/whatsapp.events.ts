import { z } from 'zod';

import { ackSchema, connectionSchema, connectionSessionSchema, transcribeProviderSchema } from '../api/whatsapp';
import { defineEvent } from './define-event';

const connectionId = z.number().int().positive();
const waMessageId = z.string().min(1).max(128);

// ---- facts on whatsapp.events ----------------------------------------------------------------------

/** A connection was created or changed (settings or session state): the whole connection. */
export const connectionUpdated = defineEvent({
  type: 'whatsapp.connection.updated',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({ connection: connectionSchema }),
});

export const connectionDeleted = defineEvent({
  type: 'whatsapp.connection.deleted',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({ connectionId, companyId: z.number().int().positive() }),
});

/**
 * A connection's transcription settings as the ai service needs them to transcribe its audio. The key
 * itself travels on no event (decision 0052): `hasKey` says whether there is one, and ai asks whatsapp
 * for it (whatsapp.transcription-key) when it transcribes. Events of before that carried the key; it
 * is ignored now, and `hasKey` is taken as true for them (the call then says whether there is a key).
 */
export const connectionTranscriptionUpdated = defineEvent({
  type: 'whatsapp.transcription.updated',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({
    connectionId,
    companyId: z.number().int().positive(),
    transcribe: z.boolean(),
    transcribeme: z.boolean(),
    sendme: z.boolean(),
    transcribeprovider: transcribeProviderSchema,
    hasKey: z.boolean().default(true),
  }),
});

/** The session of a connection changed state (status, QR code, retries, number). */
export const sessionUpdated = defineEvent({
  type: 'whatsapp.session.updated',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({ companyId: z.number().int().positive(), session: connectionSessionSchema }),
});

/** The kinds of message the normalised shape knows; `mediaType` below uses the spec's Message names. */
export const MESSAGE_KINDS = [
  'text',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'location',
  'vcard',
  'reaction',
  'call_log',
  'unsupported',
] as const;
export const messageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof messageKindSchema>;

/** The spec's Message.mediaType for each kind ('chat' for plain text). */
export const MEDIA_TYPE_BY_KIND: Record<MessageKind, string> = {
  text: 'chat',
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'application',
  sticker: 'image',
  location: 'locationMessage',
  vcard: 'vcard',
  reaction: 'reactionMessage',
  call_log: 'call_log',
  unsupported: 'chat',
};

/** Who a message is from or to: a phone number (digits) when known, and the LID WhatsApp may use instead. */
export const waPartySchema = z.object({
  /** Digits of the phone number, or the group id (digits and dash) for a group chat; null when only a LID is known. */
  number: z.string().nullable(),
  lid: z.string().nullable(),
  pushName: z.string().nullable(),
});
export type WaParty = z.infer<typeof waPartySchema>;

export const storedMediaSchema = z.object({
  /** Served by GET /api/whatsapp-media/...; only users of the owning company may fetch it. */
  url: z.string(),
  mimetype: z.string(),
  fileName: z.string(),
  size: z.number().int().min(0),
});
export type StoredMedia = z.infer<typeof storedMediaSchema>;

/** One message, whatever its kind, as every consumer sees it. */
export const normalisedMessageSchema = z.object({
  /** The WhatsApp message id: unique per connection. */
  id: waMessageId,
  fromMe: z.boolean(),
  isGroup: z.boolean(),
  /** The chat: the contact, or the group (then `sender` is the participant). */
  chat: waPartySchema,
  sender: waPartySchema,
  kind: messageKindSchema,
  mediaType: z.string(),
  /** Text, caption, or for a location the spec's pipe-separated `image|link|description`. */
  body: z.string(),
  media: storedMediaSchema.nullable(),
  /** A voice note recorded in the app (audio kind only). */
  ptt: z.boolean(),
  location: z
    .object({ latitude: z.number(), longitude: z.number(), name: z.string().nullable(), address: z.string().nullable() })
    .nullable(),
  vcards: z.array(z.object({ displayName: z.string(), vcard: z.string() })),
  reaction: z.object({ targetId: waMessageId, emoji: z.string() }).nullable(),
  quotedId: z.string().nullable(),
  isForwarded: z.boolean(),
  ack: ackSchema,
  timestamp: z.iso.datetime({ offset: true }),
});
export type NormalisedMessage = z.infer<typeof normalisedMessageSchema>;

/** A message arrived (or one we sent from the phone itself was echoed); at most once per connection and id. */
export const messageReceived = defineEvent({
  type: 'whatsapp.message.received',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({ connectionId, message: normalisedMessageSchema }),
});

/** Delivery state of a message moved forward (acks never go backwards). */
export const messageAcked = defineEvent({
  type: 'whatsapp.message.acked',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({ connectionId, messageId: waMessageId, ack: ackSchema }),
});

export const messageEdited = defineEvent({
  type: 'whatsapp.message.edited',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({ connectionId, messageId: waMessageId, body: z.string(), fromMe: z.boolean() }),
});

export const messageDeleted = defineEvent({
  type: 'whatsapp.message.deleted',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({ connectionId, messageId: waMessageId, fromMe: z.boolean() }),
});

export const PRESENCES = ['available', 'unavailable', 'composing', 'recording', 'paused'] as const;

export const presenceUpdated = defineEvent({
  type: 'whatsapp.presence.updated',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({ connectionId, chat: waPartySchema, presence: z.enum(PRESENCES) }),
});

/** What WhatsApp told us about a contact: its name, and the phone number behind a LID. */
export const contactUpdated = defineEvent({
  type: 'whatsapp.contact.updated',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({
    connectionId,
    number: z.string().nullable(),
    lid: z.string().nullable(),
    name: z.string().nullable(),
    pushName: z.string().nullable(),
  }),
});

/** A send command was carried out; `messageId` is the WhatsApp id the message got. */
export const messageSent = defineEvent({
  type: 'whatsapp.message.sent',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({
    connectionId,
    commandId: z.uuid(),
    messageId: waMessageId,
    reference: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  }),
});

/** A send command could not be carried out. */
export const messageSendFailed = defineEvent({
  type: 'whatsapp.message.sendFailed',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({
    connectionId,
    commandId: z.uuid(),
    error: z.literal('ERR_SENDING_WAPP_MSG'),
    reason: z.string(),
    reference: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  }),
});

// ---- commands on whatsapp.commands, keyed by connection id -----------------------------------------

export const sendContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), body: z.string().min(1).max(65_536) }),
  z.object({
    type: z.literal('media'),
    mediaType: z.enum(['image', 'audio', 'video', 'document', 'sticker']),
    /** A storage URL of this platform (/api/whatsapp-media/... or another service's file key). */
    mediaUrl: z.string().min(1).max(2_000),
    mimetype: z.string().max(255),
    fileName: z.string().max(255),
    caption: z.string().max(65_536).default(''),
    ptt: z.boolean().default(false),
  }),
  z.object({
    type: z.literal('location'),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    name: z.string().max(255).optional(),
  }),
  z.object({ type: z.literal('vcard'), displayName: z.string().max(255), vcard: z.string().max(65_536) }),
  z.object({ type: z.literal('reaction'), targetId: waMessageId, targetFromMe: z.boolean(), emoji: z.string().max(16) }),
  z.object({ type: z.literal('edit'), targetId: waMessageId, body: z.string().min(1).max(65_536) }),
  z.object({ type: z.literal('delete'), targetId: waMessageId, targetFromMe: z.boolean() }),
  z.object({ type: z.literal('read'), messageIds: z.array(waMessageId).min(1).max(500) }),
  /**
   * An approved message template of a Cloud API number (the only thing it may send outside the
   * 24-hour customer-service window), its variables filled in order ({{1}}, {{2}} ...).
   */
  z.object({
    type: z.literal('template'),
    name: z.string().min(1).max(512),
    language: z.string().min(2).max(15),
    bodyParameters: z.array(z.string().min(1).max(1_024)).max(50).default([]),
    headerParameters: z.array(z.string().min(1).max(60)).max(1).default([]),
  }),
]);
export type SendContent = z.infer<typeof sendContentSchema>;

/**
 * Send a message through a connection. Executed in order per connection; answered by
 * whatsapp.message.sent or whatsapp.message.sendFailed with the same commandId.
 */
export const messageSendRequested = defineEvent({
  type: 'whatsapp.message.sendRequested',
  version: 1,
  topic: 'whatsapp.commands',
  payload: z.object({
    commandId: z.uuid(),
    connectionId,
    /** Digits of the phone number, or the group id for a group. */
    to: z.string().regex(/^[\d-]{5,40}$/),
    isGroup: z.boolean().default(false),
    content: sendContentSchema,
    quotedId: waMessageId.nullable().default(null),
    isForwarded: z.boolean().default(false),
    /** Echoed back on the answer (ticket id, message id of the sender...). */
    reference: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .nullable()
      .default(null),
  }),
});

export const SESSION_ACTIONS = ['start', 'restart', 'newQr', 'logout', 'stop'] as const;

/** Start, restart, re-pair, log out or stop a connection's session, wherever it runs. */
export const sessionActionRequested = defineEvent({
  type: 'whatsapp.session.actionRequested',
  version: 1,
  topic: 'whatsapp.commands',
  payload: z.object({ connectionId, action: z.enum(SESSION_ACTIONS) }),
});

/** A step of the simulator's fake phone, carried to the process that runs the connection's session. */
export const simulatorActionRequested = defineEvent({
  type: 'whatsapp.simulator.actionRequested',
  version: 1,
  topic: 'whatsapp.commands',
  payload: z.discriminatedUnion('action', [
    z.object({ action: z.literal('scan'), connectionId, number: z.string() }),
    z.object({ action: z.literal('disconnect'), connectionId }),
    z.object({ action: z.literal('ack'), connectionId, messageId: waMessageId, ack: ackSchema }),
    z.object({ action: z.literal('inbound'), connectionId, messageId: waMessageId, inbound: z.record(z.string(), z.unknown()) }),
    z.object({
      action: z.literal('contacts'),
      connectionId,
      contacts: z.array(z.object({ number: z.string().regex(/^\d{8,15}$/), name: z.string().max(100).nullable() })).max(1_000),
    }),
  ]),
});

/**
 * Ask WhatsApp, through a connection's session, which of these numbers have an account. Executed in
 * order with the connection's other commands (so a batch of checks never races its sends); answered by
 * whatsapp.numbers.checked with the same requestId. The asker throttles: one batch at a time.
 */
export const numbersCheckRequested = defineEvent({
  type: 'whatsapp.numbers.checkRequested',
  version: 1,
  topic: 'whatsapp.commands',
  payload: z.object({
    requestId: z.uuid(),
    connectionId,
    numbers: z
      .array(z.string().regex(/^\d{1,50}$/))
      .min(1)
      .max(50),
    /** Echoed back on the answer. */
    reference: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .nullable()
      .default(null),
  }),
});

/**
 * The answer to a number check: `results` in the asked order, or `error` when the connection could
 * not ask (ERR_WAPP_NOT_INITIALIZED: not connected here; ERR_WAPP_CHECK_CONTACT: WhatsApp did not answer).
 */
export const numbersChecked = defineEvent({
  type: 'whatsapp.numbers.checked',
  version: 1,
  topic: 'whatsapp.events',
  payload: z.object({
    requestId: z.uuid(),
    connectionId,
    results: z.array(z.object({ number: z.string(), exists: z.boolean(), jid: z.string().nullable() })).nullable(),
    error: z.enum(['ERR_WAPP_NOT_INITIALIZED', 'ERR_WAPP_CHECK_CONTACT', 'ERR_NO_WAPP_FOUND']).nullable(),
    reference: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  }),
});

/** Every whatsapp event and command, for the catalogue. */
export const WHATSAPP_EVENTS = [
  connectionTranscriptionUpdated,
  connectionUpdated,
  connectionDeleted,
  sessionUpdated,
  messageReceived,
  messageAcked,
  messageEdited,
  messageDeleted,
  presenceUpdated,
  contactUpdated,
  messageSent,
  messageSendFailed,
  messageSendRequested,
  sessionActionRequested,
  simulatorActionRequested,
  numbersCheckRequested,
  numbersChecked,
];

import { z } from 'zod';

import { idParamSchema, idSchema } from './primitives';
import { cloudCredentialsSchema } from './whatsapp-cloud';

/**
 * The WhatsApp connections API (owned by the whatsapp service): REST bodies and answers, the
 * simulator's control API and the socket payloads of `company-{id}-whatsapp` and
 * `company-{id}-whatsappSession`. Server and web validate with these same schemas.
 */

export const CONNECTION_STATUSES = ['CONNECTED', 'qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;
export const connectionStatusSchema = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

/** Statuses that put the '!' badge on the side menu's Connections entry. */
export const CONNECTION_WARNING_STATUSES: readonly ConnectionStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

/**
 * `beta` is the Baileys (WhatsApp Web) provider, the spec's default; `simulator` is the fake phone;
 * `cloud` is Meta's official WhatsApp Cloud API (saved with `cloud` credentials).
 */
export const CONNECTION_PROVIDERS = ['beta', 'simulator', 'cloud'] as const;
export const connectionProviderSchema = z.enum(CONNECTION_PROVIDERS);
export type ConnectionProvider = z.infer<typeof connectionProviderSchema>;

export const TRANSCRIBE_PROVIDERS = ['openai', 'deepgram', 'assemblyai'] as const;
export const transcribeProviderSchema = z.enum(TRANSCRIBE_PROVIDERS);
export type TranscribeProvider = z.infer<typeof transcribeProviderSchema>;

export const CONNECTION_NAME_MIN = 2;
export const CONNECTION_NAME_MAX = 50;
export const GREETING_REQUIRED_MESSAGE = 'Mensagem de saudação é obrigatória quando há mais de uma fila selecionada';
export const DEFAULT_MAX_USE_BOT_QUEUES = 3;
export const DEFAULT_TIME_FOR_A_GROUP = 5;
/** Each of the three API media sets holds up to three positions, each an uploaded file's name or null. */
export const API_MEDIA_POSITIONS = 3;

/** socks4://, socks4a://, socks5://, socks5h://, http:// or https://, optional user:password@, host (a name, an IPv4 address or a bracketed IPv6 one), optional port. */
export const PROXY_URL_PATTERN =
  /^(socks4a?|socks5h?|https?):\/\/(?:[^\s:@/]+(?::[^\s@/]*)?@)?(?:[^\s:@/[\]]+|\[[0-9a-f:.]+\])(?::\d{1,5})?\/?$/i;
export const PROXY_URL_MESSAGE = 'Proxy inválido: use socks4://, socks5:// ou http(s)://[usuario:senha@]host:porta';

const connectionName = z
  .string({ error: 'Obrigatório' })
  .trim()
  .min(CONNECTION_NAME_MIN, 'Muito curto!')
  .max(CONNECTION_NAME_MAX, 'Muito grande!');
const text = (max: number) => z.string().max(max, 'Muito grande!');
const id = idSchema;
const minutes = z.number().int().min(0).max(525_600);
const proxyUrl = z
  .string()
  .trim()
  .max(500, 'Muito grande!')
  .refine((value) => value === '' || PROXY_URL_PATTERN.test(value), PROXY_URL_MESSAGE);
const apiMedias = z.array(z.string().trim().min(1).max(255).nullable()).max(API_MEDIA_POSITIONS);
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'HH:MM ou HH:MM:SS');

/** The editable fields of a connection, as the modal and the settings panels send them. */
const connectionFields = {
  name: connectionName,
  isDefault: z.boolean(),
  greetingMessage: text(5_000),
  complationMessage: text(5_000),
  outOfHoursMessage: text(5_000),
  ratingMessage: text(5_000),
  expiresInactiveMessage: text(5_000),
  token: text(255),
  provider: connectionProviderSchema,
  queueIds: z.array(id).max(500),
  transferQueueId: id.nullable(),
  promptId: id.nullable(),
  expiresTicket: minutes,
  timeToTransfer: minutes.nullable(),
  timeUseBotQueues: minutes,
  maxUseBotQueues: z.number().int().min(0).max(100),
  activeTranscribe: z.boolean(),
  timeresume: timeOfDay.nullable(),
  transcribe: z.boolean(),
  transcribeme: z.boolean(),
  transcribekey: text(500),
  transcribeprovider: transcribeProviderSchema,
  sendme: z.boolean(),
  timeforagroup: z.number().int().min(0).max(3_600),
  proxyUrl,
  api1_medias: apiMedias,
  api2_medias: apiMedias,
  api3_medias: apiMedias,
  /** The Cloud API credentials (provider `cloud` only): checked with Meta before anything is saved. */
  cloud: cloudCredentialsSchema,
};

/** POST /whatsapp: only the name is required; everything else takes the spec's defaults. */
export const connectionCreateSchema = z.object(connectionFields).partial().required({ name: true });
export type ConnectionCreateBody = z.infer<typeof connectionCreateSchema>;

/** PUT /whatsapp/{id}: only changed fields are sent; an empty body changes nothing. */
export const connectionUpdateSchema = z.object(connectionFields).partial();
export type ConnectionUpdateBody = z.infer<typeof connectionUpdateSchema>;

/** GET /whatsapp/: `session=0` leaves the QR code out of each connection. `companyId` is ignored (the token decides). */
export const connectionListQuerySchema = z.object({
  session: z.coerce.number().int().min(0).max(1).optional(),
  companyId: idParamSchema.optional(),
});
export type ConnectionListQuery = z.infer<typeof connectionListQuerySchema>;

/**
 * A connection's secrets (token, transcribekey, the proxy URL's password) go to admins masked and to
 * nobody else: a secret shows as the mask and its last 4 characters ('••••abcd'; the mask alone when
 * it is that short), the proxy URL with its password as the mask. An edit that sends the masked value
 * back unchanged keeps the stored secret.
 */
export const SECRET_MASK = '••••';

export function maskSecret(value: string): string {
  if (!value) return '';
  return value.length <= 4 ? SECRET_MASK : `${SECRET_MASK}${value.slice(-4)}`;
}

/** scheme://user:password@ — the part of a proxy URL that holds its credentials. */
const PROXY_CREDENTIALS = /^([a-z0-9+.-]+:\/\/)([^\s:@/]*):([^\s@/]*)@/i;

export function maskProxyUrl(url: string): string {
  return url.replace(
    PROXY_CREDENTIALS,
    (_all, scheme: string, user: string, password: string) => `${scheme}${user}:${password ? SECRET_MASK : ''}@`,
  );
}

/**
 * A proxy URL as an admin sent it back: where its password is the mask and the user is the stored
 * one, the stored password is put back (the rest of the URL may have changed).
 */
export function unmaskProxyUrl(sent: string, stored: string): string {
  const storedCredentials = PROXY_CREDENTIALS.exec(stored);
  if (!storedCredentials) return sent;
  return sent.replace(PROXY_CREDENTIALS, (all, scheme: string, user: string, password: string) =>
    password === SECRET_MASK && user === storedCredentials[2] ? `${scheme}${user}:${storedCredentials[3]}@` : all,
  );
}

/** A connection as the API shows it: every field of the spec's entity. */
export const connectionSchema = z.object({
  id,
  companyId: id,
  name: z.string(),
  status: connectionStatusSchema,
  /** The linked phone number (digits), '' before the first pairing. */
  number: z.string(),
  isDefault: z.boolean(),
  /** The QR code's content (what qrcode.react draws), '' when no QR is pending. */
  qrcode: z.string(),
  /** The same QR as a PNG data URL (`data:image/png;base64,...`), '' when no QR is pending. */
  qrcodeImage: z.string(),
  retries: z.number().int().min(0),
  queues: z.array(z.object({ id })),
  queueIds: z.array(id),
  transferQueueId: id.nullable(),
  promptId: id.nullable(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  /** Admins: masked (SECRET_MASK and the last 4 characters); others: ''. */
  token: z.string(),
  provider: connectionProviderSchema,
  expiresInactiveMessage: z.string(),
  expiresTicket: z.number().int(),
  timeUseBotQueues: z.number().int(),
  maxUseBotQueues: z.number().int(),
  activeTranscribe: z.boolean(),
  timeresume: z.string().nullable(),
  transcribe: z.boolean(),
  transcribeme: z.boolean(),
  /** Admins: masked as token; others: ''. */
  transcribekey: z.string(),
  transcribeprovider: transcribeProviderSchema,
  sendme: z.boolean(),
  timeforagroup: z.number().int(),
  /** Admins: with its password masked; others: ''. */
  proxyUrl: z.string(),
  timeToTransfer: z.number().int().nullable(),
  api1_medias: z.array(z.string().nullable()),
  api2_medias: z.array(z.string().nullable()),
  api3_medias: z.array(z.string().nullable()),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Connection = z.infer<typeof connectionSchema>;

/** GET /whatsapp/ answers a plain array, as the Whaticket family does. */
export const connectionListResponseSchema = z.array(connectionSchema);

/** DELETE /whatsapp/{id}, POST /whatsapp-restart/ and the /whatsappsession/{id} calls answer a message. */
export const connectionMessageResponseSchema = z.object({ message: z.string() });
export type ConnectionMessageResponse = z.infer<typeof connectionMessageResponseSchema>;

/**
 * Session calls, all admin-only, all on one connection of the caller's company:
 * - POST /whatsappsession/{id}: start the session ('Tentar Novamente'); goes OPENING, then qrcode or CONNECTED.
 * - PUT /whatsappsession/{id}: drop the stored login and ask for a new QR ('Novo QR').
 * - DELETE /whatsappsession/{id}: log out ('Desconectar'); goes DISCONNECTED.
 * - POST /whatsapp-restart/: restart every connection of the company ('Aguarde... reiniciando...').
 */
export const SESSION_MESSAGES = {
  started: 'Starting session.',
  newQr: 'Starting session.',
  disconnected: 'Session disconnected.',
  restarted: 'Whatsapp restart.',
  deleted: 'Whatsapp deleted.',
} as const;

// ---- socket payloads -------------------------------------------------------------------------------

/** `company-{id}-whatsapp`: a connection changed (update) or was removed (delete). */
export const whatsappSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), whatsapp: connectionSchema }),
  z.object({ action: z.literal('delete'), whatsappId: id }),
]);
export type WhatsappSocketPayload = z.infer<typeof whatsappSocketPayloadSchema>;

/** The session state of a connection: what the cards and the QR modal update live. */
export const connectionSessionSchema = z.object({
  id,
  name: z.string(),
  status: connectionStatusSchema,
  number: z.string(),
  qrcode: z.string(),
  qrcodeImage: z.string(),
  retries: z.number().int().min(0),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ConnectionSession = z.infer<typeof connectionSessionSchema>;

/** `company-{id}-whatsappSession`: `{ action: 'update', session }`; the QR modal closes when `session.qrcode` is ''. */
export const whatsappSessionSocketPayloadSchema = z.object({
  action: z.literal('update'),
  session: connectionSessionSchema,
});
export type WhatsappSessionSocketPayload = z.infer<typeof whatsappSessionSocketPayloadSchema>;

// ---- simulator control API (/api/simulator, only when SIMULATOR_ENABLED; admin of the connection's company) ----

/** GET /simulator/status: whether this installation offers the simulator provider. */
export const simulatorStatusResponseSchema = z.object({ enabled: z.boolean() });
export type SimulatorStatusResponse = z.infer<typeof simulatorStatusResponseSchema>;

/** POST /simulator/connections/{id}/scan and /disconnect answer the session state after the step. */
export const simulatorSessionResponseSchema = connectionSessionSchema;

export const SIMULATOR_MEDIA_TYPES = ['image', 'audio', 'ptt', 'video', 'document', 'sticker'] as const;
export const SIMULATOR_MAX_MEDIA_BYTES = 16 * 1024 * 1024;
const phone = z
  .string()
  .trim()
  .regex(/^\d{8,15}$/, 'número: 8 a 15 dígitos');

/** POST /simulator/connections/{id}/inbound: the fake phone's contact sends the company a message. */
export const simulatorInboundSchema = z
  .object({
    from: phone,
    pushName: z.string().trim().max(100).optional(),
    body: z.string().max(65_536).optional(),
    mediaType: z.enum(SIMULATOR_MEDIA_TYPES).optional(),
    mediaBase64: z
      .string()
      .max(Math.ceil((SIMULATOR_MAX_MEDIA_BYTES * 4) / 3) + 4)
      .optional(),
    mimetype: z.string().max(255).optional(),
    fileName: z.string().max(255).optional(),
    /** WhatsApp id of the message this one quotes (a reply). */
    quotedId: z.string().max(128).optional(),
    isGroup: z.boolean().optional(),
    /** The group's id (digits and dash) when `isGroup`; `from` is then the participant. */
    groupId: z
      .string()
      .regex(/^[\d-]{5,40}$/)
      .optional(),
    isForwarded: z.boolean().optional(),
    location: z
      .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180), name: z.string().max(255).optional() })
      .optional(),
    vcard: z.string().max(65_536).optional(),
    /** Reacts to a message (ours or theirs) instead of sending one; '' removes the reaction. */
    reaction: z.object({ messageId: z.string().max(128), emoji: z.string().max(16) }).optional(),
    /** Edits an earlier inbound message (body is the new text). */
    editOf: z.string().max(128).optional(),
    /** Deletes an earlier inbound message for everyone. */
    deleteOf: z.string().max(128).optional(),
    /** Reuses a WhatsApp message id (to replay a delivery); a fresh one otherwise. */
    messageId: z
      .string()
      .regex(/^[A-Za-z0-9]{8,64}$/)
      .optional(),
  })
  .refine((m) => !m.mediaType || !!m.mediaBase64, { message: 'mediaBase64 é obrigatório com mediaType', path: ['mediaBase64'] })
  .refine((m) => !m.isGroup || !!m.groupId, { message: 'groupId é obrigatório em grupo', path: ['groupId'] })
  .refine((m) => !!(m.body || m.mediaType || m.location || m.vcard || m.reaction || m.deleteOf), {
    message: 'body, mediaType, location, vcard, reaction ou deleteOf é obrigatório',
    path: ['body'],
  });
export type SimulatorInboundBody = z.infer<typeof simulatorInboundSchema>;
export const simulatorInboundResponseSchema = z.object({ messageId: z.string() });
/** At most this many messages in one burst. */
export const SIMULATOR_MAX_BURST = 500;
/** Several customer messages reaching the phone together, as WhatsApp delivers a busy number's traffic. */
export const simulatorInboundBurstSchema = z.object({ messages: z.array(simulatorInboundSchema).min(1).max(SIMULATOR_MAX_BURST) });
export type SimulatorInboundBurstBody = z.infer<typeof simulatorInboundBurstSchema>;
export const simulatorInboundBurstResponseSchema = z.object({ messageIds: z.array(z.string()) });

export const ackSchema = z.number().int().min(0).max(5);

/** One message the company sent through the fake phone. */
export const simulatorOutboundMessageSchema = z.object({
  messageId: z.string(),
  to: z.string(),
  body: z.string(),
  mediaType: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  quotedId: z.string().nullable(),
  ack: ackSchema,
  sentAt: z.iso.datetime({ offset: true }),
});
export type SimulatorOutboundMessage = z.infer<typeof simulatorOutboundMessageSchema>;

/** GET /simulator/connections/{id}/outbound: oldest first. */
export const simulatorOutboundResponseSchema = z.object({ messages: z.array(simulatorOutboundMessageSchema) });
export type SimulatorOutboundResponse = z.infer<typeof simulatorOutboundResponseSchema>;

/** POST /simulator/connections/{id}/ack: the phone reports delivery/read; acks never go backwards. */
export const simulatorAckSchema = z.object({ messageId: z.string().min(1).max(128), ack: ackSchema });
export type SimulatorAckBody = z.infer<typeof simulatorAckSchema>;
export const simulatorAckResponseSchema = z.object({ messageId: z.string(), ack: ackSchema });

/** POST /simulator/connections/{id}/unregistered: these numbers are "not on WhatsApp" for the connection's checks. */
export const simulatorUnregisteredSchema = z.object({ numbers: z.array(phone).min(1).max(500) });
export type SimulatorUnregisteredBody = z.infer<typeof simulatorUnregisteredSchema>;

/** POST /simulator/connections/{id}/contacts: the phone's address book sends these entries (as Baileys' contacts.upsert). */
export const simulatorContactsSchema = z.object({
  contacts: z
    .array(z.object({ number: phone, name: z.string().trim().max(100).optional() }))
    .min(1)
    .max(1_000),
});
export type SimulatorContactsBody = z.infer<typeof simulatorContactsSchema>;

// ---- number check (POST /whatsapp/check-numbers: any user of the company) ------------------------

export const CHECK_NUMBERS_MAX = 50;

/** Which numbers exist on WhatsApp, asked through a live session: `whatsappId`, or the company's default connection. */
export const checkNumbersSchema = z.object({
  numbers: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{1,50}$/, 'número: só dígitos'),
    )
    .min(1)
    .max(CHECK_NUMBERS_MAX),
  whatsappId: id.optional(),
});
export type CheckNumbersBody = z.infer<typeof checkNumbersSchema>;

/** One answer per asked number, in the asked order; `jid` is WhatsApp's address for it (its user part is the normalised number). */
export const numberCheckSchema = z.object({ number: z.string(), exists: z.boolean(), jid: z.string().nullable() });
export type NumberCheck = z.infer<typeof numberCheckSchema>;
export const checkNumbersResponseSchema = z.object({ whatsappId: id, results: z.array(numberCheckSchema) });
export type CheckNumbersResponse = z.infer<typeof checkNumbersResponseSchema>;

// ---- media (GET /whatsapp-media/{key}: only users of the owning company; POST /whatsapp-media: upload) ----

export const MEDIA_UPLOAD_MAX_BYTES = 16 * 1024 * 1024;
/** Content types a media upload may carry (the file's own bytes are checked against them). */
export const MEDIA_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/3gpp',
  'video/quicktime',
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/wav',
  'audio/webm',
  'application/pdf',
  'application/zip',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
  'text/csv',
  'text/vcard',
] as const;

/** What an upload answers; `url` is what a send command or an API media position refers to. */
export const mediaUploadResponseSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  mimetype: z.string(),
  size: z.number().int().min(0),
});
export type MediaUploadResponse = z.infer<typeof mediaUploadResponseSchema>;

/** The upload types an API media position takes: images and videos (spec 1, validation rules). */
export const API_MEDIA_TYPES = MEDIA_UPLOAD_TYPES.filter((type) => type.startsWith('image/') || type.startsWith('video/'));

/**
 * GET /whatsapp-media/api-medias (admin): the company's uploaded API media, newest first, one per
 * name (uploads a position named before this list existed included); POST
 * /whatsapp-media/api-medias (admin, multipart `file`, an image or video) answers one; DELETE
 * /whatsapp-media/api-medias/{name} (admin) removes every version of that name, refused with 409
 * ERR_API_MEDIA_IN_USE while a position holds it. A connection's `api1_medias`..`api3_medias`
 * positions hold these names.
 */
export const apiMediaFileSchema = z.object({
  name: z.string(),
  type: z.enum(['image', 'video']),
  mimetype: z.string(),
  size: z.number().int().min(0),
  uploadedAt: z.string(),
  url: z.string(),
});
export type ApiMediaFile = z.infer<typeof apiMediaFileSchema>;
export const apiMediaListSchema = z.array(apiMediaFileSchema);
/** The path parameter of DELETE /whatsapp-media/api-medias/{name}: a name as the list gives it. */
export const apiMediaParamsSchema = z.object({ name: z.string().trim().min(1).max(255) });
export const apiMediaDeleteResponseSchema = z.object({ message: z.string() });
export type ApiMediaDeleteResponse = z.infer<typeof apiMediaDeleteResponseSchema>;
/**
 * What a 409 ERR_API_MEDIA_IN_USE carries: each connection whose positions hold the name, with
 * those positions ('api2_medias.0' is API 2's first).
 */
export const apiMediaInUseSchema = z.object({
  connections: z.array(z.object({ id: z.number().int(), name: z.string(), positions: z.array(z.string()) })),
});
export type ApiMediaInUse = z.infer<typeof apiMediaInUseSchema>;

/**
 * POST /whatsapp-media/links: a short-lived link that opens or downloads one of the company's media
 * files without the bearer token (`url` is a media URL as above; decision 0020).
 */
export const mediaLinkSchema = z.object({ url: z.string().min(1).max(2_000) });
export type MediaLinkBody = z.infer<typeof mediaLinkSchema>;
export const mediaLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type MediaLinkResponse = z.infer<typeof mediaLinkResponseSchema>;

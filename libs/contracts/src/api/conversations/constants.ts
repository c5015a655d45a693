import { z } from 'zod';

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
  tagExists: 'Tag já existe',
  /** Not in the spec: a shortcode already among those the user picks from with '/' (as a tag's name, 'Tag já existe'). */
  quickMessageShortcodeExists: 'Atalho já existe',
  tagDeleted: 'Tag deletada',
  quickMessageDeleted: 'Quick message deleted',
  /** Spec 2 section 8: a kanban card moved. */
  ticketTagRemoved: 'Ticket Tag Removido!',
  ticketTagAdded: 'Ticket Tag Adicionado com Sucesso!',
  chatUsersRequired: 'Selecione ao menos um usuário',
  chatDeleted: 'Chat deleted',
  /** Spec 3: creating a queue past the plan's limit; `{current}` and `{max}` are filled in. */
  queueLimitReached: 'Limite de filas atingido ({current}/{max}). Exclua uma fila existente ou atualize seu plano para criar mais filas.',
} as const;

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
export const TAG_NAME_MAX = 100;
export const TAGS_PAGE_SIZE = 20;
export const QUICK_MESSAGES_PAGE_SIZE = 20;
export const QUICK_MESSAGE_SHORTCODE_MAX = 100;
export const QUICK_MESSAGE_MESSAGE_MAX = 10_000;
/** Spec 2 section 5: a suggestion's label in the chat input is trimmed to 35 characters. */
export const QUICK_MESSAGE_LABEL_MAX = 35;
export const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 10_000;
export const CHATS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 20;

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

import type { AiAuthor, Message, Ticket } from '@app/contracts';

// Statement pieces and row mappers for the repositories' reads of tickets and messages as the API
// shows them (TicketRepository.views, MessageRepository.view).

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The select that turns ticket rows into the API's ticket: contact, assignee, queue, connection and
 * tags joined in one statement (no per-row queries). `extra` adds columns (`expr AS name`); `from`
 * names the ticket rows as `t` (rows a statement's own write returned, say).
 */
export const ticketViewSelect = (extra = '', from = 'conversations.tickets t') => `
  SELECT t.*, ${extra ? `${extra},` : ''} c.uuid AS c_uuid, c.name AS c_name, c.number AS c_number, c.email AS c_email,
         c.profile_pic_url AS c_pic, c.is_group AS c_is_group,
         u.name AS u_name, q.name AS q_name, q.color AS q_color, w.name AS w_name,
         COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) ORDER BY g.name)
                   FROM conversations.ticket_tags tt JOIN conversations.tags g ON g.id = tt.tag_id
                   WHERE tt.ticket_id = t.id), '[]') AS tag_list
  FROM ${from}
  JOIN conversations.contacts c ON c.id = t.contact_id
  LEFT JOIN conversations.users u ON u.id = t.user_id
  LEFT JOIN conversations.queues q ON q.id = t.queue_id
  LEFT JOIN conversations.connections w ON w.id = t.whatsapp_id`;

export const TICKET_VIEW_SELECT = ticketViewSelect();

export interface TicketViewRow {
  id: number;
  uuid: string;
  status: Ticket['status'];
  user_id: number | null;
  queue_id: number | null;
  whatsapp_id: number;
  contact_id: number;
  company_id: number;
  last_message: string;
  unread_messages: number;
  is_group: boolean;
  chatbot: boolean;
  use_integration: boolean;
  prompt_id: number | null;
  integration_id: number | null;
  created_at: Date;
  updated_at: Date;
  c_uuid: string;
  c_name: string;
  c_number: string | null;
  c_email: string;
  c_pic: string;
  c_is_group: boolean;
  u_name: string | null;
  q_name: string | null;
  q_color: string | null;
  w_name: string | null;
  tag_list: { id: number; name: string; color: string }[];
}

export function mapTicket(row: TicketViewRow): Ticket {
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    userId: row.user_id,
    user: row.user_id ? { id: row.user_id, name: row.u_name ?? '' } : null,
    queueId: row.queue_id,
    queue: row.queue_id && row.q_name !== null ? { id: row.queue_id, name: row.q_name, color: row.q_color ?? '' } : null,
    whatsappId: row.whatsapp_id,
    whatsapp: row.w_name !== null ? { id: row.whatsapp_id, name: row.w_name } : null,
    contactId: row.contact_id,
    contact: {
      id: row.contact_id,
      uuid: row.c_uuid,
      name: row.c_name,
      number: row.c_number ?? '',
      email: row.c_email,
      profilePicUrl: row.c_pic,
      isGroup: row.c_is_group,
    },
    companyId: row.company_id,
    lastMessage: row.last_message,
    unreadMessages: row.unread_messages,
    isGroup: row.is_group,
    chatbot: row.chatbot,
    presence: null,
    tags: row.tag_list,
    useIntegration: row.use_integration,
    promptId: row.prompt_id,
    integrationId: row.integration_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * Messages with their contact and quoted message; `quotedWhen` (over `m` and `qm`) limits which quotes
 * show; `from` names the message rows as `m`.
 */
export const messageViewSelect = (quotedWhen?: string, from = 'conversations.messages m') => `
  SELECT m.*, mc.name AS mc_name, mc.number AS mc_number, mc.profile_pic_url AS mc_pic,
         qm.id AS qm_id, qm.body AS qm_body, qm.from_me AS qm_from_me, qm.media_type AS qm_media_type,
         qm.media_url AS qm_media_url, qm.is_deleted AS qm_is_deleted, qc.id AS qc_id, qc.name AS qc_name
  FROM ${from}
  LEFT JOIN conversations.contacts mc ON mc.id = m.contact_id
  LEFT JOIN conversations.messages qm ON qm.id = m.quoted_msg_id${quotedWhen ? ` AND ${quotedWhen}` : ''}
  LEFT JOIN conversations.contacts qc ON qc.id = qm.contact_id`;

export interface MessageViewRow {
  id: number;
  wid: string | null;
  ticket_id: number;
  contact_id: number | null;
  body: string;
  from_me: boolean;
  media_type: string;
  media_url: string | null;
  file_name: string | null;
  quoted_msg_id: number | null;
  ack: number;
  read: boolean;
  is_deleted: boolean;
  is_edited: boolean;
  is_forwarded: boolean;
  send_error: string | null;
  reactions: { fromMe: boolean; emoji: string }[];
  user_id: number | null;
  queue_id: number | null;
  created_at: Date;
  updated_at: Date;
  /** Absent where a statement's own rows stand for the view (they carry no AI author). */
  ai_author?: AiAuthor | null;
  /** Absent where a statement's own rows stand for the view. */
  transcript?: string | null;
  mc_name: string | null;
  mc_number: string | null;
  mc_pic: string | null;
  qm_id: number | null;
  qm_body: string | null;
  qm_from_me: boolean | null;
  qm_media_type: string | null;
  qm_media_url: string | null;
  qm_is_deleted: boolean | null;
  qc_id: number | null;
  qc_name: string | null;
}

export function mapMessage(row: MessageViewRow): Message {
  return {
    id: row.id,
    wid: row.wid ?? '',
    ticketId: row.ticket_id,
    contactId: row.contact_id,
    body: row.body,
    fromMe: row.from_me,
    mediaType: row.media_type,
    mediaUrl: row.media_url,
    fileName: row.file_name,
    quotedMsgId: row.quoted_msg_id,
    quotedMsg:
      row.qm_id !== null
        ? {
            id: row.qm_id,
            body: row.qm_body ?? '',
            fromMe: !!row.qm_from_me,
            mediaType: row.qm_media_type ?? 'chat',
            mediaUrl: row.qm_media_url,
            isDeleted: !!row.qm_is_deleted,
            contact: row.qc_id !== null ? { id: row.qc_id, name: row.qc_name ?? '' } : null,
          }
        : null,
    ack: row.ack,
    read: row.read,
    isDeleted: row.is_deleted,
    isEdited: row.is_edited,
    isForwarded: row.is_forwarded,
    sendError: row.send_error,
    reactions: row.reactions,
    userId: row.user_id,
    contact:
      row.contact_id !== null
        ? { id: row.contact_id, name: row.mc_name ?? '', number: row.mc_number ?? '', profilePicUrl: row.mc_pic ?? '' }
        : null,
    queueId: row.queue_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    aiAuthor: row.ai_author ?? null,
    transcript: row.transcript ?? null,
  };
}

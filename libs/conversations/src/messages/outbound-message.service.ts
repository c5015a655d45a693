import type { EntityManager } from 'typeorm';
import type { Message } from '@app/contracts';
import type { ConversationEvents } from '../common/conversation-events';
import type { TicketRow } from '../tickets/ticket.repository';
import type { WhatsappCommands } from './whatsapp-commands';

/**
 * A text we send on a ticket: stored (ack 0, the clock) with the command that will carry it, both in
 * the caller's transaction. The WhatsApp id arrives later with whatsapp.message.sent.
 */
export interface OutgoingMedia {
  url: string;
  mimetype: string;
  fileName: string;
}

/** The send command's media kind and the spec's Message.mediaType for a content type. */
export function mediaKindOf(mimetype: string): { kind: 'image' | 'audio' | 'video' | 'document'; mediaType: string } {
  const type = mimetype.split('/')[0];
  if (type === 'image' || type === 'audio' || type === 'video') return { kind: type, mediaType: type };
  return { kind: 'document', mediaType: 'application' };
}

export class OutboundMessageService {
  constructor(
    private readonly commands: WhatsappCommands,
    private readonly events: ConversationEvents,
  ) {}

  async sendText(
    manager: EntityManager,
    ticket: TicketRow,
    body: string,
    quoted: { id: number; wid: string | null } | null = null,
    options: { media?: OutgoingMedia; isForwarded?: boolean } = {},
  ): Promise<Message> {
    const { media, isForwarded = false } = options;
    const kind = media ? mediaKindOf(media.mimetype) : null;
    const commandId = await this.commands.send(
      manager,
      { companyId: ticket.company_id, connectionId: ticket.whatsapp_id, to: ticket.contact_number, isGroup: ticket.is_group },
      media && kind
        ? { type: 'media', mediaType: kind.kind, mediaUrl: media.url, mimetype: media.mimetype, fileName: media.fileName, caption: body, ptt: false }
        : { type: 'text', body },
      { quotedId: quoted?.wid ?? null, isForwarded, reference: { ticketId: ticket.id } },
    );
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, command_id, body, from_me, media_type,
         media_url, file_name, quoted_msg_id, ack, read, is_forwarded, queue_id, media_mimetype)
       VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8, $9, $10, 0, true, $11, $12, $13) RETURNING id`,
      [
        ticket.company_id,
        ticket.id,
        ticket.contact_id,
        ticket.whatsapp_id,
        commandId,
        body,
        kind?.mediaType ?? 'chat',
        media?.url ?? null,
        media?.fileName ?? null,
        quoted?.id ?? null,
        isForwarded,
        ticket.queue_id,
        media?.mimetype ?? null,
      ],
    );
    await manager.query(
      `UPDATE conversations.tickets SET last_message = $2, updated_at = now() WHERE id = $1`,
      [ticket.id, (body.trim() || media?.fileName || kind?.mediaType || '').slice(0, 255)],
    );
    const { message } = await this.events.messageChanged(manager, rows[0]!.id, true);
    await this.events.ticketChanged(manager, ticket.id);
    return message;
  }
}

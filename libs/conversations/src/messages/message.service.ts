import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import {
  MESSAGES_PAGE_SIZE,
  type Message,
  type MessageEditBody,
  type MessageListResponse,
  type MessageSendBody,
} from '@app/contracts';
import { AppError, FILE_STORAGE, type FileStorage, type Tenancy } from '@app/platform';
import { ConversationEvents } from '../common/conversation-events';
import { changedRows } from '../common/sql';
import { loadTicket, mapMessage, MESSAGE_VIEW_SELECT, type MessageViewRow } from '../common/ticket-views';
import { CONVERSATIONS_DATA_SOURCE_TOKEN } from '../conversations-tokens';
import { TicketService } from '../tickets/ticket.service';
import { storeOutgoingMedia, type UploadedMedia } from './media-upload';
import { OutboundMessageService, type OutgoingMedia } from './outbound-message.service';
import { WhatsappCommands } from './whatsapp-commands';

interface OwnMessageRow {
  id: number;
  ticket_id: number;
  whatsapp_id: number;
  wid: string | null;
  from_me: boolean;
  is_deleted: boolean;
}

@Injectable()
export class MessageService {
  constructor(
    @Inject(CONVERSATIONS_DATA_SOURCE_TOKEN) private readonly dataSource: DataSource,
    private readonly tickets: TicketService,
    private readonly outbound: OutboundMessageService,
    private readonly commands: WhatsappCommands,
    private readonly events: ConversationEvents,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /**
   * A page of the conversation with the ticket's contact on its connection (earlier tickets too),
   * newest page first, oldest first within the page. Opening it reads the ticket: unread goes to 0.
   */
  async list(tenancy: Tenancy, ticketId: number, pageNumber: number): Promise<MessageListResponse> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.tickets.visibleRow(manager, tenancy, { id: ticketId });
      const rows: MessageViewRow[] = await manager.query(
        `${MESSAGE_VIEW_SELECT}
         WHERE m.company_id = $1 AND m.contact_id IS NOT NULL AND m.ticket_id IN (
           SELECT id FROM conversations.tickets WHERE company_id = $1 AND contact_id = $2 AND whatsapp_id = $3)
         ORDER BY m.created_at DESC, m.id DESC LIMIT $4 OFFSET $5`,
        [tenancy.companyId, row.contact_id, row.whatsapp_id, MESSAGES_PAGE_SIZE + 1, (pageNumber - 1) * MESSAGES_PAGE_SIZE],
      );
      if (row.unread_messages > 0) {
        await manager.query(`UPDATE conversations.tickets SET unread_messages = 0 WHERE id = $1`, [row.id]);
        await manager.query(`UPDATE conversations.messages SET read = true WHERE ticket_id = $1 AND NOT read`, [row.id]);
        await this.events.ticketRead(manager, { id: row.id, companyId: tenancy.companyId, queueId: row.queue_id, userId: row.user_id });
      }
      const ticket = (await loadTicket(manager, row.id))!;
      return {
        messages: rows.slice(0, MESSAGES_PAGE_SIZE).map(mapMessage).reverse(),
        ticket,
        hasMore: rows.length > MESSAGES_PAGE_SIZE,
      };
    });
  }

  /** Sends text on a ticket that is not closed; a quoted message must belong to the same conversation. */
  async send(tenancy: Tenancy, ticketId: number, body: MessageSendBody): Promise<Message> {
    return this.dataSource.transaction(async (manager) => {
      const ticket = await this.tickets.visibleRow(manager, tenancy, { id: ticketId }, true);
      if (ticket.status === 'closed') throw new AppError('ERR_TICKET_CLOSED', 'The ticket is closed: reopen or accept it first');
      let quoted: { id: number; wid: string | null } | null = null;
      if (body.quotedMsg?.id) {
        const rows: { id: number; wid: string | null }[] = await manager.query(
          `SELECT m.id, m.wid FROM conversations.messages m JOIN conversations.tickets t ON t.id = m.ticket_id
           WHERE m.id = $1 AND m.company_id = $2 AND t.contact_id = $3 AND t.whatsapp_id = $4`,
          [body.quotedMsg.id, tenancy.companyId, ticket.contact_id, ticket.whatsapp_id],
        );
        if (!rows[0]) throw new AppError('ERR_NOT_FOUND', 'Quoted message not found in this conversation');
        quoted = rows[0];
      }
      if (body.mediaUrl && !body.mediaUrl.startsWith(`/api/whatsapp-media/companies/${tenancy.companyId}/`)) {
        throw new AppError('ERR_VALIDATION', 'mediaUrl must be a media of this company', {
          fields: [{ path: 'mediaUrl', message: 'mediaUrl must be a media of this company' }],
        });
      }
      const media = body.mediaUrl
        ? { url: body.mediaUrl, mimetype: body.mimetype!, fileName: body.fileName || body.mediaUrl.split('/').pop()! }
        : undefined;
      return this.outbound.sendText(manager, ticket, body.body, quoted, { media });
    });
  }

  /** Multipart: each file is stored and sent as a message of its own; the text is the first one's caption. */
  async sendFiles(tenancy: Tenancy, ticketId: number, caption: string, files: UploadedMedia[]): Promise<Message[]> {
    await this.tickets.visibleRow(this.dataSource.manager, tenancy, { id: ticketId });
    const media: OutgoingMedia[] = [];
    for (const file of files) media.push(await storeOutgoingMedia(this.storage, tenancy.companyId, file));
    return this.dataSource.transaction(async (manager) => {
      const ticket = await this.tickets.visibleRow(manager, tenancy, { id: ticketId }, true);
      if (ticket.status === 'closed') throw new AppError('ERR_TICKET_CLOSED', 'The ticket is closed: reopen or accept it first');
      const sent: Message[] = [];
      for (const [index, item] of media.entries()) {
        sent.push(await this.outbound.sendText(manager, ticket, index === 0 ? caption.slice(0, 65_536) : '', null, { media: item }));
      }
      return sent;
    });
  }

  /** Edits an own, sent, not deleted text. */
  async edit(tenancy: Tenancy, messageId: number, body: MessageEditBody): Promise<Message> {
    return this.dataSource.transaction(async (manager) => {
      const { message, ticket } = await this.ownMessage(manager, tenancy, messageId);
      if (!message.wid) throw new AppError('ERR_SENDING_WAPP_MSG', 'The message has not been sent yet');
      await this.commands.send(
        manager,
        { companyId: tenancy.companyId, connectionId: message.whatsapp_id, to: ticket.contact_number, isGroup: ticket.is_group },
        { type: 'edit', targetId: message.wid, body: body.body },
        { reference: { ticketId: ticket.id, messageId: message.id } },
      );
      await manager.query(`UPDATE conversations.messages SET body = $2, is_edited = true, updated_at = now() WHERE id = $1`, [message.id, body.body]);
      return (await this.events.messageChanged(manager, message.id, false)).message;
    });
  }

  /** Deletes an own message for everyone. */
  async delete(tenancy: Tenancy, messageId: number): Promise<Message> {
    return this.dataSource.transaction(async (manager) => {
      const { message, ticket } = await this.ownMessage(manager, tenancy, messageId);
      if (message.wid) {
        await this.commands.send(
          manager,
          { companyId: tenancy.companyId, connectionId: message.whatsapp_id, to: ticket.contact_number, isGroup: ticket.is_group },
          { type: 'delete', targetId: message.wid, targetFromMe: true },
          { reference: { ticketId: ticket.id, messageId: message.id } },
        );
      }
      await manager.query(`UPDATE conversations.messages SET is_deleted = true, updated_at = now() WHERE id = $1`, [message.id]);
      return (await this.events.messageChanged(manager, message.id, false)).message;
    });
  }

  /** Our reaction on any message of a visible ticket; '' removes it. */
  async react(tenancy: Tenancy, messageId: number, emoji: string): Promise<Message> {
    return this.dataSource.transaction(async (manager) => {
      const { message, ticket } = await this.visibleMessage(manager, tenancy, messageId);
      if (!message.wid) throw new AppError('ERR_SENDING_WAPP_MSG', 'The message has not been sent yet');
      await this.commands.send(
        manager,
        { companyId: tenancy.companyId, connectionId: message.whatsapp_id, to: ticket.contact_number, isGroup: ticket.is_group },
        { type: 'reaction', targetId: message.wid, targetFromMe: message.from_me, emoji },
        { reference: { ticketId: ticket.id, messageId: message.id } },
      );
      await changedRows(
        manager,
        `UPDATE conversations.messages SET updated_at = now(), reactions =
           COALESCE((SELECT jsonb_agg(r) FROM jsonb_array_elements(reactions) r WHERE NOT (r->>'fromMe')::boolean), '[]'::jsonb)
           || CASE WHEN $2 = '' THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object('fromMe', true, 'emoji', $2::text)) END
         WHERE id = $1 RETURNING id`,
        [message.id, emoji],
      );
      return (await this.events.messageChanged(manager, message.id, false)).message;
    });
  }

  private async visibleMessage(manager: EntityManager, tenancy: Tenancy, messageId: number) {
    const rows: OwnMessageRow[] = await manager.query(
      `SELECT id, ticket_id, whatsapp_id, wid, from_me, is_deleted FROM conversations.messages WHERE id = $1 AND company_id = $2 FOR UPDATE`,
      [messageId, tenancy.companyId],
    );
    const message = rows[0];
    if (!message) throw new AppError('ERR_NOT_FOUND', 'Message not found');
    const ticket = await this.tickets.visibleRow(manager, tenancy, { id: message.ticket_id });
    return { message, ticket };
  }

  private async ownMessage(manager: EntityManager, tenancy: Tenancy, messageId: number) {
    const found = await this.visibleMessage(manager, tenancy, messageId);
    if (!found.message.from_me) throw new AppError('ERR_NO_PERMISSION', 'Only own messages can be edited or deleted');
    if (found.message.is_deleted) throw new AppError('ERR_DELETE_WAPP_MSG', 'The message was deleted');
    return found;
  }
}

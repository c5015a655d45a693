import {
  can,
  fillTemplateText,
  type Message,
  type MessageEditBody,
  type MessageListResponse,
  type MessageSendBody,
  type MessageTemplateSendBody,
  type Ticket,
} from '@app/contracts';
import { AppError, companyMediaKey, FILE_STORAGE, type FileStorage, storedFileName, type Tenancy } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConversationEvents } from '../common/conversation-events';
import { MessageRepository } from '../common/message.repository';
import { TicketRepository, type TicketRow } from '../common/ticket.repository';
import { storeOutgoingMedia, type UploadedMedia } from '../sending/media-upload';
import { OutboundMessageService, type OutgoingMedia } from '../sending/outbound-message.service';
import { WhatsappCommands } from '../sending/whatsapp-commands';
import { TicketService } from '../tickets/ticket.service';

/** Where a page of the conversation starts (GET /messages/{ticketId}). */
export type MessagePageStart = { nextId: number } | { pageNumber: number } | { newerId: number } | { aroundId: number };

/** The contract's limit of message ids in one read command. */
const READ_RECEIPTS_PER_COMMAND = 500;

@Injectable()
export class MessageService {
  constructor(
    private readonly messages: MessageRepository,
    private readonly ticketRows: TicketRepository,
    private readonly tickets: TicketService,
    private readonly outbound: OutboundMessageService,
    private readonly commands: WhatsappCommands,
    private readonly events: ConversationEvents,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /**
   * A page of the conversation with the ticket's contact on its connection (the earlier tickets the
   * caller may see too, through the one visibility rule), oldest first within the page: the newest
   * page, an older one (`nextId`, the oldest message of the page before, or `pageNumber`), the page
   * around a message of it (`aroundId`: 404 for a message that is not one of it) or a newer one from
   * there (`newerId`). Opening it reads the ticket: unread goes to 0.
   */
  async list(tenancy: Tenancy, ticketId: number, from: MessagePageStart): Promise<MessageListResponse> {
    return this.messages.transaction(async (manager) => {
      const row = await this.tickets.visibleRow(manager, tenancy, { id: ticketId });
      const viewer = await this.tickets.viewer(manager, tenancy);
      let messages: Message[];
      let hasMore: boolean;
      let hasNewer = false;
      if ('aroundId' in from) {
        const around = await this.messages.conversationAround(manager, viewer, row, from.aroundId);
        if (!around) throw new AppError('ERR_NOT_FOUND', 'Message not found in this conversation');
        ({ messages, hasMore, hasNewer } = around);
      } else if ('newerId' in from) {
        ({ messages, hasNewer } = await this.messages.conversationNewer(manager, viewer, row, from.newerId));
        // The message the cursor names is older than this page, so an older page is always there.
        hasMore = true;
      } else {
        const page = await this.messages.conversationPage(manager, viewer, row, from);
        messages = page.messages.reverse();
        hasMore = page.hasMore;
      }
      await this.read(manager, row);
      const ticket = (await this.ticketRows.view(manager, row.id))!;
      const oldest = hasMore ? messages[0] : undefined;
      const newest = hasNewer ? messages.at(-1) : undefined;
      return { messages, ticket, hasMore, nextId: oldest ? oldest.id : null, hasNewer, newerId: newest ? newest.id : null };
    });
  }

  /** The caller has the chat open and focused: what arrived in it is read (POST /messages/{ticketId}/read). */
  async markRead(tenancy: Tenancy, ticketId: number): Promise<Ticket> {
    return this.messages.transaction(async (manager) => {
      const row = await this.tickets.visibleRow(manager, tenancy, { id: ticketId });
      await this.read(manager, row);
      return (await this.ticketRows.view(manager, row.id))!;
    });
  }

  /**
   * Unread goes to 0 and the customer's phone gets the read receipts (blue ticks), as the Whaticket
   * family sends them when the chat is opened; a group's are not sent (a receipt there names each
   * participant, which is not kept).
   */
  private async read(manager: EntityManager, row: TicketRow): Promise<void> {
    if (row.unread_messages === 0) return;
    await this.ticketRows.markRead(manager, row.id);
    const wids = await this.messages.markRead(manager, row.id);
    await this.events.ticketRead(manager, { id: row.id, companyId: row.company_id, queueId: row.queue_id, userId: row.user_id });
    if (row.is_group || !row.contact_number || wids.length === 0) return;
    const target = { companyId: row.company_id, connectionId: row.whatsapp_id, to: row.contact_number, isGroup: false };
    for (let start = 0; start < wids.length; start += READ_RECEIPTS_PER_COMMAND) {
      await this.commands.send(manager, target, { type: 'read', messageIds: wids.slice(start, start + READ_RECEIPTS_PER_COMMAND) });
    }
  }

  /** Sends text on a ticket that is not closed; a quoted message must belong to the same conversation. */
  async send(tenancy: Tenancy, ticketId: number, body: MessageSendBody): Promise<Message> {
    return this.messages.transaction(async (manager) => {
      const ticket = await this.tickets.visibleRow(manager, tenancy, { id: ticketId }, true);
      if (ticket.status === 'closed') throw new AppError('ERR_TICKET_CLOSED', 'The ticket is closed: reopen or accept it first');
      let quoted: { id: number; wid: string | null } | null = null;
      if (body.quotedMsg?.id) {
        quoted = await this.messages.quotable(manager, await this.tickets.viewer(manager, tenancy), ticket, body.quotedMsg.id);
        if (!quoted) throw new AppError('ERR_NOT_FOUND', 'Quoted message not found in this conversation');
      }
      const media = body.mediaUrl ? await this.storedMedia(tenancy.companyId, body.mediaUrl, body.fileName) : undefined;
      return this.outbound.sendText(manager, ticket, body.body, quoted, { media, sentBy: tenancy.userId });
    });
  }

  /**
   * An approved template of the ticket's Cloud API number (POST /messages/{ticketId}/template): what
   * reaches a contact whose 24-hour window has closed. A group has no window and takes no template.
   * The chat shows the template's text with its variables filled in (its name when no text came).
   */
  async sendTemplate(tenancy: Tenancy, ticketId: number, body: MessageTemplateSendBody): Promise<Message> {
    return this.messages.transaction(async (manager) => {
      const ticket = await this.tickets.visibleRow(manager, tenancy, { id: ticketId }, true);
      if (ticket.status === 'closed') throw new AppError('ERR_TICKET_CLOSED', 'The ticket is closed: reopen or accept it first');
      if (ticket.is_group)
        throw new AppError('ERR_VALIDATION', 'A template goes to a contact, not to a group', {
          fields: [{ path: 'name', message: 'modelo só para contatos' }],
        });
      const shown = fillTemplateText(body.body, body.bodyParameters).trim() || body.name;
      return this.outbound.sendTemplate(
        manager,
        ticket,
        {
          type: 'template',
          name: body.name,
          language: body.language,
          bodyParameters: body.bodyParameters,
          headerParameters: body.headerParameters,
        },
        shown,
        tenancy.userId,
      );
    });
  }

  /**
   * The file a `mediaUrl` names: an id of the company's stored media (what POST /whatsapp-media
   * answered), never a path; its type is the one it was stored under (checked against its bytes
   * then), whatever the body's `mimetype` says.
   */
  private async storedMedia(companyId: number, mediaUrl: string, fileName: string | undefined): Promise<OutgoingMedia> {
    const key = companyMediaKey(mediaUrl, companyId);
    const file = key ? await this.storage.get(key) : null;
    if (!key || !file) {
      throw new AppError('ERR_VALIDATION', 'mediaUrl must be a media of this company, as POST /whatsapp-media answered it', {
        fields: [{ path: 'mediaUrl', message: 'mídia inválida' }],
      });
    }
    file.stream.destroy();
    return { url: mediaUrl, mimetype: file.contentType, fileName: storedFileName(fileName || file.fileName || key.split('/').pop()!) };
  }

  /** Multipart: each file is stored and sent as a message of its own; the text is the first one's caption. */
  async sendFiles(tenancy: Tenancy, ticketId: number, caption: string, files: UploadedMedia[]): Promise<Message[]> {
    await this.tickets.visibleRow(null, tenancy, { id: ticketId });
    const media: OutgoingMedia[] = [];
    for (const file of files) media.push(await storeOutgoingMedia(this.storage, tenancy.companyId, file));
    return this.messages.transaction(async (manager) => {
      const ticket = await this.tickets.visibleRow(manager, tenancy, { id: ticketId }, true);
      if (ticket.status === 'closed') throw new AppError('ERR_TICKET_CLOSED', 'The ticket is closed: reopen or accept it first');
      const sent: Message[] = [];
      for (const [index, item] of media.entries()) {
        sent.push(
          await this.outbound.sendText(manager, ticket, index === 0 ? caption.slice(0, 65_536) : '', null, {
            media: item,
            sentBy: tenancy.userId,
          }),
        );
      }
      return sent;
    });
  }

  /** Edits an own, sent, not deleted text. */
  async edit(tenancy: Tenancy, messageId: number, body: MessageEditBody): Promise<Message> {
    return this.messages.transaction(async (manager) => {
      const { message, ticket } = await this.ownMessage(manager, tenancy, messageId);
      if (!message.wid) throw new AppError('ERR_SENDING_WAPP_MSG', 'The message has not been sent yet');
      await this.commands.send(
        manager,
        { companyId: tenancy.companyId, connectionId: message.whatsapp_id, to: ticket.contact_number, isGroup: ticket.is_group },
        { type: 'edit', targetId: message.wid, body: body.body },
        { reference: { ticketId: ticket.id, messageId: message.id } },
      );
      await this.messages.setBody(manager, message.id, body.body);
      return (await this.events.messageChanged(manager, message.id, false)).message;
    });
  }

  /** Deletes an own message for everyone. */
  async delete(tenancy: Tenancy, messageId: number): Promise<Message> {
    return this.messages.transaction(async (manager) => {
      const { message, ticket } = await this.ownMessage(manager, tenancy, messageId);
      if (message.wid) {
        await this.commands.send(
          manager,
          { companyId: tenancy.companyId, connectionId: message.whatsapp_id, to: ticket.contact_number, isGroup: ticket.is_group },
          { type: 'delete', targetId: message.wid, targetFromMe: true },
          { reference: { ticketId: ticket.id, messageId: message.id } },
        );
      }
      await this.messages.markDeleted(manager, message.id);
      return (await this.events.messageChanged(manager, message.id, false)).message;
    });
  }

  /** Our reaction on any message of a visible ticket ('' removes it); a `ticketId` named must be the message's. */
  async react(tenancy: Tenancy, messageId: number, emoji: string, ticketId?: number): Promise<Message> {
    return this.messages.transaction(async (manager) => {
      const { message, ticket } = await this.visibleMessage(manager, tenancy, messageId);
      if (ticketId !== undefined && message.ticket_id !== ticketId) throw new AppError('ERR_NOT_FOUND', 'Message not found');
      if (!message.wid) throw new AppError('ERR_SENDING_WAPP_MSG', 'The message has not been sent yet');
      await this.commands.send(
        manager,
        { companyId: tenancy.companyId, connectionId: message.whatsapp_id, to: ticket.contact_number, isGroup: ticket.is_group },
        { type: 'reaction', targetId: message.wid, targetFromMe: message.from_me, emoji },
        { reference: { ticketId: ticket.id, messageId: message.id } },
      );
      await this.messages.setOwnReaction(manager, message.id, emoji);
      return (await this.events.messageChanged(manager, message.id, false)).message;
    });
  }

  private async visibleMessage(manager: EntityManager, tenancy: Tenancy, messageId: number) {
    const message = await this.messages.lockOfCompany(manager, tenancy.companyId, messageId);
    if (!message) throw new AppError('ERR_NOT_FOUND', 'Message not found');
    const ticket = await this.tickets.visibleRow(manager, tenancy, { id: message.ticket_id });
    return { message, ticket };
  }

  /**
   * A message the caller may edit or delete: one we sent, and the caller's own (sent by this user)
   * unless the caller edits any message (messages:editAny, docs/permissions.md).
   */
  private async ownMessage(manager: EntityManager, tenancy: Tenancy, messageId: number) {
    const found = await this.visibleMessage(manager, tenancy, messageId);
    if (!found.message.from_me) throw new AppError('ERR_NO_PERMISSION', 'Only own messages can be edited or deleted');
    if (found.message.user_id !== tenancy.userId && !can(tenancy, 'messages:editAny')) {
      throw new AppError('ERR_NO_PERMISSION', 'Only own messages can be edited or deleted');
    }
    if (found.message.is_deleted) throw new AppError('ERR_DELETE_WAPP_MSG', 'The message was deleted');
    return found;
  }
}

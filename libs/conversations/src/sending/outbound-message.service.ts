import type { AiAuthor, Message, SendContent } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConversationEvents } from '../common/conversation-events';
import { MessageRepository } from '../common/message.repository';
import { TicketRepository, type TicketRow } from '../common/ticket.repository';
import { TicketStatsRepository } from '../dashboard/ticket-stats.repository';
import { WhatsappCommands } from './whatsapp-commands';

/**
 * A text we send on a ticket: stored (ack 0, the clock) with the command that will carry it, both in
 * the caller's transaction. The WhatsApp id arrives later with whatsapp.message.sent.
 */
export interface OutgoingMedia {
  url: string;
  mimetype: string;
  fileName: string;
  /** An audio sent as a voice note (push to talk: ogg/opus, played inline on the phone). */
  ptt?: boolean;
}

/** The send command's media kind and the spec's Message.mediaType for a content type. */
export function mediaKindOf(mimetype: string): { kind: 'image' | 'audio' | 'video' | 'document'; mediaType: string } {
  const type = mimetype.split('/')[0];
  if (type === 'image' || type === 'audio' || type === 'video') return { kind: type, mediaType: type };
  return { kind: 'document', mediaType: 'application' };
}

@Injectable()
export class OutboundMessageService {
  constructor(
    private readonly commands: WhatsappCommands,
    private readonly events: ConversationEvents,
    private readonly messages: MessageRepository,
    private readonly tickets: TicketRepository,
    private readonly stats: TicketStatsRepository,
  ) {}

  async sendText(
    manager: EntityManager,
    ticket: TicketRow,
    body: string,
    quoted: { id: number; wid: string | null } | null = null,
    options: {
      media?: OutgoingMedia;
      isForwarded?: boolean;
      sentBy?: number | null;
      automatic?: boolean;
      aiAuthor?: AiAuthor;
      /** The message's id when it was reserved before (a partner API send answered on acceptance). */
      messageId?: number;
    } = {},
  ): Promise<Message> {
    // sentBy: the user who sends it (their own message: they may edit and delete it); none for the
    // service's own texts (ratings, expiry messages). `automatic`: sent in a user's name without them
    // writing it (the accept greeting), so not their reply to the customer.
    const { media, isForwarded = false, sentBy = null, automatic = false, aiAuthor = null, messageId: reservedId } = options;
    const kind = media ? mediaKindOf(media.mimetype) : null;
    const commandId = await this.commands.send(
      manager,
      { companyId: ticket.company_id, connectionId: ticket.whatsapp_id, to: ticket.contact_number, isGroup: ticket.is_group },
      media && kind
        ? {
            type: 'media',
            mediaType: kind.kind,
            mediaUrl: media.url,
            mimetype: media.mimetype,
            fileName: media.fileName,
            caption: body,
            ptt: media.ptt ?? false,
          }
        : { type: 'text', body },
      { quotedId: quoted?.wid ?? null, isForwarded, reference: { ticketId: ticket.id } },
    );
    return this.record(manager, ticket, commandId, body, { media, kind, quoted, isForwarded, sentBy, automatic, aiAuthor, reservedId });
  }

  /**
   * An approved template of the ticket's Cloud API number (what Meta delivers after the 24-hour
   * window has closed); `shownBody` is its text as the chat shows it, the variables filled in.
   */
  async sendTemplate(
    manager: EntityManager,
    ticket: TicketRow,
    template: Extract<SendContent, { type: 'template' }>,
    shownBody: string,
    sentBy: number,
  ): Promise<Message> {
    const commandId = await this.commands.send(
      manager,
      { companyId: ticket.company_id, connectionId: ticket.whatsapp_id, to: ticket.contact_number, isGroup: ticket.is_group },
      template,
      { reference: { ticketId: ticket.id } },
    );
    return this.record(manager, ticket, commandId, shownBody, { sentBy });
  }

  /** The message (ack 0) and the ticket's last message, in the send command's transaction. */
  private async record(
    manager: EntityManager,
    ticket: TicketRow,
    commandId: string,
    body: string,
    options: {
      media?: OutgoingMedia;
      kind?: ReturnType<typeof mediaKindOf> | null;
      quoted?: { id: number; wid: string | null } | null;
      isForwarded?: boolean;
      sentBy?: number | null;
      automatic?: boolean;
      aiAuthor?: AiAuthor | null;
      reservedId?: number;
    },
  ): Promise<Message> {
    const { media, kind, quoted, isForwarded = false, sentBy = null, automatic = false, aiAuthor = null, reservedId } = options;
    const messageId = await this.messages.insertOutgoing(manager, {
      companyId: ticket.company_id,
      ticketId: ticket.id,
      contactId: ticket.contact_id,
      connectionId: ticket.whatsapp_id,
      commandId,
      body,
      mediaType: kind?.mediaType ?? 'chat',
      mediaUrl: media?.url ?? null,
      fileName: media?.fileName ?? null,
      quotedMsgId: quoted?.id ?? null,
      isForwarded,
      queueId: ticket.queue_id,
      mediaMimetype: media?.mimetype ?? null,
      sentBy,
      aiAuthor,
      id: reservedId,
    });
    await this.tickets.recordOutbound(manager, ticket.id, (body.trim() || media?.fileName || kind?.mediaType || '').slice(0, 255));
    if (sentBy !== null && !automatic) await this.stats.replied(manager, ticket.id, sentBy);
    const { message } = await this.events.messageChanged(manager, messageId, true);
    await this.events.ticketChanged(manager, ticket.id);
    return message;
  }
}

import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { Message, MessageForwardBody } from '@app/contracts';
import { AppError, type Tenancy } from '@app/platform';
import { ConversationEvents } from '../common/conversation-events';
import { viewerOf } from '../common/viewer';
import { ContactRepository } from '../contacts/contact.repository';
import { CONVERSATIONS_DATA_SOURCE_TOKEN } from '../conversations-tokens';
import { ProjectionRepository } from '../projections/projection.repository';
import { TicketRepository } from '../tickets/ticket.repository';
import { TicketService } from '../tickets/ticket.service';
import { OutboundMessageService } from './outbound-message.service';

interface SourceMessage {
  id: number;
  ticket_id: number;
  whatsapp_id: number;
  body: string;
  media_type: string;
  media_url: string | null;
  media_mimetype: string | null;
  file_name: string | null;
  is_deleted: boolean;
}

/**
 * POST /message/forward: one message of a visible ticket to another contact of the company, on the
 * same connection, into that contact's open ticket (opened for the caller when there is none).
 */
@Injectable()
export class ForwardService {
  constructor(
    @Inject(CONVERSATIONS_DATA_SOURCE_TOKEN) private readonly dataSource: DataSource,
    private readonly tickets: TicketService,
    private readonly ticketRows: TicketRepository,
    private readonly contacts: ContactRepository,
    private readonly projections: ProjectionRepository,
    private readonly outbound: OutboundMessageService,
    private readonly events: ConversationEvents,
  ) {}

  async forward(tenancy: Tenancy, body: Required<MessageForwardBody>): Promise<Message> {
    return this.dataSource.transaction(async (manager) => {
      const rows: SourceMessage[] = await manager.query(
        `SELECT id, ticket_id, whatsapp_id, body, media_type, media_url, media_mimetype, file_name, is_deleted
         FROM conversations.messages WHERE id = $1 AND company_id = $2`,
        [body.messageId, tenancy.companyId],
      );
      const source = rows[0];
      if (!source || source.is_deleted) throw new AppError('ERR_NOT_FOUND', 'Message not found');
      await this.tickets.visibleRow(manager, tenancy, { id: source.ticket_id });
      const contact = await this.contacts.find(manager, tenancy.companyId, body.contactId);
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');

      const opened: { id: number; created: boolean }[] = await manager.query(
        `INSERT INTO conversations.tickets AS t (uuid, company_id, contact_id, whatsapp_id, status, user_id, is_group)
         VALUES ($1, $2, $3, $4, 'open', $5, $6)
         ON CONFLICT (company_id, contact_id, whatsapp_id) WHERE status <> 'closed' DO UPDATE SET updated_at = t.updated_at
         RETURNING t.id, (xmax = 0) AS created`,
        [randomUUID(), tenancy.companyId, contact.id, source.whatsapp_id, tenancy.userId, contact.is_group],
      );
      if (opened[0]!.created) await this.events.ticketChanged(manager, opened[0]!.id);
      const target = (await this.ticketRows.findRow(manager, tenancy.companyId, { id: opened[0]!.id }, true))!;

      const viewer = await viewerOf(manager, this.projections, tenancy);
      const text = body.signMessage && viewer.name && source.body.trim() ? `*${viewer.name}:*\n${source.body}` : source.body;
      const media =
        source.media_url && source.media_type !== 'chat'
          ? { url: source.media_url, mimetype: source.media_mimetype ?? 'application/octet-stream', fileName: source.file_name ?? 'arquivo' }
          : undefined;
      if (!media && !text.trim()) throw new AppError('ERR_VALIDATION', 'Nothing to forward');
      return this.outbound.sendText(manager, target, text, null, { media, isForwarded: true });
    });
  }
}

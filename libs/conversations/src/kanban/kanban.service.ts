import type { KanbanQuery, KanbanResponse, KanbanTicket } from '@app/contracts';
import { AppError, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { ConversationEvents } from '../common/conversation-events';
import { ProjectionRepository } from '../common/projection.repository';
import { viewerOf } from '../common/viewer';
import { TicketService } from '../tickets/ticket.service';
import { KanbanRepository } from './kanban.repository';

const tagNotFound = () => new AppError('ERR_NOT_FOUND', 'Tag not found');

/**
 * The kanban board (spec 2, plan flag useKanban): lanes of the live tickets the caller may see, and
 * the moves between them. A move changes only the ticket's kanban tag; its ordinary tags stay. A
 * ticket another company's answers 404, one the caller may not see 403 (decision 0021).
 */
@Injectable()
export class KanbanService {
  constructor(
    private readonly kanban: KanbanRepository,
    private readonly projections: ProjectionRepository,
    private readonly tickets: TicketService,
    private readonly events: ConversationEvents,
  ) {}

  async lane(tenancy: Tenancy, query: KanbanQuery): Promise<KanbanResponse> {
    const tagId = query.tagId ?? null;
    if (tagId !== null && (await this.kanban.tagOfCompany(null, tenancy.companyId, tagId))?.kanban !== 1) throw tagNotFound();
    const viewer = await viewerOf(null, this.projections, tenancy);
    const cursor = query.nextUpdatedAt && query.nextTicketId ? { updatedAt: query.nextUpdatedAt, id: query.nextTicketId } : null;
    const page = await this.kanban.lane(viewer, { tagId, queueIds: query.queueIds, cursor });
    const last = page.hasMore ? page.tickets[page.tickets.length - 1] : undefined;
    return { ...page, nextUpdatedAt: last?.updatedAt ?? null, nextTicketId: last?.id ?? null };
  }

  /** PUT /ticket-tags/:ticketId/:tagId: a kanban tag moves the card to its lane; an ordinary tag is added. */
  async putTag(tenancy: Tenancy, ticketId: number, tagId: number): Promise<KanbanTicket> {
    return this.kanban.transaction(async (manager) => {
      const ticket = await this.tickets.visibleRow(manager, tenancy, { id: ticketId }, true);
      const tag = await this.kanban.tagOfCompany(manager, tenancy.companyId, tagId);
      if (!tag) throw tagNotFound();
      await this.kanban.putTag(manager, ticket.id, tagId, tag.kanban === 1);
      await this.events.ticketTagged(manager, ticket.id);
      return this.kanban.card(manager, ticket.id);
    });
  }

  /** DELETE /ticket-tags/:ticketId: the card goes back to 'Em aberto' (its kanban tags off, ordinary tags kept). */
  async removeKanbanTags(tenancy: Tenancy, ticketId: number): Promise<KanbanTicket> {
    return this.kanban.transaction(async (manager) => {
      const ticket = await this.tickets.visibleRow(manager, tenancy, { id: ticketId }, true);
      await this.kanban.removeKanbanTags(manager, ticket.id);
      await this.events.ticketTagged(manager, ticket.id);
      return this.kanban.card(manager, ticket.id);
    });
  }
}

import { can, type Tag, type TagCreateBody, type TagSyncBody, type Ticket } from '@app/contracts';
import { AppError, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { ConversationEvents } from '../common/conversation-events';
import { TicketService } from '../tickets/ticket.service';
import { mapTag, TagRepository } from './tag.repository';

@Injectable()
export class TagService {
  constructor(
    private readonly tags: TagRepository,
    private readonly tickets: TicketService,
    private readonly events: ConversationEvents,
  ) {}

  async list(tenancy: Tenancy): Promise<Tag[]> {
    return (await this.tags.list(tenancy.companyId)).map(mapTag);
  }

  /** The kanban flag is for admins and supervisors (tag:editKanban); others create plain tags. */
  async create(tenancy: Tenancy, body: Required<Pick<TagCreateBody, 'name'>> & TagCreateBody): Promise<Tag> {
    // The body is parsed (kanban coerced to a number); its type is the schema's input.
    const kanban = can(tenancy, 'tag:editKanban') ? ((body.kanban ?? 0) as number) : 0;
    const row = await this.tags.insert(tenancy.companyId, {
      name: body.name,
      color: body.color ?? '#A4CCCC',
      kanban,
      userId: tenancy.userId,
    });
    if (!row) {
      throw new AppError('ERR_VALIDATION', 'A tag with this name exists', { fields: [{ path: 'name', message: 'Tag já existe' }] });
    }
    return mapTag(row);
  }

  /** The ticket's tags become exactly the given ones (tags of the same company only). */
  async sync(tenancy: Tenancy, body: TagSyncBody): Promise<Ticket> {
    return this.tags.transaction(async (manager) => {
      const ticket = await this.tickets.visibleRow(manager, tenancy, { id: body.ticketId }, true);
      const ids = [...new Set(body.tags.map((tag) => tag.id))];
      if ((await this.tags.countOfCompany(manager, tenancy.companyId, ids)) !== ids.length)
        throw new AppError('ERR_NOT_FOUND', 'Tag not found');
      await this.tags.setTicketTags(manager, ticket.id, ids);
      return this.events.ticketChanged(manager, ticket.id);
    });
  }
}

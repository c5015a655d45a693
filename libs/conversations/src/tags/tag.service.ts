import {
  can,
  CONVERSATIONS_MESSAGES,
  type Tag,
  type TagCreateBody,
  tagDeleted,
  type TagDetail,
  type TagPageResponse,
  tagSaved,
  type TagSyncBody,
  type TagUpdateBody,
  type Ticket,
} from '@app/contracts';
import { AppError, OutboxWriter, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ConversationEvents } from '../common/conversation-events';
import { TicketService } from '../tickets/ticket.service';
import { isTagNameTaken, mapTag, mapTagDetail, TagRepository, type TagRow } from './tag.repository';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Tag not found');
const nameTaken = () =>
  new AppError('ERR_VALIDATION', 'A tag with this name exists', { fields: [{ path: 'name', message: CONVERSATIONS_MESSAGES.tagExists }] });

/**
 * Tags of a company: every user reads, adds, edits and deletes them; the kanban flag (a lane on the
 * board) is kept only from admins and supervisors (tag:editKanban), others' value is ignored.
 */
@Injectable()
export class TagService {
  constructor(
    private readonly tags: TagRepository,
    private readonly tickets: TicketService,
    private readonly events: ConversationEvents,
    private readonly outbox: OutboxWriter,
  ) {}

  async list(tenancy: Tenancy): Promise<Tag[]> {
    return (await this.tags.list(tenancy.companyId)).map(mapTag);
  }

  async page(tenancy: Tenancy, searchParam: string, pageNumber: number): Promise<TagPageResponse> {
    const page = await this.tags.page(tenancy.companyId, searchParam, pageNumber);
    return { tags: page.tags.map(mapTagDetail), hasMore: page.hasMore };
  }

  async kanban(tenancy: Tenancy): Promise<{ lista: Tag[] }> {
    return { lista: (await this.tags.kanban(tenancy.companyId)).map(mapTag) };
  }

  async get(tenancy: Tenancy, id: number): Promise<TagDetail> {
    const row = await this.tags.find(tenancy.companyId, id);
    if (!row) throw notFound();
    return mapTagDetail(row);
  }

  async create(tenancy: Tenancy, body: TagCreateBody): Promise<Tag> {
    // The body is parsed (kanban coerced to a number); its type is the schema's input.
    const kanban = can(tenancy, 'tag:editKanban') ? ((body.kanban ?? 0) as number) : 0;
    try {
      return await this.tags.transaction(async (manager) => {
        const row = await this.tags.insert(manager, tenancy.companyId, {
          name: body.name,
          color: body.color ?? '#A4CCCC',
          kanban,
          userId: tenancy.userId,
        });
        return this.announce(manager, row, true);
      });
    } catch (error) {
      throw isTagNameTaken(error) ? nameTaken() : error;
    }
  }

  async update(tenancy: Tenancy, id: number, body: TagUpdateBody): Promise<Tag> {
    try {
      return await this.tags.transaction(async (manager) => {
        const current = await this.tags.lock(manager, tenancy.companyId, id);
        if (!current) throw notFound();
        const kanban = body.kanban !== undefined && can(tenancy, 'tag:editKanban') ? (body.kanban as number) : current.kanban;
        const row = await this.tags.update(manager, id, {
          name: body.name ?? current.name,
          color: body.color ?? current.color,
          kanban,
        });
        return this.announce(manager, row, false);
      });
    } catch (error) {
      throw isTagNameTaken(error) ? nameTaken() : error;
    }
  }

  /** The tag goes, and with it from every ticket that carried it (their kanban card goes back to 'Em aberto'). */
  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    await this.tags.transaction(async (manager) => {
      if (!(await this.tags.delete(manager, tenancy.companyId, id))) throw notFound();
      await this.outbox.add(manager, { definition: tagDeleted, companyId: tenancy.companyId, key: `tag-${id}`, payload: { tagId: id } });
    });
    return { message: CONVERSATIONS_MESSAGES.tagDeleted };
  }

  /** The ticket's tags become exactly the given ones (tags of the same company only). */
  async sync(tenancy: Tenancy, body: TagSyncBody): Promise<Ticket> {
    return this.tags.transaction(async (manager) => {
      const ticket = await this.tickets.visibleRow(manager, tenancy, { id: body.ticketId }, true);
      const ids = [...new Set(body.tags.map((tag) => tag.id))];
      if ((await this.tags.countOfCompany(manager, tenancy.companyId, ids)) !== ids.length) throw notFound();
      await this.tags.setTicketTags(manager, ticket.id, ids);
      return this.events.ticketTagged(manager, ticket.id);
    });
  }

  private async announce(manager: EntityManager, row: TagRow, created: boolean): Promise<Tag> {
    const tag = mapTag(row);
    await this.outbox.add(manager, { definition: tagSaved, companyId: tag.companyId, key: `tag-${tag.id}`, payload: { tag, created } });
    return tag;
  }
}

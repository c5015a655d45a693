import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { can, type Tag, type TagCreateBody, type TagSyncBody, type Ticket } from '@app/contracts';
import { AppError, type Tenancy } from '@app/platform';
import { ConversationEvents } from '../common/conversation-events';
import { CONVERSATIONS_DATA_SOURCE_TOKEN } from '../conversations-tokens';
import { TicketService } from '../tickets/ticket.service';

interface TagRow {
  id: number;
  name: string;
  color: string;
  kanban: number;
  company_id: number;
}

const mapTag = (row: TagRow): Tag => ({ id: row.id, name: row.name, color: row.color, kanban: row.kanban, companyId: row.company_id });

@Injectable()
export class TagService {
  constructor(
    @Inject(CONVERSATIONS_DATA_SOURCE_TOKEN) private readonly dataSource: DataSource,
    private readonly tickets: TicketService,
    private readonly events: ConversationEvents,
  ) {}

  async list(tenancy: Tenancy): Promise<Tag[]> {
    const rows: TagRow[] = await this.dataSource.query(`SELECT * FROM conversations.tags WHERE company_id = $1 ORDER BY name`, [tenancy.companyId]);
    return rows.map(mapTag);
  }

  /** The kanban flag is for admins and supervisors (tag:editKanban); others create plain tags. */
  async create(tenancy: Tenancy, body: Required<Pick<TagCreateBody, 'name'>> & TagCreateBody): Promise<Tag> {
    const kanban = can(tenancy, 'tag:editKanban') ? (body.kanban ?? 0) : 0;
    const rows: TagRow[] = await this.dataSource.query(
      `INSERT INTO conversations.tags (company_id, name, color, kanban, user_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (company_id, name) DO NOTHING RETURNING *`,
      [tenancy.companyId, body.name, body.color ?? '#A4CCCC', kanban, tenancy.userId],
    );
    if (!rows[0]) {
      throw new AppError('ERR_VALIDATION', 'A tag with this name exists', { fields: [{ path: 'name', message: 'Tag já existe' }] });
    }
    return mapTag(rows[0]);
  }

  /** The ticket's tags become exactly the given ones (tags of the same company only). */
  async sync(tenancy: Tenancy, body: TagSyncBody): Promise<Ticket> {
    return this.dataSource.transaction(async (manager) => {
      const ticket = await this.tickets.visibleRow(manager, tenancy, { id: body.ticketId }, true);
      const ids = [...new Set(body.tags.map((tag) => tag.id))];
      const known: { id: number }[] = await manager.query(`SELECT id FROM conversations.tags WHERE company_id = $1 AND id = ANY($2::int[])`, [
        tenancy.companyId,
        ids,
      ]);
      if (known.length !== ids.length) throw new AppError('ERR_NOT_FOUND', 'Tag not found');
      await manager.query(`DELETE FROM conversations.ticket_tags WHERE ticket_id = $1`, [ticket.id]);
      await manager.query(
        `INSERT INTO conversations.ticket_tags (ticket_id, tag_id) SELECT $1, unnest($2::int[])`,
        [ticket.id, ids],
      );
      return this.events.ticketChanged(manager, ticket.id);
    });
  }
}

import { KANBAN_PAGE_SIZE, type KanbanTicket } from '@app/contracts';
import { prepared } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { type ScopedViewer } from '../common/ticket-visibility';
import { type SqlParam, sqlParams, ticketVisibleSql } from '../common/ticket-visibility.sql';

interface CardRow {
  id: number;
  uuid: string;
  status: KanbanTicket['status'];
  last_message: string;
  updated_at: Date;
  queue_id: number | null;
  user_id: number | null;
  contact_id: number;
  contact_name: string;
  contact_number: string | null;
  contact_pic: string;
  tags: KanbanTicket['tags'];
}

const mapCard = (row: CardRow): KanbanTicket => ({
  id: row.id,
  uuid: row.uuid,
  status: row.status,
  lastMessage: row.last_message,
  updatedAt: new Date(row.updated_at).toISOString(),
  queueId: row.queue_id,
  userId: row.user_id,
  contact: { id: row.contact_id, name: row.contact_name, number: row.contact_number, profilePicUrl: row.contact_pic },
  tags: row.tags,
});

/** The cards of these ticket ids (ordered by the caller), with contact and tags, in one statement. */
const CARD_SELECT = `
  SELECT t.id, t.uuid, t.status, t.last_message, t.updated_at, t.queue_id, t.user_id,
         c.id AS contact_id, c.name AS contact_name, c.number AS contact_number, c.profile_pic_url AS contact_pic,
         COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color, 'kanban', g.kanban) ORDER BY g.name)
                     FROM conversations.ticket_tags tt JOIN conversations.tags g ON g.id = tt.tag_id
                    WHERE tt.ticket_id = t.id), '[]') AS tags
  FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id`;

export interface KanbanLane {
  /** null: 'Em aberto', the live tickets without a kanban tag. */
  tagId: number | null;
  queueIds: number[];
  cursor: { updatedAt: string; id: number } | null;
}

/** The kanban board: lanes of live tickets by kanban tag, and the ticket tags a move changes. */
@Injectable()
export class KanbanRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * One page of a lane for the viewer, most recent first, one card past the page answering hasMore.
   * Open and pending tickets are walked apart, each down the (company, status, updated_at, id) index
   * from the cursor, and merged: a page reads about as many rows as it shows, at any depth.
   */
  async lane(viewer: ScopedViewer, lane: KanbanLane): Promise<{ tickets: KanbanTicket[]; hasMore: boolean }> {
    const { params, param } = sqlParams();
    const company = param(viewer.companyId);
    const limit = param(KANBAN_PAGE_SIZE + 1);
    const conditions = [ticketVisibleSql(viewer, 't', param), this.laneCondition(lane.tagId, param)];
    if (lane.queueIds.length > 0) conditions.push(`(t.queue_id = ANY(${param(lane.queueIds)}::int[]) OR t.queue_id IS NULL)`);
    if (lane.cursor)
      conditions.push(`(t.updated_at, t.id) < (${param(lane.cursor.updatedAt)}::timestamptz, ${param(lane.cursor.id)}::int)`);
    const walk = (status: string) =>
      `(SELECT t.id, t.updated_at FROM conversations.tickets t
         WHERE t.company_id = ${company}::int AND t.status = '${status}' AND ${conditions.join(' AND ')}
         ORDER BY t.updated_at DESC, t.id DESC LIMIT ${limit})`;
    // Prepared: planning the lane's statement costs more than running it (one text per kind of lane).
    const rows: CardRow[] = await this.dataSource.query(
      prepared(`WITH page AS (SELECT id, updated_at FROM (${walk('open')} UNION ALL ${walk('pending')}) walked
                     ORDER BY updated_at DESC, id DESC LIMIT ${limit})
       ${CARD_SELECT} JOIN page p ON p.id = t.id ORDER BY p.updated_at DESC, p.id DESC`),
      params,
    );
    return { tickets: rows.slice(0, KANBAN_PAGE_SIZE).map(mapCard), hasMore: rows.length > KANBAN_PAGE_SIZE };
  }

  private laneCondition(tagId: number | null, param: SqlParam): string {
    if (tagId === null) {
      return `NOT EXISTS (SELECT 1 FROM conversations.ticket_tags tt JOIN conversations.tags g ON g.id = tt.tag_id
                          WHERE tt.ticket_id = t.id AND g.kanban = 1)`;
    }
    return `EXISTS (SELECT 1 FROM conversations.ticket_tags tt WHERE tt.ticket_id = t.id AND tt.tag_id = ${param(tagId)}::int)`;
  }

  /** The card of one ticket as it now is. */
  async card(manager: EntityManager, ticketId: number): Promise<KanbanTicket> {
    const rows: CardRow[] = await manager.query(`${CARD_SELECT} WHERE t.id = $1`, [ticketId]);
    return mapCard(rows[0]!);
  }

  /** The company's tag: its kanban flag; null when the company has no such tag. */
  async tagOfCompany(manager: EntityManager | null, companyId: number, tagId: number): Promise<{ kanban: number } | null> {
    const rows: { kanban: number }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT kanban FROM conversations.tags WHERE id = $1 AND company_id = $2`,
      [tagId, companyId],
    );
    return rows[0] ?? null;
  }

  /** Puts the tag on the ticket; a kanban tag takes the place of the ticket's other kanban tags (its lane), ordinary tags stay. */
  async putTag(manager: EntityManager, ticketId: number, tagId: number, kanban: boolean): Promise<void> {
    if (kanban) await this.removeKanbanTags(manager, ticketId, tagId);
    await manager.query(`INSERT INTO conversations.ticket_tags (ticket_id, tag_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      ticketId,
      tagId,
    ]);
  }

  /** Takes the ticket's kanban tags off (but `except`): back to 'Em aberto'; ordinary tags stay. */
  async removeKanbanTags(manager: EntityManager, ticketId: number, except: number | null = null): Promise<void> {
    await manager.query(
      `DELETE FROM conversations.ticket_tags tt USING conversations.tags g
        WHERE tt.ticket_id = $1 AND g.id = tt.tag_id AND g.kanban = 1 AND tt.tag_id IS DISTINCT FROM $2::int`,
      [ticketId, except],
    );
  }
}

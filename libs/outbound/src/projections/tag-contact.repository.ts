import type { OwnedRecord } from '@app/contracts';
import { changedRows, type ReadThroughProjection, Tombstones } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

const deletedTags = new Tombstones('outbound.deleted_tags');

/**
 * What a tag campaign sends to, as conversations announces it: tags, and which tags each ticket
 * carries with its contact (a contact has a tag when one of its tickets does; contacts are
 * ContactRepository's).
 */
@Injectable()
export class TagContactRepository implements ReadThroughProjection<'tag'> {
  readonly kind = 'tag';

  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  /** A tag conversations created a moment ago, as it answered it (decision 0039); one deleted here stays deleted. */
  async fill(tag: OwnedRecord<'tag'>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await deletedTags.lock(manager, tag.id);
      if (await deletedTags.buried(manager, tag.id)) return false;
      await manager.query(`INSERT INTO outbound.tags (id, company_id, name) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, [
        tag.id,
        tag.companyId,
        tag.name,
      ]);
      return true;
    });
  }

  /** A tag saved; one deleted already (its deletion handled first) stays deleted. */
  async upsertTag(manager: EntityManager, tag: { id: number; companyId: number; name: string }): Promise<void> {
    await manager.query(
      `INSERT INTO outbound.tags (id, company_id, name)
       SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM outbound.deleted_tags WHERE id = $1)
       ON CONFLICT (id) DO UPDATE SET name = $3 WHERE outbound.tags.company_id = $2`,
      [tag.id, tag.companyId, tag.name],
    );
  }

  /** The tag goes, from every ticket too, and is remembered as deleted (conversations never uses its id again). */
  async deleteTag(manager: EntityManager, companyId: number, tagId: number): Promise<void> {
    await deletedTags.bury(manager, companyId, tagId);
    await manager.query(`DELETE FROM outbound.tags WHERE id = $1 AND company_id = $2`, [tagId, companyId]);
    await manager.query(
      `UPDATE outbound.ticket_tags SET tag_ids = array_remove(tag_ids, $1) WHERE company_id = $2 AND tag_ids @> ARRAY[$1::int]`,
      [tagId, companyId],
    );
  }

  /** A contact removed: the tickets of it are no longer a tag campaign's. */
  async deleteTicketsOf(manager: EntityManager, companyId: number, contactId: number): Promise<void> {
    await manager.query(`DELETE FROM outbound.ticket_tags WHERE contact_id = $1 AND company_id = $2`, [contactId, companyId]);
  }

  /**
   * The ticket's tags now; tags this service did not know yet are added by name. A tag whose deletion
   * was handled before this event (it came under another key) is left out.
   */
  async setTicket(
    manager: EntityManager,
    ticket: { id: number; companyId: number; contactId: number; tags: { id: number; name: string }[] },
  ): Promise<void> {
    const ids = ticket.tags.map((tag) => tag.id);
    await manager.query(
      `INSERT INTO outbound.tags (id, company_id, name)
       SELECT t.id, $1, t.name FROM unnest($2::int[], $3::text[]) AS t(id, name)
       WHERE NOT EXISTS (SELECT 1 FROM outbound.deleted_tags d WHERE d.id = t.id)
       ON CONFLICT (id) DO NOTHING`,
      [ticket.companyId, ids, ticket.tags.map((tag) => tag.name)],
    );
    await manager.query(
      `INSERT INTO outbound.ticket_tags (ticket_id, company_id, contact_id, tag_ids)
       VALUES ($1, $2, $3, ARRAY(SELECT t.id FROM unnest($4::int[]) WITH ORDINALITY AS t(id, position)
                                 WHERE NOT EXISTS (SELECT 1 FROM outbound.deleted_tags d WHERE d.id = t.id) ORDER BY t.position))
       ON CONFLICT (ticket_id) DO UPDATE SET contact_id = $3, tag_ids = excluded.tag_ids WHERE outbound.ticket_tags.company_id = $2`,
      [ticket.id, ticket.companyId, ticket.contactId, ids],
    );
  }

  async deleteTicket(manager: EntityManager, companyId: number, ticketId: number): Promise<boolean> {
    const rows = changedRows<unknown>(
      await manager.query(`DELETE FROM outbound.ticket_tags WHERE ticket_id = $1 AND company_id = $2 RETURNING 1`, [ticketId, companyId]),
    );
    return rows.length > 0;
  }
}

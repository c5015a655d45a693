import { contactSaved, type EventDefinition, tagSaved, ticketTagsChanged } from '@app/contracts';
import { type NewEvent, OutboxWriter } from '@app/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { type ContactRow, mapContact } from '../contacts/contact.repository';
import { mapTag, type TagRow } from '../tags/tag.repository';

/** Rows announced per statement: a million contacts are a thousand pages, never one array. */
const PAGE = 1_000;

/**
 * Outbound keeps the companies' tags, contacts and tickets' tags (what a tag campaign reaches, whom an
 * appointment is for) from conversations.tag.saved, .contact.saved and .ticket.tagsChanged
 * (docs/decisions/0038-announcing-existing-contacts-and-tags.md). Those that existed before it listened
 * need announcing once: the same events, with the same keys, as the live path writes, through the
 * outbox like any other event; tags first, then contacts, then the tag sets of tickets that carry any.
 * The migrations table makes it run once per database; later changes announce themselves.
 *
 * Each page first locks its rows (FOR SHARE, in id order) and then reads them in a second statement:
 * a change in flight on another replica either committed before the lock was granted (and the read,
 * with a snapshot taken after it, sees it; its own event is earlier in the outbox) or waits for this
 * commit (and its event follows the announcement under the same key). The tags stay locked until the
 * end, so a tag deleted meanwhile is deleted after every ticket announcing it.
 */
export class AnnounceExistingContactsAndTags1732500001850 implements MigrationInterface {
  name = 'AnnounceExistingContactsAndTags1732500001850';

  async up(runner: QueryRunner): Promise<void> {
    const outbox = new OutboxWriter('conversations');

    await this.pages(runner, `SELECT id FROM conversations.tags WHERE id > $1 ORDER BY id LIMIT $2 FOR SHARE`, async (ids) => {
      const rows: TagRow[] = await runner.query(`SELECT * FROM conversations.tags WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
      await outbox.addAll(
        runner.manager,
        rows.map((row): NewEvent<EventDefinition> => {
          const tag = mapTag(row);
          return { definition: tagSaved, companyId: tag.companyId, key: `tag-${tag.id}`, payload: { tag, created: false } };
        }),
      );
    });

    await this.pages(runner, `SELECT id FROM conversations.contacts WHERE id > $1 ORDER BY id LIMIT $2 FOR SHARE`, async (ids) => {
      const rows: ContactRow[] = await runner.query(
        `SELECT c.*, (SELECT max(t.updated_at) FROM conversations.tickets t WHERE t.contact_id = c.id) AS last_interaction_at
         FROM conversations.contacts c WHERE c.id = ANY($1::int[]) ORDER BY c.id`,
        [ids],
      );
      await outbox.addAll(
        runner.manager,
        rows.map((row): NewEvent<EventDefinition> => {
          const contact = mapContact(row);
          return {
            definition: contactSaved,
            companyId: contact.companyId,
            key: `contact-${contact.id}`,
            payload: { contact, created: false },
          };
        }),
      );
    });

    await this.pages(
      runner,
      `SELECT t.id FROM conversations.tickets t
       WHERE t.id > $1 AND EXISTS (SELECT 1 FROM conversations.ticket_tags tt WHERE tt.ticket_id = t.id)
       ORDER BY t.id LIMIT $2 FOR SHARE OF t`,
      async (ids) => {
        const rows: { id: number; company_id: number; contact_id: number; tags: { id: number; name: string }[] }[] = await runner.query(
          `SELECT t.id, t.company_id, t.contact_id,
                  COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name)
                            FROM conversations.ticket_tags tt JOIN conversations.tags g ON g.id = tt.tag_id
                            WHERE tt.ticket_id = t.id), '[]'::json) AS tags
           FROM conversations.tickets t WHERE t.id = ANY($1::int[]) ORDER BY t.id`,
          [ids],
        );
        // Keyed by the ticket's id, as ConversationEvents.ticketTagged keys it.
        await outbox.addAll(
          runner.manager,
          rows.map((row): NewEvent<EventDefinition> => ({
            definition: ticketTagsChanged,
            companyId: row.company_id,
            key: row.id,
            payload: { ticketId: row.id, contactId: row.contact_id, tags: row.tags },
          })),
        );
      },
    );
  }

  /** Locks the next page of ids (`lock` takes the last id and the page size), hands it over, and goes on until none is left. */
  private async pages(runner: QueryRunner, lock: string, announce: (ids: number[]) => Promise<void>): Promise<void> {
    let after = 0;
    for (;;) {
      const page: { id: number }[] = await runner.query(lock, [after, PAGE]);
      if (page.length === 0) return;
      await announce(page.map((row) => row.id));
      after = page[page.length - 1]!.id;
    }
  }

  async down(): Promise<void> {
    // The announcements were published; nothing to undo.
  }
}

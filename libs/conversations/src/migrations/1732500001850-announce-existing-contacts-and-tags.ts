import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An instant as JSON carried it (Date.prototype.toISOString: UTC, milliseconds, 'Z'). */
const iso = (instant: string) => `to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The outbox rows as OutboxWriter wrote them when this migration was written, frozen here: the
 * envelope `{ id, type, version, companyId, key, occurredAt, payload }`, one row per event of
 * `events` (a query yielding `company_id`, `key` and `payload`, in the order given by `ord`), and the
 * relay's wake-up on commit.
 */
const outboxInsert = (schema: string, topic: string, type: string, events: string) => `
  WITH events AS (SELECT gen_random_uuid() AS event_id, e.* FROM (${events}) e),
  added AS (
    INSERT INTO ${schema}.outbox (event_id, topic, key, type, envelope)
    SELECT event_id, '${topic}', key, '${type}',
           json_build_object('id', event_id, 'type', '${type}', 'version', 1, 'companyId', company_id, 'key', key,
                             'occurredAt', ${iso('statement_timestamp()')}, 'payload', payload)
      FROM events ORDER BY ord
    RETURNING 1
  ) SELECT pg_notify('outbox_${schema}', '') FROM (SELECT 1 FROM added LIMIT 1) AS one`;

/** conversations.tag.saved's payload `{ tag, created: false }` for the tags whose ids are $1. */
const TAG_ANNOUNCEMENTS = `
  SELECT g.id AS ord, g.company_id, 'tag-' || g.id AS key,
         json_build_object('tag', json_build_object('id', g.id, 'name', g.name, 'color', g.color, 'kanban', g.kanban, 'companyId', g.company_id),
                           'created', false) AS payload
    FROM conversations.tags g WHERE g.id = ANY($1::int[])`;

/**
 * conversations.contact.saved's payload `{ contact, created: false }` for the contacts whose ids are $1:
 * the contact as the API showed it then, its last interaction the last update of its tickets, each
 * extra info entry with its id (when it has one), name and value.
 */
const CONTACT_ANNOUNCEMENTS = `
  SELECT c.id AS ord, c.company_id, 'contact-' || c.id AS key,
         json_build_object('contact', json_build_object(
           'id', c.id, 'uuid', c.uuid, 'name', c.name, 'number', COALESCE(c.number, ''), 'email', c.email,
           'profilePicUrl', c.profile_pic_url, 'active', c.active, 'isGroup', c.is_group, 'whatsappId', c.whatsapp_id,
           'extraInfo', COALESCE((SELECT json_agg(CASE WHEN x.entry ? 'id'
                                                       THEN json_build_object('id', x.entry->'id', 'name', x.entry->'name', 'value', x.entry->'value')
                                                       ELSE json_build_object('name', x.entry->'name', 'value', x.entry->'value') END ORDER BY x.n)
                                    FROM jsonb_array_elements(c.extra_info) WITH ORDINALITY AS x(entry, n)), '[]'::json),
           'companyId', c.company_id,
           'lastInteractionAt', (SELECT ${iso('max(t.updated_at)')} FROM conversations.tickets t WHERE t.contact_id = c.id),
           'createdAt', ${iso('c.created_at')}, 'updatedAt', ${iso('c.updated_at')}
         ), 'created', false) AS payload
    FROM conversations.contacts c WHERE c.id = ANY($1::int[])`;

/**
 * conversations.ticket.tagsChanged's payload `{ ticketId, contactId, tags }` for the tickets whose ids
 * are $1, keyed by the ticket's id as ConversationEvents.ticketTagged keyed it.
 */
const TICKET_TAGS_ANNOUNCEMENTS = `
  SELECT t.id AS ord, t.company_id, t.id::text AS key,
         json_build_object('ticketId', t.id, 'contactId', t.contact_id,
           'tags', COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name)
                               FROM conversations.ticket_tags tt JOIN conversations.tags g ON g.id = tt.tag_id
                              WHERE tt.ticket_id = t.id), '[]'::json)) AS payload
    FROM conversations.tickets t WHERE t.id = ANY($1::int[])`;

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
    const announce = (type: string, events: string) => async (ids: number[]) => {
      await runner.query(outboxInsert('conversations', 'conversations.events', type, events), [ids]);
    };
    await this.pages(
      runner,
      `SELECT id FROM conversations.tags WHERE id > $1 ORDER BY id LIMIT $2 FOR SHARE`,
      announce('conversations.tag.saved', TAG_ANNOUNCEMENTS),
    );
    await this.pages(
      runner,
      `SELECT id FROM conversations.contacts WHERE id > $1 ORDER BY id LIMIT $2 FOR SHARE`,
      announce('conversations.contact.saved', CONTACT_ANNOUNCEMENTS),
    );
    await this.pages(
      runner,
      `SELECT t.id FROM conversations.tickets t
       WHERE t.id > $1 AND EXISTS (SELECT 1 FROM conversations.ticket_tags tt WHERE tt.ticket_id = t.id)
       ORDER BY t.id LIMIT $2 FOR SHARE OF t`,
      announce('conversations.ticket.tagsChanged', TICKET_TAGS_ANNOUNCEMENTS),
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

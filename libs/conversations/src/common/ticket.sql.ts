import { type TicketListQuery, TICKETS_PAGE_SIZE } from '@app/contracts';
import { likeContaining } from '@app/platform';

import { type ScopedViewer, seesAllTickets } from './ticket-visibility';
import { type SqlParam, ticketVisibleSql } from './ticket-visibility.sql';

// The statements of the ticket list (run by TicketRepository.list). A page is found by walking an
// index in the list's order (updatedAt, id, newest first) from the cursor and stopping at the page's
// end, whatever the depth: the walk never builds the rows it skips, and the joined view is built for
// the page's rows only.

export interface TicketListFilter extends TicketListQuery {
  /** Whether the caller may and asked to see every ticket of the Open tab (tickets-manager:showall). */
  showAllAllowed: boolean;
}

/** From this length the search looks inside messages through trigram indexes; shorter terms scan. */
export const TRIGRAM_SEARCH_MIN_LENGTH = 3;

/** How many tickets, in the list's order, a search checks one by one before it asks the trigram indexes instead. */
export const SEARCH_WALK = 300;

/** How long a search's walk answers alone before the trigram indexes are asked beside it. */
export const SEARCH_HEDGE_MS = 10;

/**
 * How many contacts, or messages, a search's trigram indexes may match before the search leaves them
 * for the list's walk and its whole-company candidates (a term that common is not rare).
 */
export const SEARCH_INDEX_CAP = 20_000;

/**
 * From this many matched contacts a search walks the list testing each ticket's contact in a hash of
 * them, built in the same statement from the contacts' index: sending 11,000 ids back as constants
 * cost their transfer, their binding and the planner weighing each one (a statistics lookup per id),
 * more than the walk itself. So many contacts hold a page's tickets within the first few hundredths
 * of the list, where the planner would walk too; fewer go as constants, and their tickets may be
 * fetched by the contact index when they are few and old.
 */
export const SEARCH_CONTACTS_WALKED = 1_000;

/** More queues than this in one list are filtered while walking one index instead of walked one by one. */
const MAX_QUEUE_WALKS = 30;

const ORDER = 't.updated_at DESC, t.id DESC';

/** Where a page starts: after the cursor (keyset), or after `offset` rows (pageNumber, older integrations). */
export interface PageStart {
  cursor: { updatedAt: string; id: number } | null;
  offset: number;
}

export function pageStart(filter: TicketListFilter): PageStart {
  if (filter.nextUpdatedAt !== undefined && filter.nextTicketId !== undefined) {
    return { cursor: { updatedAt: filter.nextUpdatedAt, id: filter.nextTicketId }, offset: 0 };
  }
  return { cursor: null, offset: (filter.pageNumber - 1) * TICKETS_PAGE_SIZE };
}

/** The predicates every row of the list meets, over the alias `t` (the company is $1). */
export function listConditions(viewer: ScopedViewer, filter: TicketListFilter, start: PageStart, param: SqlParam): string[] {
  const where = ['t.company_id = $1', ticketVisibleSql(viewer, 't', param)];
  if (filter.queueIds.length > 0) where.push(`(t.queue_id = ANY(${param(filter.queueIds)}::int[]) OR t.queue_id IS NULL)`);
  if (filter.status) {
    where.push(`t.status = ${param(filter.status)}`);
    // The Open tab shows a user's own tickets; others' open tickets need show-all.
    if (filter.status === 'open' && !filter.showAllAllowed && !filter.searchParam) where.push(`t.user_id = ${param(viewer.id)}::int`);
  }
  if (filter.date) where.push(`t.created_at >= ${param(filter.date)}::date AND t.created_at < ${param(filter.date)}::date + 1`);
  if (filter.updatedAt)
    where.push(`t.updated_at >= ${param(filter.updatedAt)}::date AND t.updated_at < ${param(filter.updatedAt)}::date + 1`);
  if (filter.withUnreadMessages) where.push('t.unread_messages > 0');
  if (filter.users.length > 0) where.push(`t.user_id = ANY(${param(filter.users)}::int[])`);
  if (filter.tags.length > 0) {
    where.push(
      `EXISTS (SELECT 1 FROM conversations.ticket_tags tt WHERE tt.ticket_id = t.id AND tt.tag_id = ANY(${param(filter.tags)}::int[]))`,
    );
  }
  if (start.cursor) {
    where.push(`(t.updated_at, t.id) < (${param(start.cursor.updatedAt)}::timestamptz, ${param(start.cursor.id)}::int)`);
  }
  return where;
}

/**
 * The list's rows split into parts that each follow one index in the list's order: one per queue the
 * caller may see and asked for, one for tickets without a queue, one for the caller's own tickets in
 * other queues. A queue holding few of many tickets is then walked over its own rows only, instead
 * of over every ticket of the company. One part (TRUE) when the list is not narrowed by queue.
 */
export function queueWalks(viewer: ScopedViewer, filter: TicketListFilter, param: SqlParam): string[] {
  const asked = filter.queueIds.length > 0 ? filter.queueIds : null;
  if (seesAllTickets(viewer)) {
    if (!asked || asked.length > MAX_QUEUE_WALKS) return ['TRUE'];
    return ['t.queue_id IS NULL', ...asked.map((queueId) => `t.queue_id = ${param(queueId)}::int`)];
  }
  const queues = asked ? asked.filter((queueId) => viewer.queueIds.includes(queueId)) : viewer.queueIds;
  if (queues.length > MAX_QUEUE_WALKS) return ['TRUE'];
  const own = asked
    ? `t.user_id = ${param(viewer.id)}::int AND t.queue_id = ANY(${param(asked)}::int[])`
    : `t.user_id = ${param(viewer.id)}::int`;
  return ['t.queue_id IS NULL', ...queues.map((queueId) => `t.queue_id = ${param(queueId)}::int`), own];
}

/**
 * The ids (and order) of up to `limit` rows after `offset`, walking each part's index and merging
 * the parts (a ticket in two parts counts once): id, updated_at and contact_id, whichever way it
 * walks (a search checks each walked row by its contact). `from` joins the contact as `c` when the
 * conditions need it.
 */
export function walkSql(
  conditions: string[],
  walks: string[],
  limit: number,
  offset: number,
  param: SqlParam,
  from = 'conversations.tickets t',
): string {
  const where = conditions.join(' AND ');
  const [first, ...others] = walks;
  if (others.length === 0) {
    return `SELECT t.id, t.updated_at, t.contact_id FROM ${from} WHERE ${where} AND ${first}
            ORDER BY ${ORDER} LIMIT ${param(limit)} OFFSET ${param(offset)}`;
  }
  // A part needs no more rows than the page and the rows before it.
  const perPart = param(limit + offset);
  const parts = walks.map(
    (walk) => `(SELECT t.id, t.updated_at, t.contact_id FROM ${from} WHERE ${where} AND ${walk} ORDER BY ${ORDER} LIMIT ${perPart})`,
  );
  return `SELECT t.id, t.updated_at, t.contact_id FROM (${parts.join('\n UNION ')}) t ORDER BY ${ORDER} LIMIT ${param(limit)} OFFSET ${param(offset)}`;
}

const likeOf = (term: string, param: SqlParam) => param(likeContaining(term));

/**
 * What a search term matches in a walked ticket (alias `w`: id and contact_id): the contact's name or
 * number, a message's text, the ticket's number. Each is checked for the ticket alone, by its keys.
 */
export function searchMatch(term: string, param: SqlParam, w = 'w'): string {
  const like = likeOf(term, param);
  const byNumber = /^\d{1,9}$/.test(term) ? ` OR ${w}.id = ${param(Number(term))}::int` : '';
  // OFFSET 0 keeps each check per ticket: without it the planner may answer it from the trigram
  // indexes for the whole company first, which is the cost the walk is there to avoid.
  return `(EXISTS (SELECT 1 FROM conversations.contacts c WHERE c.id = ${w}.contact_id AND (lower(c.name) LIKE ${like} OR c.number LIKE ${like}) OFFSET 0)
           OR EXISTS (SELECT 1 FROM conversations.messages sm WHERE sm.ticket_id = ${w}.id AND lower(sm.body) LIKE ${like} OFFSET 0)${byNumber})`;
}

/** A term shorter than a trigram, over the alias `t` and its contact `c`: the ticket's own last message stands for its messages. */
export function shortSearchMatch(term: string, param: SqlParam): string {
  const like = likeOf(term, param);
  const byNumber = /^\d{1,9}$/.test(term) ? ` OR t.id = ${param(Number(term))}::int` : '';
  return `(lower(c.name) LIKE ${like} OR c.number LIKE ${like} OR lower(t.last_message) LIKE ${like}${byNumber})`;
}

/**
 * The word of a search term the message trigram index is asked for (the whole term is checked on the
 * rows it gives): a phrase of common words and a rare one ("pedido 4242") would otherwise read the
 * whole posting lists of its common words' trigrams. A word with a digit (an order, a number) is taken
 * to be the rarest, else the longest.
 */
export function indexedWord(term: string): string {
  const words = term.split(/\s+/).filter((word) => word.length >= TRIGRAM_SEARCH_MIN_LENGTH);
  if (words.length <= 1) return term;
  const rarity = (word: string) => (/\d/.test(word) ? 1_000 : 0) + word.length;
  return words.reduce((best, word) => (rarity(word) > rarity(best) ? word : best));
}

/**
 * The company's contacts whose name or number hold the term ($1 company, $2 the term's LIKE pattern,
 * $3 how many at most: past SEARCH_CONTACTS_WALKED they are left to the page's statement).
 */
export const MATCHED_CONTACTS_SQL = `SELECT sc.id FROM conversations.contacts sc
  WHERE sc.company_id = $1 AND (lower(sc.name) LIKE $2 OR sc.number LIKE $2) LIMIT $3`;

/**
 * The tickets of the company's messages whose text holds the term, one row per message ($1 company,
 * $2 the LIKE pattern of its indexed word, $3 the term, $4 how many at most).
 */
export const MATCHED_MESSAGES_SQL = `SELECT sm.ticket_id FROM conversations.messages sm
  WHERE sm.company_id = $1 AND lower(sm.body) LIKE $2 AND strpos(lower(sm.body), $3) > 0 LIMIT $4`;

/**
 * A search's page from what the trigram indexes matched: the tickets of those contacts, those
 * tickets, and the ticket of that number, each part meeting the list's conditions and walked in the
 * list's order (the ids go as constants, so the planner may walk the list and test each row against
 * them, or fetch their tickets and sort them, whichever is cheaper), merged, up to `limit` after `offset`.
 */
export function searchByIdsSql(
  conditions: string[],
  matched: { contactIds: number[] | 'many'; ticketIds: number[] },
  term: string,
  limit: number,
  offset: number,
  param: SqlParam,
): string | null {
  const where = conditions.join(' AND ');
  const perPart = param(limit + offset);
  const parts: string[] = [];
  if (matched.contactIds === 'many') {
    // IS TRUE keeps the IN from becoming a join: it stays a hashed subplan, run once, over the walk.
    const like = likeOf(term, param);
    parts.push(`(SELECT t.id, t.updated_at FROM conversations.tickets t WHERE ${where}
                   AND (t.contact_id IN (SELECT sc.id FROM conversations.contacts sc
                                          WHERE sc.company_id = $1 AND (lower(sc.name) LIKE ${like} OR sc.number LIKE ${like}))) IS TRUE
                  ORDER BY ${ORDER} LIMIT ${perPart})`);
  } else if (matched.contactIds.length > 0) {
    parts.push(`(SELECT t.id, t.updated_at FROM conversations.tickets t WHERE ${where} AND t.contact_id = ANY(${param(matched.contactIds)}::int[])
                  ORDER BY ${ORDER} LIMIT ${perPart})`);
  }
  if (matched.ticketIds.length > 0)
    parts.push(`(SELECT t.id, t.updated_at FROM conversations.tickets t WHERE ${where} AND t.id = ANY(${param(matched.ticketIds)}::int[])
                  ORDER BY ${ORDER} LIMIT ${perPart})`);
  if (/^\d{1,9}$/.test(term))
    parts.push(`(SELECT t.id, t.updated_at FROM conversations.tickets t WHERE ${where} AND t.id = ${param(Number(term))}::int)`);
  if (parts.length === 0) return null;
  return `SELECT t.id, t.updated_at FROM (${parts.join('\n UNION ')}) t ORDER BY ${ORDER} LIMIT ${param(limit)} OFFSET ${param(offset)}`;
}

/**
 * The same matches found through the trigram indexes, for a term few tickets hold (where walking the
 * list would check most of it): the tickets of the contacts whose name or number match, of the
 * messages whose text matches, and the ticket of that number, each part meeting the list's
 * conditions; merged, in the list's order, up to `limit` after `offset`. Each part starts from its
 * index and reaches its tickets by key, never by scanning the company's tickets.
 */
export function searchCandidatesSql(conditions: string[], term: string, limit: number, offset: number, param: SqlParam): string {
  const like = likeOf(term, param);
  const where = conditions.join(' AND ');
  const parts = [
    `SELECT t.id, t.updated_at, t.contact_id FROM conversations.contacts sc JOIN conversations.tickets t ON t.contact_id = sc.id
      WHERE sc.company_id = $1 AND (lower(sc.name) LIKE ${like} OR sc.number LIKE ${like}) AND ${where}`,
    `SELECT t.id, t.updated_at, t.contact_id FROM (
       SELECT DISTINCT sm.ticket_id FROM conversations.messages sm WHERE sm.company_id = $1 AND lower(sm.body) LIKE ${like}
     ) found JOIN conversations.tickets t ON t.id = found.ticket_id WHERE ${where}`,
  ];
  if (/^\d{1,9}$/.test(term))
    parts.push(
      `SELECT t.id, t.updated_at, t.contact_id FROM conversations.tickets t WHERE t.id = ${param(Number(term))}::int AND ${where}`,
    );
  return `SELECT t.id, t.updated_at, t.contact_id FROM (${parts.join('\n UNION ')}) t ORDER BY ${ORDER} LIMIT ${param(limit)} OFFSET ${param(offset)}`;
}

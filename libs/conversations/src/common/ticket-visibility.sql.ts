import type { ScopedViewer, Viewer } from './ticket-visibility';

/** Appends a value to a statement's parameters and answers its placeholder (`$n`). */
export type SqlParam = (value: unknown) => string;

/** A parameter list and its placeholder maker, for statements built in pieces. */
export function sqlParams(initial: unknown[] = []): { params: unknown[]; param: SqlParam } {
  const params = [...initial];
  return {
    params,
    param: (value) => {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

/**
 * THE visibility rule, written once in SQL over expressions for the viewer and the ticket: every
 * show-all role sees every ticket of the company; a user sees tickets of the own queues, tickets
 * assigned to the user, and tickets without a queue (not yet routed: anyone may pick them up, as in
 * the Whaticket family). Reads put the viewer in parameters and the ticket in columns
 * (`ticketVisibleSql`); the socket audience puts the ticket in parameters and the viewer in columns
 * (`ticketAudienceSql`). The company is the caller's to add (it is a column of the ticket).
 */
function visibilityRule(terms: {
  viewerId: string;
  profile: string;
  isSuper: string;
  queueIds: string;
  ticketQueueId: string;
  ticketUserId: string;
}): string {
  // A ticket without assignee compares NULL: false in a WHERE; a selected column wraps it (ticketVisibleColumnSql).
  return `(${terms.isSuper} OR ${terms.profile} IN ('admin', 'supervisor') OR ${terms.ticketQueueId} IS NULL
           OR ${terms.ticketQueueId} = ANY(${terms.queueIds}) OR ${terms.ticketUserId} = ${terms.viewerId})`;
}

/** Whether the ticket row under `alias` is one the viewer may see (company not included). */
export function ticketVisibleSql(viewer: Viewer, alias: string, param: SqlParam): string {
  return visibilityRule({
    viewerId: `${param(viewer.id)}::int`,
    profile: `${param(viewer.profile)}::text`,
    isSuper: `${param(viewer.super)}::boolean`,
    queueIds: `${param(viewer.queueIds)}::int[]`,
    ticketQueueId: `${alias}.queue_id`,
    ticketUserId: `${alias}.user_id`,
  });
}

/** The same as a selected boolean column: true or false, never NULL. */
export function ticketVisibleColumnSql(viewer: Viewer, alias: string, param: SqlParam): string {
  return `COALESCE(${ticketVisibleSql(viewer, alias, param)}, false)`;
}

/**
 * The ids of the tickets of the viewer's company that the viewer may see, as a subquery: every read
 * of tickets, messages and notes for a viewer filters through it (or through `ticketVisibleSql` on
 * its own ticket alias). `where` narrows it further over the alias `vt`.
 */
export function visibleTicketIdsSql(viewer: ScopedViewer, param: SqlParam, where = 'TRUE'): string {
  return `SELECT vt.id FROM conversations.tickets vt
          WHERE vt.company_id = ${param(viewer.companyId)}::int AND (${where}) AND ${ticketVisibleSql(viewer, 'vt', param)}`;
}

/**
 * Whether the quoted message (alias `quoted`) may travel with the message (alias `message`) to the
 * message's audience: it is of the same ticket, or no user who may see the message's ticket is denied
 * the quoted message's ticket. Events carry no quote from a ticket some of their audience may not see.
 */
export function quoteVisibleToAudienceSql(message = 'm', quoted = 'qm'): string {
  const seen = (ticket: string) =>
    visibilityRule({
      viewerId: 'au.id',
      profile: 'au.profile',
      isSuper: 'au.super',
      queueIds: 'au.queue_ids',
      ticketQueueId: `${ticket}.queue_id`,
      ticketUserId: `${ticket}.user_id`,
    });
  return `(${quoted}.ticket_id = ${message}.ticket_id OR NOT EXISTS (
            SELECT 1 FROM conversations.users au
            JOIN conversations.tickets amt ON amt.id = ${message}.ticket_id
            JOIN conversations.tickets aqt ON aqt.id = ${quoted}.ticket_id
            WHERE au.company_id = amt.company_id AND ${seen('amt')} AND NOT COALESCE(${seen('aqt')}, false)))`;
}

/**
 * The ids of the company's users who may see a ticket: the same rule, as one statement over the users
 * projection, with the company, the ticket's queue and its user as $1, $2 and $3 (run by
 * ProjectionRepository.ticketAudience).
 */
export function ticketAudienceSql(): string {
  const rule = visibilityRule({
    viewerId: 'id',
    profile: 'profile',
    isSuper: 'super',
    queueIds: 'queue_ids',
    ticketQueueId: '$2::int',
    ticketUserId: '$3::int',
  });
  return `SELECT id FROM conversations.users WHERE company_id = $1 AND ${rule} ORDER BY id`;
}

/**
 * The same audiences for several tickets in one statement: the tickets of a relation (`from`, aliased
 * `t`, with columns id, company_id, queue_id and user_id); answers each ticket's id with its viewers.
 */
export function ticketAudiencesSql(from: string): string {
  const rule = visibilityRule({
    viewerId: 'u.id',
    profile: 'u.profile',
    isSuper: 'u.super',
    queueIds: 'u.queue_ids',
    ticketQueueId: 't.queue_id',
    ticketUserId: 't.user_id',
  });
  return `SELECT t.id, COALESCE(array_agg(u.id ORDER BY u.id) FILTER (WHERE u.id IS NOT NULL), '{}') AS audience
            FROM ${from}
            LEFT JOIN conversations.users u ON u.company_id = t.company_id AND ${rule}
           GROUP BY t.id`;
}

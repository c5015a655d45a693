import type { AiAuthor } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import type { ChatbotMessage } from './protocols';

/** A reply of an integration waiting for its time. */
export interface IntegrationReplyRow {
  id: string;
  ticket_id: number;
  company_id: number;
  author: AiAuthor;
  message: ChatbotMessage;
  due_at: Date;
}

/** ai.integration_replies: an integration's later replies of a turn, kept until each is sent (or the bot loses the ticket). */
@Injectable()
export class IntegrationReplyRepository {
  /** Keeps the replies in order, the first `delayMs` from now and each next `delayMs` later; their ids and times, in order. */
  async queue(
    manager: EntityManager,
    reply: { ticketId: number; companyId: number; author: AiAuthor; messages: ChatbotMessage[] },
    delayMs: number,
  ): Promise<{ id: string; dueAt: Date }[]> {
    const rows: { id: string; due_at: Date }[] = await manager.query(
      `INSERT INTO ai.integration_replies (ticket_id, company_id, author, message, due_at)
       SELECT $1, $2, $3::jsonb, message, now() + make_interval(secs => $5::double precision * ordinality / 1000)
       FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS m(message, ordinality)
       ORDER BY ordinality
       RETURNING id, due_at`,
      [reply.ticketId, reply.companyId, JSON.stringify(reply.author), JSON.stringify(reply.messages), Math.max(0, delayMs)],
    );
    return rows.map((row) => ({ id: String(row.id), dueAt: new Date(row.due_at) })).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  /**
   * Takes (deletes) the ticket's pending replies up to this one, oldest first: what its job sends in the
   * same transaction. Empty when that reply was sent already (the job ran before) or dropped.
   */
  async takeThrough(manager: EntityManager, ticketId: number, id: string): Promise<IntegrationReplyRow[]> {
    const rows = changedRows<IntegrationReplyRow>(
      await manager.query(
        `DELETE FROM ai.integration_replies
         WHERE ticket_id = $1 AND id <= $2::bigint AND EXISTS (SELECT 1 FROM ai.integration_replies WHERE id = $2::bigint)
         RETURNING id, ticket_id, company_id, author, message, due_at`,
        [ticketId, id],
      ),
    );
    return rows.map((row) => ({ ...row, id: String(row.id) })).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  /** Forgets the ticket's pending replies (a staff reply, a handoff or a new turn took the ticket from them). */
  async drop(manager: EntityManager, ticketId: number): Promise<void> {
    await manager.query(`DELETE FROM ai.integration_replies WHERE ticket_id = $1`, [ticketId]);
  }
}

import { DEFAULT_QUEUE_SCHEDULES, type Queue, type QueueCreateValues, type QueueSchedule, type QueueUpdateValues } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface QueueRow {
  id: number;
  company_id: number;
  name: string;
  color: string;
  greeting_message: string;
  complation_message: string;
  out_of_hours_message: string;
  rating_message: string;
  order_queue: number | null;
  integration_id: number | null;
  agent_id: number | null;
  prompt_id: number | null;
  media_path: string | null;
  media_name: string | null;
  schedules: Queue['schedules'];
  created_at: Date;
  updated_at: Date;
}

export function mapQueue(row: QueueRow): Queue {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    greetingMessage: row.greeting_message,
    complationMessage: row.complation_message,
    outOfHoursMessage: row.out_of_hours_message,
    ratingMessage: row.rating_message,
    orderQueue: row.order_queue,
    integrationId: row.integration_id,
    agentId: row.agent_id,
    promptId: row.prompt_id,
    mediaPath: row.media_path,
    mediaName: row.media_name,
    schedules: row.schedules,
    companyId: row.company_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const COLUMNS: Record<keyof Omit<QueueUpdateValues, 'schedules'>, string> = {
  name: 'name',
  color: 'color',
  greetingMessage: 'greeting_message',
  complationMessage: 'complation_message',
  outOfHoursMessage: 'out_of_hours_message',
  ratingMessage: 'rating_message',
  orderQueue: 'order_queue',
  integrationId: 'integration_id',
  agentId: 'agent_id',
  promptId: 'prompt_id',
};

/** A queue as routing a customer by the menu needs it. */
export interface RoutableQueue {
  id: number;
  name: string;
  greeting_message: string;
  out_of_hours_message: string;
  schedules: QueueSchedule[];
}

/** Queues of the companies, with their texts, schedules and media. */
@Injectable()
export class QueueRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async list(companyId: number): Promise<QueueRow[]> {
    return this.dataSource.query(`SELECT * FROM conversations.queues WHERE company_id = $1 ORDER BY order_queue NULLS LAST, name`, [
      companyId,
    ]);
  }

  async find(companyId: number, id: number): Promise<QueueRow | null> {
    const rows: QueueRow[] = await this.dataSource.query(`SELECT * FROM conversations.queues WHERE id = $1 AND company_id = $2`, [
      id,
      companyId,
    ]);
    return rows[0] ?? null;
  }

  /** Whether the company has this queue. */
  async exists(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM conversations.queues WHERE id = $1 AND company_id = $2`, [id, companyId]);
    return rows.length > 0;
  }

  /** The queue's rating message ('' without a queue). */
  async ratingMessage(manager: EntityManager, id: number | null): Promise<string> {
    const queue: { rating_message: string }[] = id
      ? await manager.query(`SELECT rating_message FROM conversations.queues WHERE id = $1`, [id])
      : [];
    return queue[0]?.rating_message ?? '';
  }

  /** The company's queues among these ids, in menu order. */
  async routable(manager: EntityManager, companyId: number, ids: number[]): Promise<RoutableQueue[]> {
    return manager.query(
      `SELECT id, name, greeting_message, out_of_hours_message, schedules FROM conversations.queues
       WHERE company_id = $1 AND id = ANY($2::int[]) ORDER BY order_queue NULLS LAST, name`,
      [companyId, ids],
    );
  }

  /** One creation at a time per company (a transaction lock), so two concurrent creations cannot both pass the plan's limit. */
  async lockCreation(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('queues'), $1)`, [companyId]);
  }

  async count(manager: EntityManager, companyId: number): Promise<number> {
    const [{ count }] = (await manager.query(`SELECT count(*)::int AS count FROM conversations.queues WHERE company_id = $1`, [
      companyId,
    ])) as {
      count: number;
    }[];
    return count;
  }

  async insert(manager: EntityManager, companyId: number, body: QueueCreateValues): Promise<QueueRow> {
    const rows: QueueRow[] = await manager.query(
      `INSERT INTO conversations.queues (company_id, name, color, greeting_message, complation_message, out_of_hours_message,
         rating_message, order_queue, integration_id, agent_id, prompt_id, schedules)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
      [
        companyId,
        body.name,
        body.color,
        body.greetingMessage ?? '',
        body.complationMessage ?? '',
        body.outOfHoursMessage ?? '',
        body.ratingMessage ?? '',
        body.orderQueue ?? null,
        body.integrationId ?? null,
        body.agentId ?? null,
        body.promptId ?? null,
        JSON.stringify(body.schedules ?? DEFAULT_QUEUE_SCHEDULES),
      ],
    );
    return rows[0]!;
  }

  /** Changes the fields given; null when the company has no such queue. */
  async update(manager: EntityManager, companyId: number, id: number, body: QueueUpdateValues): Promise<QueueRow | null> {
    const sets: string[] = [];
    const params: unknown[] = [id, companyId];
    for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
      if (body[field] === undefined) continue;
      params.push(body[field]);
      sets.push(`${column} = $${params.length}`);
    }
    if (body.schedules !== undefined) {
      params.push(JSON.stringify(body.schedules));
      sets.push(`schedules = $${params.length}`);
    }
    const rows = changedRows<QueueRow>(
      await manager.query(
        `UPDATE conversations.queues SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 AND company_id = $2 RETURNING *`,
        params,
      ),
    );
    return rows[0] ?? null;
  }

  /** The deleted queue's media path; undefined when the company has no such queue. */
  async delete(manager: EntityManager, companyId: number, id: number): Promise<{ mediaPath: string | null } | undefined> {
    const rows = changedRows<{ id: number; media_path: string | null }>(
      await manager.query(`DELETE FROM conversations.queues WHERE id = $1 AND company_id = $2 RETURNING id, media_path`, [id, companyId]),
    );
    return rows[0] ? { mediaPath: rows[0].media_path } : undefined;
  }

  /** The queue's media (null: none); null when the company has no such queue. */
  async setMedia(
    manager: EntityManager,
    companyId: number,
    id: number,
    mediaPath: string | null,
    mediaName: string | null,
  ): Promise<QueueRow | null> {
    const rows = changedRows<QueueRow>(
      await manager.query(
        `UPDATE conversations.queues SET media_path = $3, media_name = $4, updated_at = now() WHERE id = $1 AND company_id = $2 RETURNING *`,
        [id, companyId, mediaPath, mediaName],
      ),
    );
    return rows[0] ?? null;
  }
}

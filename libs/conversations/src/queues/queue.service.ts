import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import {
  CONVERSATIONS_MESSAGES,
  DEFAULT_QUEUE_SCHEDULES,
  MEDIA_UPLOAD_TYPES,
  queueDeleted,
  queueSaved,
  type Queue,
  type QueueCreateBody,
  type QueueUpdateBody,
} from '@app/contracts';
import { AppError, FILE_STORAGE, OutboxWriter, type FileStorage, type Tenancy } from '@app/platform';
import { changedRows } from '../common/sql';
import { CONVERSATIONS_DATA_SOURCE_TOKEN } from '../conversations-tokens';
import { storeOutgoingMedia, WHATSAPP_MEDIA_ROUTE, type UploadedMedia } from '../messages/media-upload';
import { ProjectionRepository } from '../projections/projection.repository';

interface QueueRow {
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

/** The database's uniqueness answers with the spec's codes. */
function uniquenessError(error: unknown): AppError | null {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code !== '23505') return null;
  if (constraint === 'queues_name_unique') return new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS', 'A queue with this name exists');
  if (constraint === 'queues_color_unique') return new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 'A queue with this colour exists');
  return null;
}

const COLUMNS: Record<keyof Omit<QueueUpdateBody, 'schedules'>, string> = {
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

/** Queues of a company: any user reads them, admins change them within the plan's queue limit. */
@Injectable()
export class QueueService {
  constructor(
    @Inject(CONVERSATIONS_DATA_SOURCE_TOKEN) private readonly dataSource: DataSource,
    private readonly projections: ProjectionRepository,
    private readonly outbox: OutboxWriter,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  private async announce(manager: EntityManager, queue: Queue, created: boolean): Promise<Queue> {
    await this.outbox.add(manager, { definition: queueSaved, companyId: queue.companyId, key: `queue-${queue.id}`, payload: { queue, created } });
    return queue;
  }

  async list(tenancy: Tenancy): Promise<Queue[]> {
    const rows: QueueRow[] = await this.dataSource.query(
      `SELECT * FROM conversations.queues WHERE company_id = $1 ORDER BY order_queue NULLS LAST, name`,
      [tenancy.companyId],
    );
    return rows.map(mapQueue);
  }

  async get(tenancy: Tenancy, id: number): Promise<Queue> {
    return mapQueue(await this.find(this.dataSource.manager, tenancy.companyId, id));
  }

  async create(tenancy: Tenancy, body: QueueCreateBody): Promise<Queue> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        // One creation at a time per company, so two concurrent creations cannot both pass the limit.
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext('queues'), $1)`, [tenancy.companyId]);
        const max = await this.projections.queueLimit(manager, tenancy.companyId);
        const [{ count }] = (await manager.query(`SELECT count(*)::int AS count FROM conversations.queues WHERE company_id = $1`, [
          tenancy.companyId,
        ])) as { count: number }[];
        if (max !== null && count >= max) {
          throw new AppError(
            'ERR_QUEUE_LIMIT_REACHED',
            CONVERSATIONS_MESSAGES.queueLimitReached.replace('{current}', String(count)).replace('{max}', String(max)),
            { current: count, max },
          );
        }
        const rows: QueueRow[] = await manager.query(
          `INSERT INTO conversations.queues (company_id, name, color, greeting_message, complation_message, out_of_hours_message,
             rating_message, order_queue, integration_id, agent_id, prompt_id, schedules)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
          [
            tenancy.companyId,
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
        return this.announce(manager, mapQueue(rows[0]!), true);
      });
    } catch (error) {
      throw uniquenessError(error) ?? error;
    }
  }

  async update(tenancy: Tenancy, id: number, body: QueueUpdateBody): Promise<Queue> {
    const sets: string[] = [];
    const params: unknown[] = [id, tenancy.companyId];
    for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
      if (body[field] === undefined) continue;
      params.push(body[field]);
      sets.push(`${column} = $${params.length}`);
    }
    if (body.schedules !== undefined) {
      params.push(JSON.stringify(body.schedules));
      sets.push(`schedules = $${params.length}`);
    }
    try {
      return await this.dataSource.transaction(async (manager) => {
        const rows = await changedRows<QueueRow>(
          manager,
          `UPDATE conversations.queues SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 AND company_id = $2 RETURNING *`,
          params,
        );
        if (!rows[0]) throw new AppError('ERR_NOT_FOUND', 'Queue not found');
        return this.announce(manager, mapQueue(rows[0]), false);
      });
    } catch (error) {
      throw uniquenessError(error) ?? error;
    }
  }

  async delete(tenancy: Tenancy, id: number): Promise<void> {
    const mediaPath = await this.dataSource.transaction(async (manager) => {
      const rows = await changedRows<{ id: number; media_path: string | null }>(
        manager,
        `DELETE FROM conversations.queues WHERE id = $1 AND company_id = $2 RETURNING id, media_path`,
        [id, tenancy.companyId],
      );
      if (!rows[0]) throw new AppError('ERR_NOT_FOUND', 'Queue not found');
      await this.outbox.add(manager, { definition: queueDeleted, companyId: tenancy.companyId, key: `queue-${id}`, payload: { queueId: id } });
      return rows[0].media_path;
    });
    await this.deleteMedia(mediaPath);
  }

  /**
   * POST /queue/:id/media-upload: the file (an accepted media type, spaces in its name made
   * underscores) becomes the queue's media; the previous file is removed once the queue points elsewhere.
   */
  async attachMedia(tenancy: Tenancy, id: number, file: UploadedMedia | undefined): Promise<Queue> {
    if (!file) throw new AppError('ERR_VALIDATION', 'file is required', { fields: [{ path: 'file', message: 'Required' }] });
    const type = file.mimetype.split(';')[0]!.trim().toLowerCase();
    if (!(MEDIA_UPLOAD_TYPES as readonly string[]).includes(type)) {
      throw new AppError('ERR_VALIDATION', `Files of type ${file.mimetype} are not accepted`, { fields: [{ path: 'file', message: 'tipo de arquivo não permitido' }] });
    }
    const previous = await this.find(this.dataSource.manager, tenancy.companyId, id);
    const media = await storeOutgoingMedia(this.storage, tenancy.companyId, file);
    let queue: Queue;
    try {
      queue = await this.setMedia(tenancy.companyId, id, media.url, media.fileName);
    } catch (error) {
      await this.deleteMedia(media.url);
      throw error;
    }
    await this.deleteMedia(previous.media_path);
    return queue;
  }

  /** DELETE /queue/:id/media-upload: the queue has no media any more. */
  async detachMedia(tenancy: Tenancy, id: number): Promise<Queue> {
    const previous = await this.find(this.dataSource.manager, tenancy.companyId, id);
    const queue = await this.setMedia(tenancy.companyId, id, null, null);
    await this.deleteMedia(previous.media_path);
    return queue;
  }

  private async setMedia(companyId: number, id: number, mediaPath: string | null, mediaName: string | null): Promise<Queue> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await changedRows<QueueRow>(
        manager,
        `UPDATE conversations.queues SET media_path = $3, media_name = $4, updated_at = now() WHERE id = $1 AND company_id = $2 RETURNING *`,
        [id, companyId, mediaPath, mediaName],
      );
      if (!rows[0]) throw new AppError('ERR_NOT_FOUND', 'Queue not found');
      return this.announce(manager, mapQueue(rows[0]), false);
    });
  }

  /** Removes a stored queue media file (its path is the whatsapp media route plus the storage key). */
  private async deleteMedia(mediaPath: string | null): Promise<void> {
    if (!mediaPath?.startsWith(WHATSAPP_MEDIA_ROUTE)) return;
    // The queue already points elsewhere: a file left behind is only wasted space.
    await this.storage.delete(mediaPath.slice(WHATSAPP_MEDIA_ROUTE.length)).catch(() => undefined);
  }

  private async find(manager: EntityManager, companyId: number, id: number): Promise<QueueRow> {
    const rows: QueueRow[] = await manager.query(`SELECT * FROM conversations.queues WHERE id = $1 AND company_id = $2`, [id, companyId]);
    if (!rows[0]) throw new AppError('ERR_NOT_FOUND', 'Queue not found');
    return rows[0];
  }
}

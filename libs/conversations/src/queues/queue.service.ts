import {
  CONVERSATIONS_MESSAGES,
  type Queue,
  type QueueCreateValues,
  queueDeleted,
  queueSaved,
  type QueueUpdateValues,
} from '@app/contracts';
import { AppError, companyMediaKey, FILE_STORAGE, type FileStorage, OutboxWriter, type Tenancy } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ProjectionRepository } from '../common/projection.repository';
import { mapQueue, QueueRepository, type QueueRow } from '../common/queue.repository';
import { storeOutgoingMedia, type UploadedMedia } from '../sending/media-upload';

/** The database's uniqueness answers with the spec's codes. */
function uniquenessError(error: unknown): AppError | null {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code !== '23505') return null;
  if (constraint === 'queues_name_unique') return new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS', 'A queue with this name exists');
  if (constraint === 'queues_color_unique') return new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 'A queue with this colour exists');
  return null;
}

const BINDINGS = ['integrationId', 'agentId', 'promptId'] as const;

/**
 * A queue is answered by at most one integration, AI agent or prompt (spec 3, queue binding): the one
 * chosen clears the others; naming two at once is refused.
 */
export function withOneBinding<T extends Partial<Record<(typeof BINDINGS)[number], number | null>>>(body: T): T {
  const chosen = BINDINGS.filter((field) => body[field] !== undefined && body[field] !== null);
  if (chosen.length > 1) {
    const message = 'Escolha uma integração, um agente ou um prompt para a fila, não mais de um';
    throw new AppError('ERR_VALIDATION', message, { fields: chosen.map((path) => ({ path, message })) });
  }
  if (chosen.length === 0) return body;
  return { ...body, ...Object.fromEntries(BINDINGS.map((field) => [field, field === chosen[0] ? body[field] : null])) };
}

/** Queues of a company: any user reads them, admins change them within the plan's queue limit. */
@Injectable()
export class QueueService {
  constructor(
    private readonly queues: QueueRepository,
    private readonly projections: ProjectionRepository,
    private readonly outbox: OutboxWriter,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  private async announce(manager: EntityManager, queue: Queue, created: boolean): Promise<Queue> {
    await this.outbox.add(manager, {
      definition: queueSaved,
      companyId: queue.companyId,
      key: `queue-${queue.id}`,
      payload: { queue, created },
    });
    return queue;
  }

  async list(tenancy: Tenancy): Promise<Queue[]> {
    return (await this.queues.list(tenancy.companyId)).map(mapQueue);
  }

  async get(tenancy: Tenancy, id: number): Promise<Queue> {
    return mapQueue(await this.find(tenancy.companyId, id));
  }

  async create(tenancy: Tenancy, values: QueueCreateValues): Promise<Queue> {
    const body = withOneBinding(values);
    try {
      return await this.queues.transaction(async (manager) => {
        await this.queues.lockCreation(manager, tenancy.companyId);
        const max = await this.projections.queueLimit(manager, tenancy.companyId);
        const count = await this.queues.count(manager, tenancy.companyId);
        if (max !== null && count >= max) {
          throw new AppError(
            'ERR_QUEUE_LIMIT_REACHED',
            CONVERSATIONS_MESSAGES.queueLimitReached.replace('{current}', String(count)).replace('{max}', String(max)),
            { current: count, max },
          );
        }
        return this.announce(manager, mapQueue(await this.queues.insert(manager, tenancy.companyId, body)), true);
      });
    } catch (error) {
      throw uniquenessError(error) ?? error;
    }
  }

  async update(tenancy: Tenancy, id: number, values: QueueUpdateValues): Promise<Queue> {
    const body = withOneBinding(values);
    try {
      return await this.queues.transaction(async (manager) => {
        const row = await this.queues.update(manager, tenancy.companyId, id, body);
        if (!row) throw new AppError('ERR_NOT_FOUND', 'Queue not found');
        return this.announce(manager, mapQueue(row), false);
      });
    } catch (error) {
      throw uniquenessError(error) ?? error;
    }
  }

  async delete(tenancy: Tenancy, id: number): Promise<void> {
    const mediaPath = await this.queues.transaction(async (manager) => {
      const deleted = await this.queues.delete(manager, tenancy.companyId, id);
      if (!deleted) throw new AppError('ERR_NOT_FOUND', 'Queue not found');
      await this.outbox.add(manager, {
        definition: queueDeleted,
        companyId: tenancy.companyId,
        key: `queue-${id}`,
        payload: { queueId: id },
      });
      return deleted.mediaPath;
    });
    await this.deleteMedia(tenancy.companyId, mediaPath);
  }

  /**
   * POST /queue/:id/media-upload: the file (an accepted media type, spaces in its name made
   * underscores) becomes the queue's media; the previous file is removed once the queue points elsewhere.
   */
  async attachMedia(tenancy: Tenancy, id: number, file: UploadedMedia | undefined): Promise<Queue> {
    if (!file) throw new AppError('ERR_VALIDATION', 'file is required', { fields: [{ path: 'file', message: 'Required' }] });
    const previous = await this.find(tenancy.companyId, id);
    // The type must be accepted and the bytes of that type (a "PDF" holding HTML is refused).
    const media = await storeOutgoingMedia(this.storage, tenancy.companyId, file, 'file');
    let queue: Queue;
    try {
      queue = await this.setMedia(tenancy.companyId, id, media.url, media.fileName);
    } catch (error) {
      await this.deleteMedia(tenancy.companyId, media.url);
      throw error;
    }
    await this.deleteMedia(tenancy.companyId, previous.media_path);
    return queue;
  }

  /** DELETE /queue/:id/media-upload: the queue has no media any more. */
  async detachMedia(tenancy: Tenancy, id: number): Promise<Queue> {
    const previous = await this.find(tenancy.companyId, id);
    const queue = await this.setMedia(tenancy.companyId, id, null, null);
    await this.deleteMedia(tenancy.companyId, previous.media_path);
    return queue;
  }

  private async setMedia(companyId: number, id: number, mediaPath: string | null, mediaName: string | null): Promise<Queue> {
    return this.queues.transaction(async (manager) => {
      const row = await this.queues.setMedia(manager, companyId, id, mediaPath, mediaName);
      if (!row) throw new AppError('ERR_NOT_FOUND', 'Queue not found');
      return this.announce(manager, mapQueue(row), false);
    });
  }

  /** Removes a stored queue media file (its path is the whatsapp media route plus the storage key). */
  private async deleteMedia(companyId: number, mediaPath: string | null): Promise<void> {
    const key = mediaPath ? companyMediaKey(mediaPath, companyId) : null;
    if (!key) return;
    // The queue already points elsewhere: a file left behind is only wasted space.
    await this.storage.delete(key).catch(() => undefined);
  }

  private async find(companyId: number, id: number): Promise<QueueRow> {
    const row = await this.queues.find(companyId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 'Queue not found');
    return row;
  }
}

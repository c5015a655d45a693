import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** identity.pending_announcements: re-announcements a migration asked for, each taken once. */
@Injectable()
export class PendingAnnouncementRepository {
  /** Takes the pending announcement in the caller's transaction; false when there is none (done before, or by another replica). */
  async take(manager: EntityManager, name: string): Promise<boolean> {
    const result: unknown = await manager.query(`DELETE FROM identity.pending_announcements WHERE name = $1 RETURNING name`, [name]);
    return changedRows(result).length === 1;
  }
}

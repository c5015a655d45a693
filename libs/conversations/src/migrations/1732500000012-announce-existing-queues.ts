import { queueSaved } from '@app/contracts';
import { OutboxWriter } from '@app/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { mapQueue } from '../queues/queue.repository';

/**
 * identity and whatsapp check queue ids against a projection fed by conversations.queue.saved/deleted
 * (docs/decisions/0019-queue-ids-checked-against-a-projection.md). Queues created before that need
 * announcing once: one queue.saved (created: false) per existing queue, through the outbox like any
 * other event. The migrations table makes it run once per database; queues created later announce
 * themselves.
 */
export class AnnounceExistingQueues1732500000012 implements MigrationInterface {
  name = 'AnnounceExistingQueues1732500000012';

  async up(runner: QueryRunner): Promise<void> {
    // FOR SHARE: a deletion in flight on another replica commits (and is then skipped here) or waits
    // for this commit, so its queue.deleted follows the queue.saved written here.
    const rows = await runner.query(`SELECT * FROM conversations.queues ORDER BY id FOR SHARE`);
    const outbox = new OutboxWriter('conversations');
    for (const row of rows) {
      const queue = mapQueue(row);
      await outbox.add(runner.manager, {
        definition: queueSaved,
        companyId: queue.companyId,
        key: `queue-${queue.id}`,
        payload: { queue, created: false },
      });
    }
  }

  async down(): Promise<void> {
    // The announcements were published; nothing to undo.
  }
}

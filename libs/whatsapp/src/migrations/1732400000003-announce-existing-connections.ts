import { OutboxWriter } from '@app/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { announceConnection } from '../connections/connection.service';
import { ConnectionEntity } from '../entities/connection.entity';

/**
 * identity checks a user's default connection against a projection fed by whatsapp.connection.updated
 * and .deleted (as queue ids, docs/decisions/0019). Connections created before that need announcing
 * once: one connection.updated per existing connection, through the outbox like any other event, its
 * secrets left out as always. The migrations table makes it run once per database.
 */
export class AnnounceExistingConnections1732400000003 implements MigrationInterface {
  name = 'AnnounceExistingConnections1732400000003';

  async up(runner: QueryRunner): Promise<void> {
    // FOR SHARE: a deletion in flight commits (and is skipped here) or waits for this commit, so its
    // connection.deleted follows the connection.updated written here.
    const ids: { id: number }[] = await runner.query(`SELECT id FROM whatsapp.connections ORDER BY id FOR SHARE`);
    const outbox = new OutboxWriter('whatsapp');
    const repository = runner.manager.getRepository(ConnectionEntity);
    for (const { id } of ids) {
      const row = await repository.findOneBy({ id });
      if (row) await announceConnection(outbox, runner.manager, row);
    }
  }

  async down(): Promise<void> {
    // The announcements were published; nothing to undo.
  }
}
